// Any path the spec does not list: say so and offer a way home.
import { Link } from '../components/Link';
import { PageShell } from '../components/PageShell';
import '../styles/content.css';

export function NotFoundScreen() {
  return (
    <PageShell>
      <section className="page page--center">
        <p className="page__eyebrow">404</p>
        <h1 className="page__title" tabIndex={-1}>
          Page not found
        </h1>
        <p className="page__lead">This page does not exist. Your challenge does, though.</p>
        <Link href="/" className="button button--primary">
          Go to the home page
        </Link>
      </section>
    </PageShell>
  );
}
