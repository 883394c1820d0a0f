// Spec points 1 and 2: copyright (year from the engine) and three social links, plus the
// Privacy and Terms link every page offers.
import { constants } from '../core';
import { Link } from './Link';
import { SocialLinks } from './SocialLinks';

export function Footer() {
  return (
    <footer className="footer">
      <SocialLinks />
      <p className="footer__legal">
        <span>© {constants().copyrightYear} Step Zero. All rights reserved.</span>
        <Link href="/privacy" className="footer__link">
          Privacy and Terms
        </Link>
      </p>
    </footer>
  );
}
