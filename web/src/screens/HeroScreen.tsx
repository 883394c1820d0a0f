// Spec point 2 "Hero": nav, heading, subheading, Continue, Not Interested, Privacy and Terms.
import { Link } from '../components/Link';
import { PageShell } from '../components/PageShell';

export function HeroScreen({ onContinue, onNotInterested }: { onContinue: () => void; onNotInterested: () => void }) {
  return (
    <PageShell current="home" className="shell--hero">
      <section className="hero" aria-labelledby="hero-title">
        <p className="hero__eyebrow">A movement for the uncomfortable</p>
        <h1 id="hero-title" className="hero__title" tabIndex={-1}>
          Step <span className="hero__accent">Zero</span>
        </h1>
        <p className="hero__tagline">Become the best version of yourself.</p>
        <p className="hero__lead">
          You were handed a challenge you would normally avoid. Tell us how it went, whether you did it or not yet.
        </p>
        <div className="hero__actions">
          <button type="button" className="button button--primary button--large" onClick={onContinue}>
            Continue
          </button>
          <button type="button" className="button button--ghost button--large" onClick={onNotInterested}>
            Not Interested
          </button>
        </div>
        <p className="hero__legal">
          <Link href="/privacy" className="legal-link">
            Privacy and Terms
          </Link>
        </p>
      </section>
    </PageShell>
  );
}
