// The frame of the non-survey pages: skip link, navigation, the page, footer.
import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

export function PageShell({ children, current, className = '', footerSocials = true }: { children: ReactNode; current?: 'home' | 'about'; className?: string; footerSocials?: boolean }) {
  return (
    <div className={`shell ${className}`}>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <NavBar current={current} />
      <main id="main" className="shell__main" tabIndex={-1}>
        {children}
      </main>
      <Footer socials={footerSocials} />
    </div>
  );
}
