// Drives spec point 4 "Submission": the double-submit guard, SUBMITTED for submittedMs,
// PROCESSING, workDelayMs, the work, then always the thank-you page with completion flags.
import { useCallback, useRef, useState } from 'react';
import { constants, thankYouType, type Answers } from '../core';
import { navigate } from '../state/router';
import { storeCompletion } from '../state/storage';
import { runSubmission, type SubmitDeps } from './pipeline';

export type SubmitPhase = 'idle' | 'submitted' | 'processing';

export function useSubmission(deps: () => Promise<SubmitDeps>, onDone: () => void) {
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const submitting = useRef(false);

  const submit = useCallback(
    async (answers: Answers, file: File | null) => {
      if (submitting.current) return;
      submitting.current = true;
      const { submittedMs, workDelayMs } = constants();
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      try {
        setPhase('submitted');
        await wait(submittedMs);
        setPhase('processing');
        await wait(workDelayMs);
        await runSubmission(answers, file, await deps());
      } catch (error) {
        // Spec point 8: any exception during submit still ends on the thank-you page.
        console.error('Submission failed; showing the thank-you page anyway.', error);
      } finally {
        let type: 'completed' | 'not-completed' = 'not-completed';
        try {
          type = thankYouType(answers);
        } catch (error) {
          console.error('Could not derive the thank-you type.', error);
        }
        navigate(`/thank-you/${type}`);
        storeCompletion(type, Date.now());
        setPhase('idle');
        submitting.current = false;
        onDone();
      }
    },
    [deps, onDone],
  );

  return { phase, submit };
}
