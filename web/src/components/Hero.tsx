// The hero's content (spec point 2): heading, subheading, Continue, Not Interested, Privacy and
// Terms. HeroScreen shows it; FontRehearsal lays a copy out, unseen, so the hero's text is
// shaped and its fonts looked up before Back on question 1 asks for them.
import { Link } from './Link';

interface Props {
  /** The heading's id; a copy without it (FontRehearsal's) has no heading and no ids. */
  headingId?: string;
  onContinue?: () => void;
  onNotInterested?: () => void;
}

export function Hero({ headingId, onContinue, onNotInterested }: Props) {
  const Title = headingId ? 'h1' : 'p';
  return (
    <section className="hero" aria-labelledby={headingId}>
      <p className="hero__eyebrow">A movement for the uncomfortable</p>
      <Title id={headingId} className="hero__title" tabIndex={headingId ? -1 : undefined}>
        Step <span className="hero__accent">Zero</span>
      </Title>
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
  );
}
