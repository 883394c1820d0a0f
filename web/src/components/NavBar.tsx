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
            {/* Not a link and not a button: nothing to activate until Foundations exists. */}
            <span className="nav__link nav__link--inert" aria-disabled="true" title="Coming soon">
              Foundations
            </span>
          </li>
        </ul>
      </nav>
    </header>
  );
}
