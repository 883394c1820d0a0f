// Spec point 2 "Cookie banner" and point 4 "Cookie consent": three choices stored under
// cookiesAccepted as true / necessary / false; hidden once a choice exists.
import { useEffect, useRef } from 'react';
import type { CookieChoice } from '../core';
import { Link } from './Link';

/** Keeps --cookie-banner-height on <html> at the room the sheet takes at the foot of the screen,
 *  so focus and scrolling into view stop above it (main.css: scroll-padding-bottom). */
function useBannerHeight() {
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    const banner = ref.current;
    if (!banner || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      const offset = parseFloat(getComputedStyle(banner).bottom) || 0; // the desktop card floats above the edge
      root.style.setProperty('--cookie-banner-height', `${Math.ceil(banner.offsetHeight + offset)}px`);
    });
    observer.observe(banner);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--cookie-banner-height');
    };
  }, []);
  return ref;
}

/** `prerendered`: in a page's static HTML, where CSS shows it only when no choice is stored. */
export function CookieBanner({ onChoose, prerendered = false }: { onChoose: (choice: CookieChoice) => void; prerendered?: boolean }) {
  const ref = useBannerHeight();
  return (
    <section
      ref={ref}
      className={prerendered ? 'cookie-banner cookie-banner--prerendered' : 'cookie-banner'}
      aria-labelledby="cookie-banner-title"
    >
      <div className="cookie-banner__text">
        <h2 id="cookie-banner-title" className="cookie-banner__title">
          Your privacy, your choice
        </h2>
        <p>
          We keep your survey progress and this choice in your browser's storage. We use no advertising or tracking cookies.{' '}
          <Link href="/privacy#cookies">
            Learn more<span className="visually-hidden"> about cookies</span>
          </Link>
        </p>
      </div>
      <div className="cookie-banner__actions">
        <button type="button" className="button button--primary" onClick={() => onChoose('true')}>
          Accept All
        </button>
        <button type="button" className="button button--secondary" onClick={() => onChoose('necessary')}>
          Necessary Only
        </button>
        <button type="button" className="button button--secondary" onClick={() => onChoose('false')}>
          Decline All
        </button>
      </div>
    </section>
  );
}
