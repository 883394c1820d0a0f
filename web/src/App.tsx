// The single page of spec point 2: picks the screen for the URL, owns the answers (mirrored to
// localStorage), the chosen file, the cookie choice and the submission.
import { Fragment, useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { CookieBanner } from './components/CookieBanner';
import { eagerScreen, lazyScreen } from './components/lazyScreen';
import { PageLoading } from './components/PageLoading';
import type { SubmissionControl } from './components/SubmissionHost';
import { parseCookieChoice, parseThankYouType, reachableStep, repeatVisitThankYou, reveals, shouldRestoreAnswers, validateAll, type Answers, type CookieChoice, type FieldError, type StepId } from './core';
import { AboutScreen as About } from './screens/AboutScreen';
import { FallbackScreen } from './screens/FallbackScreen';
import { HeroScreen } from './screens/HeroScreen';
// In the first load: its 3.5 s starts in the same task as the click, never after a fetch.
import { IntroScreen } from './screens/IntroScreen';
import { loadEngine, useEngineStatus, withEngine } from './state/engineStatus';
import { navigate, questionPath, useLocation, type Route } from './state/router';
import { clearSurvey, KEYS, loadAnswers, read, saveAnswers, saveCurrentQuestion, storeCompletion, write, type StartupState } from './state/storage';
import { useDocumentTitle } from './state/useDocumentTitle';
import type { SubmitDeps } from './submit/pipeline';
import type { SubmitPhase } from './submit/useSubmission';

// The hero (and the small About page) are in the first load; every other page is its own chunk.
export const screens = {
  about: eagerScreen(About),
  privacy: lazyScreen(() => import('./screens/PrivacyScreen').then((m) => m.PrivacyScreen)),
  question: lazyScreen(() => import('./screens/QuestionScreen').then((m) => m.QuestionScreen)),
  'thank-you': lazyScreen(() => import('./screens/ThankYouScreen').then((m) => m.ThankYouScreen)),
  'not-found': lazyScreen(() => import('./screens/NotFoundScreen').then((m) => m.NotFoundScreen)),
};
// Submissions (pipeline, outbox, overlay): loaded with the survey, never on the hero.
export const SubmissionHost = lazyScreen(() => import('./components/SubmissionHost').then((m) => m.SubmissionHost), null);
const { about: AboutScreen, privacy: PrivacyScreen, question: QuestionScreen, 'thank-you': ThankYouScreen, 'not-found': NotFoundScreen } = screens;

// Pages that follow a survey rule wait for the engine; the others render at once. Privacy
// only shows one engine constant (the effective date), filled in as soon as the engine is up,
// so its text is not held back a round trip.
const needsEngine = (route: Route) => !['hero', 'about', 'not-found', 'privacy'].includes(route.name);

/** Before the first render: a page that needs the engine or its own chunk asks for them at once. */
export function prefetchFor(route: Route): void {
  if (needsEngine(route) || route.name === 'privacy') loadEngine().catch(() => undefined);
  if (route.name in screens) screens[route.name as keyof typeof screens].preload().catch(() => undefined);
}

// supabase-js and EmailJS load only when a response is submitted.
const loadDeps = (): Promise<SubmitDeps> => import('./submit/services').then((module) => module.browserDeps);

export function App({ startup, deps = loadDeps }: { startup: StartupState; deps?: () => Promise<SubmitDeps> }) {
  const { route, hash } = useLocation();
  const [answers, setAnswersState] = useState<Answers>(startup.answers);
  const answersRef = useRef(answers);
  const [file, setFile] = useState<File | null>(null);
  const [cookieChoice, setCookieChoice] = useState<CookieChoice | null>(null);
  const [pending, setPending] = useState<{ step: StepId; errors: FieldError[] } | null>(null);
  const engine = useEngineStatus();
  const ready = engine === 'ready';
  useDocumentTitle(route);

  // After the first paint: the engine, and the chunk of the page asked for (in parallel).
  useEffect(() => {
    loadEngine().catch(() => undefined); // a failure shows the fallback screen below
  }, []);
  useEffect(() => {
    if (route.name in screens) screens[route.name as keyof typeof screens].preload().catch(() => undefined);
  }, [route]);

  const setAnswers = useCallback((next: Answers) => {
    answersRef.current = next;
    setAnswersState(next);
  }, []);

  const resetSurvey = useCallback(() => {
    clearSurvey();
    setAnswers({});
    setFile(null);
  }, [setAnswers]);

  // Saved on every change (a superset of the spec's save points) so a reload never loses an answer.
  const update = useCallback(
    (patch: Answers) => {
      const next = { ...answersRef.current, ...patch };
      setAnswers(next);
      saveAnswers(next);
      if (!reveals(next).attachment) setFile(null); // leaving Yes on question 6 drops the file
    },
    [setAnswers],
  );

  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const submission = useRef<SubmissionControl>({ submit: null, waiting: null });
  // Mounted from the first survey page on, and kept: a submission outlives its route.
  const [inSurvey, setInSurvey] = useState(false);
  if (!inSurvey && (route.name === 'intro' || route.name === 'question' || route.name === 'location')) setInSurvey(true);
  const submit = (answers: Answers, chosen: File | null) => {
    if (submission.current.submit) submission.current.submit(answers, chosen);
    else submission.current.waiting = [answers, chosen];
  };

  // Route effects run before paint so a refused deep link never flashes.
  useLayoutEffect(() => {
    if (route.name === 'hero') resetSurvey(); // spec point 2: opening / resets all survey state
    if (route.name !== 'question' || pending?.step !== route.step) setPending(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on navigation only
  }, [route]);

  // The survey's own routes follow the engine: once it is ready, and on each navigation.
  useLayoutEffect(() => {
    if (!ready) return;
    if (route.name === 'location') {
      navigate(questionPath(reachableStep('2', answersRef.current)), { replace: true });
    } else if (route.name === 'question') {
      let current = answersRef.current;
      if (route.step === '8' && shouldRestoreAnswers(current)) {
        current = { ...loadAnswers(), ...current };
        setAnswers(current);
      }
      const allowed = reachableStep(route.step, current);
      if (allowed !== route.step) navigate(questionPath(allowed), { replace: true });
      else saveCurrentQuestion(route.step);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on navigation and engine start only
  }, [route, ready]);

  const onContinue = () => {
    resetSurvey();
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

  const onSubmit = () => {
    // A tampered store or an odd history can reach 8 with gaps: send the visitor to the first one.
    const problems = validateAll(answersRef.current);
    if (problems.length) {
      setPending(problems[0]);
      navigate(questionPath(problems[0].step));
      return;
    }
    submit(answersRef.current, file);
  };

  const chooseCookies = (choice: CookieChoice) => {
    write(KEYS.cookiesAccepted, choice);
    setCookieChoice(choice);
  };

  if (engine === 'failed') return <FallbackScreen />;
  // Nothing stored means no choice: the banner is in the first paint. A stored value waits for
  // the engine to say whether it is a choice.
  const noChoiceStored = startup.cookiesAccepted === null || (ready && parseCookieChoice(startup.cookiesAccepted) === null);
  const showBanner = noChoiceStored && cookieChoice === null && phase === 'idle';

  let screen;
  if (needsEngine(route) && !ready) screen = <PageLoading />;
  else switch (route.name) {
    case 'hero':
      screen = <HeroScreen onContinue={onContinue} onNotInterested={onNotInterested} />;
      break;
    case 'about':
      screen = <AboutScreen />;
      break;
    case 'privacy':
      screen = <PrivacyScreen hash={hash} />;
      break;
    case 'intro':
      screen = <IntroScreen />;
      break;
    case 'question':
      screen =
        reachableStep(route.step, answers) === route.step ? (
          <QuestionScreen
            key={route.step}
            step={route.step}
            answers={answers}
            update={update}
            file={file}
            setFile={setFile}
            initialErrors={pending?.step === route.step ? pending.errors : undefined}
            onSubmit={onSubmit}
            busy={phase !== 'idle'}
          />
        ) : null;
      break;
    case 'thank-you': {
      const type = parseThankYouType(route.type);
      screen = type ? <ThankYouScreen type={type} /> : <NotFoundScreen />;
      break;
    }
    default:
      screen = route.name === 'location' ? null : <NotFoundScreen />;
  }

  return (
    <>
      {/* A new route is a new page: remount it (focus, scroll and local state start fresh).
          While a response is being submitted the page under the overlay is inert. */}
      <div className="app" inert={phase !== 'idle'}>
        <Fragment key={JSON.stringify(route)}>{screen}</Fragment>
      </div>
      {inSurvey && <SubmissionHost deps={deps} onDone={resetSurvey} onPhase={setPhase} control={submission} />}
      {showBanner && <CookieBanner onChoose={chooseCookies} />}
    </>
  );
}
