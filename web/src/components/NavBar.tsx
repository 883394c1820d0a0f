// Spec point 2 "Navigation bar": Home, About, and Foundations (dimmed, does nothing).
import { Brand } from './Brand';
import { Link } from './Link';

export function NavBar({ current }: { current?: 'home' | 'about' }) {
  return (
    <header className="nav">
      <Link href="/" className="nav__brand" aria-label="Step Zero, home">
        <Brand />
      </Link>
      <nav aria-label="Main">
        <ul className="nav__list">
          <li>
            <Link href="/" className="nav__link" aria-current={current === 'home' ? 'page' : undefined}>
              Home
            </Link>
          </li>
          <li>
            <Link href="/about" className="nav__link" aria-current={current === 'about' ? 'page' : undefined}>
              About
            </Link>
          </li>
          <li>
            {/* A disabled link: announced as unavailable, not in the tab order, does nothing. */}
            <span className="nav__link nav__link--inert" role="link" aria-disabled="true" title="Coming soon">
              Foundations
            </span>
          </li>
        </ul>
      </nav>
    </header>
  );
}
