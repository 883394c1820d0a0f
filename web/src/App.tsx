// The single page of spec point 2: picks the screen for the URL, owns the answers (mirrored to
// localStorage), the chosen file, the cookie choice and the submission.
import { Fragment, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { CookieBanner } from './components/CookieBanner';
import { SubmitOverlay } from './components/SubmitOverlay';
import { parseCookieChoice, parseThankYouType, reachableStep, repeatVisitThankYou, reveals, shouldRestoreAnswers, validateAll, type Answers, type CookieChoice, type FieldError, type StepId } from './core';
import { AboutScreen } from './screens/AboutScreen';
import { HeroScreen } from './screens/HeroScreen';
import { IntroScreen } from './screens/IntroScreen';
import { NotFoundScreen } from './screens/NotFoundScreen';
import { PrivacyScreen } from './screens/PrivacyScreen';
import { QuestionScreen } from './screens/QuestionScreen';
import { ThankYouScreen } from './screens/ThankYouScreen';
import { navigate, questionPath, useLocation } from './state/router';
import { clearSurvey, KEYS, loadAnswers, read, saveAnswers, saveCurrentQuestion, storeCompletion, write, type StartupState } from './state/storage';
import { useDocumentTitle } from './state/useDocumentTitle';
import type { SubmitDeps } from './submit/pipeline';
import { useSubmission } from './submit/useSubmission';

// supabase-js and EmailJS load only when a response is submitted.
const loadDeps = (): Promise<SubmitDeps> => import('./submit/services').then((module) => module.browserDeps);

export function App({ startup, deps = loadDeps }: { startup: StartupState; deps?: () => Promise<SubmitDeps> }) {
  const { route, hash } = useLocation();
  const [answers, setAnswersState] = useState<Answers>(startup.answers);
  const answersRef = useRef(answers);
  const [file, setFile] = useState<File | null>(null);
  const [cookieChoice, setCookieChoice] = useState<CookieChoice | null>(() => parseCookieChoice(startup.cookiesAccepted));
  const [pending, setPending] = useState<{ step: StepId; errors: FieldError[] } | null>(null);
  useDocumentTitle(route);

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

  const { phase, submit } = useSubmission(deps, resetSurvey);

  // Route effects run before paint so a refused deep link never flashes.
  useLayoutEffect(() => {
    if (route.name === 'hero') {
      resetSurvey(); // spec point 2: opening / resets all survey state
    } else if (route.name === 'location') {
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
    if (route.name !== 'question' || pending?.step !== route.step) setPending(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on navigation only
  }, [route]);

  const onContinue = () => {
    resetSurvey();
    const shortcut = repeatVisitThankYou(Date.now(), read(KEYS.surveyCompleted), read(KEYS.completionTime), read(KEYS.lastThankYouType));
    navigate(shortcut ? `/thank-you/${shortcut}` : '/survey/intro');
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
    void submit(answersRef.current, file);
  };

  const chooseCookies = (choice: CookieChoice) => {
    write(KEYS.cookiesAccepted, choice);
    setCookieChoice(choice);
  };

  let screen;
  switch (route.name) {
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
      {phase !== 'idle' && <SubmitOverlay phase={phase} />}
      {cookieChoice === null && phase === 'idle' && <CookieBanner onChoose={chooseCookies} />}
    </>
  );
}
