// Spec point 2 "Thank-you pages": the three texts, social links, footer; progress full.
import { useEffect, useState } from 'react';
import { Link } from '../components/Link';
import { PageShell } from '../components/PageShell';
import { ProgressBar } from '../components/ProgressBar';
import { SocialLinks } from '../components/SocialLinks';
import type { ThankYouType } from '../core';
import { useDeliveryStatus } from '../state/useDeliveryStatus';
import { useHydrated } from '../state/hydration';
import { goBackTo } from '../state/router';
import { rememberedReference } from '../state/storage';
import '../styles/thanks.css';

function Message({ type }: { type: ThankYouType }) {
  if (type === 'completed') {
    return (
      <>
        <h1 className="thanks__title" tabIndex={-1}>
          Thank You
        </h1>
        <p className="thanks__lead">Congratulations on Taking Step One</p>
      </>
    );
  }
  if (type === 'not-completed') {
    return (
      <h1 className="thanks__title thanks__title--long" tabIndex={-1}>
        Thanks for checking us out, maybe you'll take step one next time.
      </h1>
    );
  }
  return (
    <h1 className="thanks__title thanks__title--long" tabIndex={-1}>
      Got it. Be sure to keep up with our socials in case you change your mind!
    </h1>
  );
}

/**
 * The reference of the response this tab just completed (issue #22), for a deletion request;
 * none on a deep link, in another tab or after Not Interested (nothing is invented). It is per
 * visitor, so never in the prerendered HTML: it appears after hydration, below the page's
 * section (so it moves nothing above it, and is outside its live region: not announced).
 */
function Reference({ type }: { type: ThankYouType }) {
  const hydrated = useHydrated();
  const reference = hydrated && type !== 'not-interested' ? rememberedReference(type) : null;
  if (!reference) return null;
  return (
    <p className="thanks__reference">
      Your reference: <span className="thanks__reference-code">{reference}</span>
    </p>
  );
}

/** How long the status line stays empty after it enters the page (a few frames). */
const STATUS_FILL_DELAY_MS = 100;

/**
 * One quiet line under the spec's text (issue #21): whether the response this tab just sent is
 * still on its way or has arrived; nothing when it arrived before the page appeared, on a deep
 * link, or after Not Interested. A status region (polite): screen readers announce a change of
 * its text only once the region is in the page, so it comes in empty and is filled a few frames
 * later (in the same task, or even the next one, it would enter already filled and be missed).
 */
function DeliveryStatus({ type }: { type: ThankYouType }) {
  const status = useDeliveryStatus();
  const [inPage, setInPage] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setInPage(true), STATUS_FILL_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  const text =
    !inPage || type === 'not-interested' || status === null
      ? ''
      : status === 'sending'
        ? 'Your response is still being sent. Please keep this page open a moment.'
        : 'Your response has arrived.';
  return (
    <p className="thanks__status" role="status">
      {text}
    </p>
  );
}

export function ThankYouScreen({ type }: { type: ThankYouType }) {
  return (
    <PageShell footerSocials={false}>
      <ProgressBar value={1} />
      <section className={`thanks thanks--${type}`} aria-live="polite">
        <svg className="thanks__mark" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
          <circle cx="32" cy="32" r="24" />
        </svg>
        <Message type={type} />
        {type === 'not-interested' && (
          <div className="thanks__actions">
            <button type="button" className="button button--secondary" onClick={() => goBackTo('/')}>
              Go Back
            </button>
            <Link href="/about" className="button button--primary">
              About
            </Link>
          </div>
        )}
        <h2 className="thanks__follow">Follow Step Zero</h2>
        <SocialLinks />
      </section>
      <DeliveryStatus type={type} />
      <Reference type={type} />
    </PageShell>
  );
}
