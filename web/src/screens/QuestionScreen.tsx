// One survey step (spec point 2 "Survey screens"): progress, exit (x), the question, Back and
// Next (Submit on 8). The engine validates and decides the next and previous step.
import { useEffect, useRef, useState, type FormEvent, type MutableRefObject } from 'react';
import { Brand } from '../components/Brand';
import { ProgressBar } from '../components/ProgressBar';
import { nextStep, previousStep, progress, stepNumber, validateStep, type Answers, type FieldError, type StepId } from '../core';
import { registerDeliveryWorker } from '../outbox/background';
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
}

const toRecord = (errors: FieldError[]) => Object.fromEntries(errors.map((error) => [error.field, error.message]));

/** "Question 4 of 8": the step's number as the engine counts it (4a, 4b, 4b-other are 4). */
export function questionName(step: StepId): string {
  return `Question ${stepNumber(step)} of ${stepNumber('8')}`;
}

function focusField(field: string) {
  const target = document.getElementById(field) ?? document.getElementById(`${field}-0`);
  target?.focus();
}

/** A step's page: App keys it by step, so each step mounts fresh (its own errors, no shake). */
export function QuestionScreen({ step, answers, answersRef, update, file, setFile, initialErrors, onSubmit, busy }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const [errors, setErrors] = useState<Record<string, string>>(() => toRecord(initialErrors ?? []));
  const [shake, setShake] = useState(initialErrors?.length ? 1 : 0);
  useTitle(pageTitle(questionName(step), Object.keys(errors).length > 0));

  // Each step is a new page for screen readers: start them at its heading (or the first error).
  // A prerendered step (question 1) may already hold the visitor's focus when the app takes it
  // over: they are typing, so the focus stays where they put it. A step reached by Next or Back
  // is a new subtree: the focus was on the old one's button, now gone, so it is not in this form.
  useEffect(() => {
    const active = document.activeElement;
    if (active instanceof HTMLElement && active !== heading.current && heading.current?.closest('form')?.contains(active)) return;
    if (initialErrors?.length) focusField(initialErrors[0].field);
    else heading.current?.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per step: the screen is keyed by step
  }, []);

  // Engaged in the survey (question 2 on): the delivery worker is installed now, after load, so
  // it is there at Submit even if the network is not by then
  // (docs/guarantees.md, "When the visitor leaves"). Never on question 1, a page a visitor may
  // only glance at.
  useEffect(() => {
    if (stepNumber(step) >= 2) void registerDeliveryWorker();
  }, [step]);

  const change = (patch: Answers) => {
    update(patch);
    // A corrected field stops shouting; the others keep their message until the next try.
    const cleared = Object.keys(patch);
    if (cleared.some((key) => key in errors))
      setErrors((current) => Object.fromEntries(Object.entries(current).filter(([key]) => !cleared.includes(key))));
  };

  const next = (event: FormEvent) => {
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

  return (
    <div className="survey">
      <header className="survey__top">
        <Brand />
        <button type="button" className="survey__exit" aria-label="Exit the survey" onClick={() => navigate('/')}>
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
          <StepFields
            ref={heading}
            step={step}
            answers={answers}
            update={change}
            file={file}
            setFile={setFile}
            errors={errors}
            shake={shake}
          />
          <div className="question__nav">
            <button type="button" className="button button--secondary" onClick={back}>
              Back
            </button>
            <button type="submit" className="button button--primary" disabled={busy} aria-disabled={busy}>
              {step === '8' ? 'Submit' : 'Next'}
            </button>
          </div>
        </form>
      </main>
    </div>
  );
}
