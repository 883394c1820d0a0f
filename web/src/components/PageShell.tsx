// The frame of the non-survey pages: skip link, navigation, the page, footer.
// Each page is a new view in a single-page app, so focus starts at its heading (as on a real
// page load, screen readers then read from the top of the new content).
import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import { useHydrated } from '../state/hydration';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

interface Props {
  children: ReactNode;
  current?: 'home' | 'about';
  className?: string;
  footerSocials?: boolean;
}

export function PageShell({ children, current, className = '', footerSocials = true }: Props) {
  const main = useRef<HTMLElement>(null);
  const hydrating = !useHydrated();
  useEffect(() => {
    // A prerendered page is usable before it is hydrated: keep focus a visitor already moved.
    if (hydrating && document.activeElement && document.activeElement !== document.body) return;
    main.current?.querySelector<HTMLElement>('h1')?.focus({ preventScroll: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the page is shown
  }, []);
  // The skip link moves focus itself: changing the URL hash would switch privacy tabs.
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    main.current?.focus();
  };
  return (
    <div className={`shell ${className}`}>
      <a className="skip-link" href="#main" onClick={skip}>
        Skip to content
      </a>
      <NavBar current={current} />
      <main id="main" ref={main} className="shell__main" tabIndex={-1}>
        {children}
      </main>
      <Footer socials={footerSocials} />
    </div>
  );
}
