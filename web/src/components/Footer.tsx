// Spec points 1 and 2: copyright (year from the engine) and three social links, plus the
// Privacy and Terms link every page offers. Pages that already show the social links in their
// body (About, thank-you) leave them out here so they are not listed twice.
import { constants } from '../core';
import { useEngineStatus } from '../state/engineStatus';
import { Link } from './Link';
import { SocialLinks } from './SocialLinks';

export function Footer({ socials = true }: { socials?: boolean }) {
  // The hero renders before the engine is up: the line stays hidden until the year is known,
  // holding the width of four (tabular) digits so nothing moves.
  const ready = useEngineStatus() === 'ready';
  return (
    <footer className="footer">
      {socials && <SocialLinks />}
      <p className="footer__legal">
        <span className={ready ? 'footer__copyright' : 'footer__copyright footer__copyright--pending'}>
          © {ready ? constants().copyrightYear : '0000'} Step Zero. All rights reserved.
        </span>
        <Link href="/privacy" className="footer__link">
          Privacy and Terms
        </Link>
      </p>
    </footer>
  );
}
