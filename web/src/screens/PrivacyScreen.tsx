// Spec point 2 "Privacy, Terms and Cookies": three tabs (WAI-ARIA tabs pattern, the tab kept in
// the URL hash so the cookie banner's Learn more and the consent links open the right one).
import { useRef, type KeyboardEvent } from 'react';
import { BackButton } from '../components/BackButton';
import { PageShell } from '../components/PageShell';
import { constants } from '../core';
import { useEngineStatus } from '../state/engineStatus';
import { useHydrated } from '../state/hydration';
import { navigate } from '../state/router';
import { CookiesPolicy } from './policy/CookiesPolicy';
import { PrivacyPolicy } from './policy/PrivacyPolicy';
import { TermsOfService } from './policy/TermsOfService';
import '../styles/content.css';
import '../styles/privacy.css';

const TABS = [
  { id: 'privacy', label: 'Privacy Policy', Body: PrivacyPolicy },
  { id: 'terms', label: 'Terms of Service', Body: TermsOfService },
  { id: 'cookies', label: 'Cookies Policy', Body: CookiesPolicy },
] as const;

export function PrivacyScreen({ hash }: { hash: string }) {
  const engineReady = useEngineStatus() === 'ready'; // the effective date is the engine's
  // Prerendered with the first tab; until hydrated, CSS shows the hash's tab (privacy.css).
  const hydrated = useHydrated();
  const active = TABS.find((tab) => tab.id === hash) ?? TABS[0];
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const select = (id: string, focus = false) => {
    // Replace, not push: switching tabs is not a step the browser's Back should undo.
    navigate(`/privacy#${id}`, { replace: true });
    if (focus) refs.current[id]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const index = TABS.findIndex((tab) => tab.id === active.id);
    const moves: Record<string, number> = { ArrowRight: index + 1, ArrowLeft: index - 1, Home: 0, End: TABS.length - 1 };
    if (!(event.key in moves)) return;
    event.preventDefault();
    select(TABS[(moves[event.key] + TABS.length) % TABS.length].id, true);
  };
  const effectiveDate = engineReady ? constants().policyEffectiveDate : '';
  return (
    <PageShell>
      <article className={hydrated ? 'page policy' : 'page policy policy--prerendered'}>
        <BackButton />
        <h1 className="page__title" tabIndex={-1}>
          Privacy, Terms and Cookies
        </h1>
        <div className="tabs" role="tablist" aria-label="Policies" onKeyDown={onKeyDown}>
          {TABS.map((tab) => (
            <button
              key={tab.id}
              id={`tab-${tab.id}`}
              ref={(node) => {
                refs.current[tab.id] = node;
              }}
              type="button"
              role="tab"
              className="tabs__tab"
              aria-selected={tab.id === active.id}
              aria-controls={`panel-${tab.id}`}
              tabIndex={tab.id === active.id ? 0 : -1}
              onClick={() => select(tab.id)}
            >
              {tab.label}
            </button>
          ))}
        </div>
        {/* Every panel is in the page (a link's hash picks one before the script runs). */}
        {TABS.map(({ id, Body }) => (
          <section
            key={id}
            id={`panel-${id}`}
            role="tabpanel"
            aria-labelledby={`tab-${id}`}
            className="policy__body"
            tabIndex={0}
            hidden={id !== active.id}
          >
            <Body effectiveDate={effectiveDate} />
          </section>
        ))}
      </article>
    </PageShell>
  );
}
