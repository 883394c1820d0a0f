// Spec point 4, "Submission": the double-submit guard, SUBMITTED for submittedMs, PROCESSING,
// workDelayMs, the work, then always the thank-you page with the completion flags. The response
// is kept in the outbox at the click, before the waits and any network call. PROCESSING ends by
// the engine's deadline at the latest: the delivery goes on from the outbox behind the thank-you
// page, under the response's lock, so nothing is stored or emailed twice because of it. A
// filled honeypot (a bot) is quietly not kept, and sees the same screens.
import { constants, shouldStore, thankYouType, type Answers } from '../core';
import { keepAndDeliver, type OutboxPorts } from '../outbox';
import { browserPorts } from '../outbox/browserPorts';
import { navigate } from '../state/router';
import { storeCompletion } from '../state/storage';
import { setSubmitPhase } from '../state/submissionPhase';

const wait = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Runs one submission, from SUBMITTED (set by the click, which also guards against a second
 * one) to its thank-you page; `onDone` runs once it shows. Never rejects.
 */
export async function submitResponse(
  answers: Answers,
  file: File | null,
  honeypot: string,
  onDone: () => void,
  ports: OutboxPorts = browserPorts,
): Promise<void> {
  try {
    const { submittedMs, workDelayMs, processingDeadlineMs } = constants();
    let startWork!: () => void;
    const overlayDone = new Promise<void>((resolve) => (startWork = resolve));
    // Kept in the outbox now, while SUBMITTED shows; delivered once the overlay's waits end.
    const work = shouldStore(honeypot) ? keepAndDeliver(answers, file, ports, overlayDone) : Promise.resolve(null);
    work.catch((error: unknown) => console.error('The response could not be kept; showing the thank-you page anyway.', error));
    await wait(submittedMs);
    setSubmitPhase('processing');
    await wait(workDelayMs);
    startWork();
    await Promise.race([work.catch(() => null), wait(processingDeadlineMs)]);
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
    setSubmitPhase('idle');
    onDone();
  }
}
