// Spec point 2 "Hero": nav, heading, subheading, Continue, Not Interested, Privacy and Terms.
import { Hero } from '../components/Hero';
import { PageShell } from '../components/PageShell';

export function HeroScreen({ onContinue, onNotInterested }: { onContinue: () => void; onNotInterested: () => void }) {
  return (
    <PageShell current="home" className="shell--hero">
      <Hero headingId="hero-title" onContinue={onContinue} onNotInterested={onNotInterested} />
    </PageShell>
  );
}
