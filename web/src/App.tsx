// The single page of spec point 2: picks the screen for the URL. The answers, the route rules
// and the submission live in hooks named for them; the overlay follows the submission's phase.
import { Fragment, useCallback, useEffect, useMemo, useState } from 'react';
import { CookieBanner } from './components/CookieBanner';
import { eagerScreen, lazyScreen } from './components/lazyScreen';
import { PageLoading } from './components/PageLoading';
import { parseCookieChoice, parseThankYouType, reachableStep, repeatVisitThankYou, type CookieChoice, type StepErrors } from './core';
import type { OutboxPorts } from './outbox/ports';
import { AboutScreen as About } from './screens/AboutScreen';
import { FallbackScreen } from './screens/FallbackScreen';
import { HeroScreen } from './screens/HeroScreen';
// In the first load: its 3.5 s starts in the same task as the click, never after a fetch.
import { IntroScreen } from './screens/IntroScreen';
import { loadEngine, useEngineStatus, withEngine } from './state/engineStatus';
import { useHydrated } from './state/hydration';
import { navigate, useLocation, type Route } from './state/router';
import { KEYS, read, storeCompletion, write, type StartupState } from './state/storage';
import { useSubmitPhase } from './state/submissionPhase';
import { useAnswers } from './state/useAnswers';
import { useDocumentTitle } from './state/useDocumentTitle';
import { useSurveyRoutes } from './state/useSurveyRoutes';
import { loadSubmission, useSubmit } from './submit/useSubmit';

// The hero (and the small About page) are in the first load; every other page is its own chunk.
const thankYou = lazyScreen(() => import('./screens/ThankYouScreen').then((m) => m.ThankYouScreen));
export const SubmitOverlay = lazyScreen(() => import('./components/SubmitOverlay').then((m) => m.SubmitOverlay), null);
export const screens = {
  about: eagerScreen(About),
  privacy: lazyScreen(() => import('./screens/PrivacyScreen').then((m) => m.PrivacyScreen)),
  // The survey's steps come with everything their end needs — the submission, its overlay and
  // the thank-you page — so Submit never waits for the network (offline, or a deploy that
  // replaced the files since the page was opened, still ends on the thank-you page).
  question: lazyScreen(() =>
    Promise.all([import('./screens/QuestionScreen'), loadSubmission(), SubmitOverlay.preload(), thankYou.preload()]).then(
      ([m]) => m.QuestionScreen,
    ),
  ),
  'thank-you': thankYou,
  'not-found': lazyScreen(() => import('./screens/NotFoundScreen').then((m) => m.NotFoundScreen)),
};
const {
  about: AboutScreen,
  privacy: PrivacyScreen,
  question: QuestionScreen,
  'thank-you': ThankYouScreen,
  'not-found': NotFoundScreen,
} = screens;

// Pages that follow a survey rule wait for the engine; the others render at once. Privacy
// only shows one engine constant (the effective date), filled in as soon as the engine is up,
// so its text is not held back a round trip.
export const needsEngine = (route: Route) => !['hero', 'about', 'not-found', 'privacy'].includes(route.name);

/** Before the first render: a page that needs the engine or its own chunk asks for them at once.
 *  Resolves when the page's chunk is in (a prerendered page hydrates only then). */
export function prefetchFor(route: Route): Promise<void> {
  if (needsEngine(route) || route.name === 'privacy') loadEngine().catch(() => undefined);
  const chunk = route.name in screens ? screens[route.name as keyof typeof screens].preload() : Promise.resolve();
  chunk.catch(() => undefined);
  return chunk;
}

export function App({ startup, ports }: { startup: StartupState; ports?: OutboxPorts }) {
  const { route, hash } = useLocation();
  const survey = useAnswers(startup.answers);
  const [cookieChoice, setCookieChoice] = useState<CookieChoice | null>(null);
  const [pending, setPending] = useState<StepErrors | null>(null);
  const engine = useEngineStatus();
  const ready = engine === 'ready';
  const phase = useSubmitPhase();
  const hydrated = useHydrated();
  useDocumentTitle(route);

  // After the first paint: the engine, and the chunk of the page asked for (in parallel).
  useEffect(() => {
    loadEngine().catch(() => undefined); // a failure shows the fallback screen below
  }, []);
  useEffect(() => {
    if (route.name in screens) screens[route.name as keyof typeof screens].preload().catch(() => undefined);
  }, [route]);

  useSurveyRoutes(route, ready, survey, () => {
    if (route.name !== 'question' || pending?.step !== route.step) setPending(null);
  });
  const onSubmit = useSubmit(survey.answersRef, survey.file, setPending, survey.reset, ports);

  const onContinue = () => {
    survey.reset();
    void QuestionScreen.preload().catch(() => undefined); // fetched while the intro plays
    // The engine is normally up long before a click; on a very slow link Continue waits for it.
    withEngine(() => {
      const shortcut = repeatVisitThankYou(Date.now(), read(KEYS.surveyCompleted), read(KEYS.completionTime), read(KEYS.lastThankYouType));
      navigate(shortcut ? `/thank-you/${shortcut}` : '/survey/intro');
    });
  };

  const onNotInterested = () => {
    storeCompletion('not-interested', Date.now());
    navigate('/thank-you/not-interested');
  };

  const chooseCookies = useCallback((choice: CookieChoice) => {
    write(KEYS.cookiesAccepted, choice);
    setCookieChoice(choice);
  }, []);

  // Nothing stored means no choice: the banner is in the first paint. A stored value waits for
  // the engine to say whether it is a choice; asked once, not on every render (each click on
  // Next or Back renders the app).
  const noChoiceStored = useMemo(
    () => startup.cookiesAccepted === null || (ready && parseCookieChoice(startup.cookiesAccepted) === null),
    [ready, startup.cookiesAccepted],
  );
  if (engine === 'failed') return <FallbackScreen />;
  const showBanner = noChoiceStored && cookieChoice === null && phase === 'idle';

  const screen = () => {
    if (needsEngine(route) && !ready) return <PageLoading />;
    switch (route.name) {
      case 'hero':
        return <HeroScreen onContinue={onContinue} onNotInterested={onNotInterested} />;
      case 'about':
        return <AboutScreen />;
      case 'privacy':
        return <PrivacyScreen hash={hash} />;
      case 'intro':
        return <IntroScreen />;
      case 'question':
        return reachableStep(route.step, survey.answers) === route.step ? (
          <QuestionScreen
            step={route.step}
            answers={survey.answers}
            answersRef={survey.answersRef}
            update={survey.update}
            file={survey.file}
            setFile={survey.setFile}
            initialErrors={pending?.step === route.step ? pending.errors : undefined}
            onSubmit={onSubmit}
            busy={phase !== 'idle'}
          />
        ) : null;
      case 'thank-you': {
        const type = parseThankYouType(route.type);
        return type ? <ThankYouScreen type={type} /> : <NotFoundScreen />;
      }
      default:
        return route.name === 'location' ? null : <NotFoundScreen />;
    }
  };

  return (
    <>
      {/* A new route is a new page (each survey step too): remounted, its focus, scroll and
          local state start fresh. While a response is being submitted the page under the
          overlay is inert. */}
      <div className="app" inert={phase !== 'idle'}>
        <Fragment key={JSON.stringify(route)}>{screen()}</Fragment>
      </div>
      {phase !== 'idle' && <SubmitOverlay phase={phase} />}
      {/* Prerendered, the banner is always in the HTML; the head script (web/src/prerender)
          hides it before the first paint when a choice is stored. */}
      {(showBanner || !hydrated) && <CookieBanner onChoose={chooseCookies} prerendered={!hydrated} />}
    </>
  );
}
