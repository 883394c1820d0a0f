// One survey step (spec point 2 "Survey screens"): progress, exit (x), the question, Back and
// Next (Submit on 8). The engine validates and decides the next and previous step.
import {
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
  type FormEvent,
  type MouseEvent,
  type MutableRefObject,
  type PointerEvent,
} from 'react';
import { Brand } from '../components/Brand';
import { FontRehearsal } from '../components/FontRehearsal';
import { ProgressBar } from '../components/ProgressBar';
import {
  choices,
  constants,
  nextStep,
  previousStep,
  progress,
  reveals,
  shouldRestoreAnswers,
  stepNumber,
  validateStep,
  type Answers,
  type FieldError,
  type StepId,
} from '../core';
import { registerDeliveryWorker } from '../outbox/background';
import { afterNextPaint, afterPaintOnly, whenIdle } from '../state/afterPaint';
import { goBackTo, navigate, questionPath } from '../state/router';
import { pageTitle, useTitle } from '../state/useDocumentTitle';
import { StepFields } from '../survey/StepFields';

interface Props {
  step: StepId;
  answers: Answers;
  /** The answers as of now: Next and Back read these, as a press can come before the render of
   *  the last change (the prerendered question's field handed over, then its Next replayed). */
  answersRef: MutableRefObject<Answers>;
  update: (patch: Answers) => void;
  file: File | null;
  setFile: (file: File | null) => void;
  /** Errors found elsewhere (validateAll at submit) to show on arrival. */
  initialErrors?: FieldError[];
  onSubmit: () => void;
  busy: boolean;
  /** Builds the page a press is about to leave the survey for, unseen (App); null drops it. */
  prepareLeaving: (path: string | null) => void;
}

const NO_ERRORS: Record<string, string> = {};

const toRecord = (errors: FieldError[]) => Object.fromEntries(errors.map((error) => [error.field, error.message]));

/** "Question 4 of 8": the step's number as the engine counts it (4a, 4b, 4b-other are 4). */
export function questionName(step: StepId): string {
  return `Question ${stepNumber(step)} of ${stepNumber('8')}`;
}

function focusField(field: string) {
  const target = document.getElementById(field) ?? document.getElementById(`${field}-0`);
  target?.focus();
}

/**
 * The survey's frame (top bar, progress, Back and Next) stays mounted from step to step (App
 * keeps one instance for every question route); only the step's fields are a new subtree. A
 * click on Next then builds and lays out the question alone, not the page around it
 * (docs/decisions.md, "Accessibility and speed").
 */
export function QuestionScreen({ step, answers, answersRef, update, file, setFile, initialErrors, onSubmit, busy, prepareLeaving }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>(() => toRecord(initialErrors ?? []));
  const [shake, setShake] = useState(initialErrors?.length ? 1 : 0);
  // A new step starts fresh: its own errors (those found elsewhere at Submit, if any), no shake.
  const [shownStep, setShownStep] = useState(step);
  // The step a press on Next or Back leads to, built hidden while the button is held (below).
  const [prepared, setPrepared] = useState<StepId | null>(null);
  if (shownStep !== step) {
    setShownStep(step);
    setErrors(toRecord(initialErrors ?? []));
    setShake(initialErrors?.length ? 1 : 0);
    setPrepared(null);
  }
  useTitle(pageTitle(questionName(step), Object.keys(errors).length > 0));

  // Each step is a new page for screen readers: start them at its heading (or the first error).
  // A prerendered step (question 1) may already hold the visitor's focus when the app takes it
  // over: they are typing, so on that first step the focus stays where they put it.
  // The focus moves once the step is painted (state/afterPaint.ts): focus() lays the page out, and
  // in the click's task that was the frame's own layout done early, with the selection and style
  // work of the focus change on top (docs/decisions.md, "Accessibility and speed"). Queued from a
  // layout effect, in the commit: Preact runs plain effects after a paint, which would put the
  // focus a frame later still, where a key pressed meanwhile lands elsewhere.
  const firstStep = useRef(true);
  useLayoutEffect(() => {
    afterNextPaint(() => {
      if (!heading.current?.isConnected) return; // the visitor has left the survey meanwhile
      const active = document.activeElement;
      const typing = active instanceof HTMLElement && active !== heading.current && heading.current.closest('form')?.contains(active);
      if (!(firstStep.current && typing)) {
        if (initialErrors?.length) focusField(initialErrors[0].field);
        else heading.current.focus();
      }
      firstStep.current = false;
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per step
  }, [step]);

  // The engine's wasm is compiled function by function on its first call (V8's lazy compilation):
  // the calls a click on Next or Back makes, and those the step it shows makes on its first
  // render (question 3 is the first to read the option lists, question 8 the first to ask
  // whether to restore answers), are made once now, while the page is idle, so the click does
  // not wait for their compilation (docs/decisions.md, "Accessibility and speed").
  useEffect(() => {
    const warm = () => {
      const answers = answersRef.current;
      validateStep(step, answers);
      nextStep(step, answers);
      previousStep(step, answers);
      reveals(answers);
      shouldRestoreAnswers(answers);
      choices();
      constants();
    };
    return whenIdle(warm, 1000);
  }, [step, answersRef]);

  // Engaged in the survey (question 2 on): the delivery worker is installed now, after load, so
  // it is there at Submit even if the network is not by then (docs/guarantees.md, "When the
  // visitor leaves"). Never on question 1, a page a visitor may only glance at.
  // Registering costs the main thread about 2 ms: on a step reached by Next, after its paint.
  useEffect(() => {
    if (stepNumber(step) >= 2) afterNextPaint(() => void registerDeliveryWorker());
  }, [step]);

  const change = (patch: Answers) => {
    update(patch);
    // A corrected field stops shouting; the others keep their message until the next try.
    const cleared = Object.keys(patch);
    if (cleared.some((key) => key in errors))
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key))));
  };

  const next = (event: FormEvent<HTMLFormElement> | MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    if (busy) return;
    const current = answersRef.current;
    const found = validateStep(step, current);
    if (found.length) {
      setErrors(toRecord(found));
      setShake((count) => count + 1);
      focusField(found[0].field);
      return;
    }
    setErrors({});
    const target = nextStep(step, current);
    if (target === 'submit') onSubmit();
    else navigate(questionPath(target));
  };

  const back = () => {
    const target = previousStep(step, answersRef.current);
    goBackTo(target === 'home' ? '/' : questionPath(target));
  };

  // A press on Next, Back or the exit: once the pressed button is painted, where it leads is
  // built and laid out, invisible: a step beside this one (a tap or click holds the button about
  // 100 ms), the home page beside the survey (App, components/Page.tsx). The click then shows
  // that subtree (the same key: Preact keeps its DOM) instead of building it in the click's task.
  // The engine still decides at the click: a step it does not lead to is dropped unseen. Nothing
  // is prepared for a step that would not pass, nor for Submit, nor for a press other than the
  // main button's; a press given up (a mouse leaving the button, a touch turned into a scroll)
  // drops what it built (docs/decisions.md, "Accessibility and speed").
  // The latest press, counted: one given up makes the one waiting for its paint stale. A press
  // whose click came first needs no check: where it leads is now shown, which the renders leave
  // out (`prepared !== step`, and App's page for the route shown).
  const press = useRef(0);
  const prepare = (which: 'next' | 'back' | 'exit', event: PointerEvent<HTMLButtonElement>) => {
    if (!event.isPrimary || event.button !== 0) return;
    const from = step;
    const thisPress = ++press.current;
    afterPaintOnly(() => {
      if (press.current !== thisPress) return; // given up first
      // The click came first and left the survey (Back on question 1, the exit): nothing to build.
      if (!heading.current?.isConnected) return;
      const current = answersRef.current;
      if (which === 'exit') prepareLeaving('/');
      else if (which === 'next') {
        if (busy || validateStep(from, current).length) return;
        const target = nextStep(from, current);
        if (target !== 'submit') setPrepared(target);
      } else {
        const target = previousStep(from, current);
        if (target === 'home') prepareLeaving('/');
        else setPrepared(target);
      }
    });
  };
  const giveUp = (event: PointerEvent<HTMLButtonElement>) => {
    // A touch's pointer leaves the button when the finger lifts, before its click: only a
    // mouse's leaving gives the press up.
    if (event.type === 'pointerleave' && event.pointerType !== 'mouse') return;
    press.current += 1;
    setPrepared(null);
    prepareLeaving(null);
  };

  // What the step shown and a prepared one both take.
  const fieldProps = { answers, update: change, file, setFile };

  return (
    <div className="survey">
      <header className="survey__top">
        <Brand />
        <button
          type="button"
          className="survey__exit"
          aria-label="Exit the survey"
          onPointerDown={(event) => prepare('exit', event)}
          onPointerLeave={giveUp}
          onPointerCancel={giveUp}
          onClick={() => navigate('/')}
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" strokeLinecap="round" />
          </svg>
        </button>
      </header>
      <div className="survey__progress" role="region" aria-label="Progress">
        <ProgressBar value={progress(step)} />
      </div>
      <main id="main" className="survey__main">
        <form className="question" noValidate onSubmit={next}>
          <div key={step} className="question__step">
            <StepFields key={step} ref={heading} step={step} {...fieldProps} errors={errors} shake={shake} />
          </div>
          {prepared && prepared !== step && (
            <div key={prepared} className="question__step question__step--prepared" inert>
              <StepFields key={prepared} step={prepared} {...fieldProps} errors={NO_ERRORS} shake={0} />
            </div>
          )}
          <div className="question__nav">
            <button
              type="button"
              className="button button--secondary"
              onPointerDown={(event) => prepare('back', event)}
              onPointerLeave={giveUp}
              onPointerCancel={giveUp}
              onClick={back}
            >
              Back
            </button>
            {/* Next acts on the click itself (Enter in a field clicks it too) and stops the form's
                submission: that cost the click a forced style update and a second event through
                the app, 1.5 ms of its 5.7 at 1x (docs/decisions.md, "Accessibility and speed").
                The form's onSubmit stays for a submission that comes without a click. */}
            <button
              type="submit"
              className="button button--primary"
              disabled={busy}
              aria-disabled={busy}
              onPointerDown={(event) => prepare('next', event)}
              onPointerLeave={giveUp}
              onPointerCancel={giveUp}
              onClick={next}
            >
              {step === '8' ? 'Submit' : 'Next'}
            </button>
          </div>
        </form>
      </main>
      <FontRehearsal />
    </div>
  );
}
