// The Submit click at step 8: the engine's validateAll first (a tampered store or an odd history
// can reach 8 with gaps: the visitor goes to the first one), then the submission. Its code is
// loaded with the survey's steps (App's question chunk), so this import never waits for the
// network at the click.
import { useCallback, type MutableRefObject } from 'react';
import { thankYouType, validateAll, type Answers, type StepErrors } from '../core';
import type { OutboxPorts } from '../outbox/ports';
import { navigate, questionPath } from '../state/router';
import { setSubmitPhase, submitPhase } from '../state/submissionPhase';
import { honeypotValue } from '../survey/honeypot';

type Submission = typeof import('./submitResponse');
let loaded: Submission | null = null;

/** Loads the submission code (with the survey's steps); once in, the click runs it in its own task. */
export const loadSubmission = (): Promise<Submission> => import('./submitResponse').then((module) => (loaded = module));

export function useSubmit(
  answersRef: MutableRefObject<Answers>,
  file: File | null,
  showErrors: (problem: StepErrors) => void,
  onDone: () => void,
  ports?: OutboxPorts,
) {
  return useCallback(() => {
    if (submitPhase() !== 'idle') return; // spec point 4: the submitting flag blocks double submits
    const answers = answersRef.current;
    const problems = validateAll(answers);
    if (problems.length) {
      showErrors(problems[0]);
      navigate(questionPath(problems[0].step));
      return;
    }
    const honeypot = honeypotValue();
    setSubmitPhase('submitted'); // in the click's own task: the overlay and its 2,250 ms start at once
    if (loaded) {
      void loaded.submitResponse(answers, file, honeypot, onDone, ports);
      return;
    }
    loadSubmission().then(
      ({ submitResponse }) => submitResponse(answers, file, honeypot, onDone, ports),
      (error: unknown) => {
        // Cannot happen once step 8 shows (its chunk brought this code), but never an error screen.
        console.error('The submission code could not load; showing the thank-you page anyway.', error);
        setSubmitPhase('idle');
        navigate(`/thank-you/${thankYouType(answers)}`);
      },
    );
  }, [answersRef, file, showErrors, onDone, ports]);
}
