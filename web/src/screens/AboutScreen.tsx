// Spec point 2 "About page": text, the three features, Back (to where the visitor came from),
// social links and a Privacy and Terms link.
import { BackButton } from '../components/BackButton';
import { Link } from '../components/Link';
import { PageShell } from '../components/PageShell';
import { SocialLinks } from '../components/SocialLinks';
import '../styles/content.css';

const FEATURES = [
  {
    title: 'Avoid Comfort',
    text: 'Comfort is where growth stalls. Every Step Zero challenge points at something you would normally sidestep: a conversation, a first attempt, a public moment.',
  },
  {
    title: 'Break Through',
    text: 'The hard part is the first second. Do it nervous, do it unsure, do it anyway. The fear shrinks once you are on the other side of it.',
  },
  {
    title: 'This is Step Zero',
    text: 'Before step one there is a decision. Step Zero is that decision: to stop waiting until you feel ready and start with the uncomfortable thing today.',
  },
];

export function AboutScreen() {
  return (
    <PageShell current="about" footerSocials={false}>
      <article className="page about">
        <BackButton />
        <h1 className="page__title" tabIndex={-1}>
          About Step Zero
        </h1>
        <p className="page__lead">
          Step Zero is a movement that pushes people to take on the challenges they would normally avoid, because the best version of
          yourself is waiting on the far side of discomfort.
        </p>
        <p>
          Someone handed you a challenge. Maybe you did it, maybe not yet. Either way, your answers help us understand what stops people and
          what gets them through, so the next challenge lands better for everyone.
        </p>
        <ul className="features">
          {FEATURES.map((feature, index) => (
            <li key={feature.title} className="feature">
              <span className="feature__number" aria-hidden="true">
                {`0${index + 1}`}
              </span>
              <h2 className="feature__title">{feature.title}</h2>
              <p>{feature.text}</p>
            </li>
          ))}
        </ul>
        <h2 className="page__subtitle">Follow the movement</h2>
        <SocialLinks />
        <p>
          <Link href="/privacy" className="legal-link">
            Privacy and Terms
          </Link>
        </p>
      </article>
    </PageShell>
  );
}
