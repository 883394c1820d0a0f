// Drives spec point 4 "Submission": the double-submit guard, SUBMITTED for submittedMs,
// PROCESSING, workDelayMs, the work, then always the thank-you page with completion flags.
// The response is kept in the outbox at the click (issue 6), before the waits and any network
// call; a filled honeypot (a bot) is quietly not kept, and still sees the thank-you page.
import { useCallback, useRef, useState } from 'react';
import { constants, shouldStore, thankYouType, type Answers } from '../core';
import { keepDeps } from '../outbox/runtime';
import { retryOutbox } from '../outbox/retry';
import { navigate } from '../state/router';
import { storeCompletion } from '../state/storage';
import { honeypotValue } from '../survey/honeypot';
import { runSubmission, type KeepDeps, type SubmitDeps } from './pipeline';

export type SubmitPhase = 'idle' | 'submitted' | 'processing';

export function useSubmission(deps: () => Promise<SubmitDeps>, onDone: () => void, keep: KeepDeps = keepDeps) {
  const [phase, setPhase] = useState<SubmitPhase>('idle');
  const submitting = useRef(false);

  const submit = useCallback(
    async (answers: Answers, file: File | null, honeypot = honeypotValue()) => {
      if (submitting.current) return;
      submitting.current = true;
      const { submittedMs, workDelayMs } = constants();
      const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
      setPhase('submitted');
      let startWork!: () => void;
      const overlayDone = new Promise<void>((resolve) => (startWork = resolve));
      try {
        // Kept in the outbox now, while SUBMITTED shows; delivered once the overlay's waits end.
        const work = shouldStore(honeypot) ? runSubmission(answers, file, deps, keep, overlayDone) : null;
        work?.catch(() => undefined); // awaited below; this only keeps an early failure from being "unhandled"
        await wait(submittedMs);
        setPhase('processing');
        await wait(workDelayMs);
        startWork();
        // A filled honeypot (a bot) sees the same screens as anyone and learns nothing.
        const outcome = await work;
        // Not delivered: the outbox's timer retries it with backoff while the page stays open.
        if (outcome?.kept) void retryOutbox();
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
    [deps, onDone, keep],
  );

  return { phase, submit };
}
