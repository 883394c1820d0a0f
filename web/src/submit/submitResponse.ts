// Spec point 4, "Submission": the double-submit guard, SUBMITTED for submittedMs, PROCESSING,
// workDelayMs, the work, then always the thank-you page with the completion flags. The response
// is kept in the outbox at the click, before the waits and any network call. PROCESSING ends by
// the engine's deadline at the latest: the delivery goes on from the outbox behind the thank-you
// page, under the response's lock, so nothing is stored or emailed twice because of it. A
// filled honeypot (a bot) is quietly not kept, and sees the same screens.
import { constants, responseReference, shouldStore, thankYouType, type Answers } from '../core';
import { keepAndDeliver, type OutboxPorts } from '../outbox';
import { setLatestSubmitted } from '../outbox/held';
import { browserPorts } from '../outbox/browserPorts';
import { navigate } from '../state/router';
import { rememberReference, storeCompletion } from '../state/storage';
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
  // The id the outbox gives this response, for its reference on the thank-you page (issue #22);
  // dropped if the response could not be kept (then there is nothing to ask about).
  let id: string | null = null;
  try {
    const { submittedMs, workDelayMs, processingDeadlineMs } = constants();
    let startWork!: () => void;
    const overlayDone = new Promise<void>((resolve) => (startWork = resolve));
    const naming: OutboxPorts = { ...ports, newId: () => (id = ports.newId()) };
    // Kept in the outbox now, while SUBMITTED shows; delivered once the overlay's waits end.
    const work = shouldStore(honeypot) ? keepAndDeliver(answers, file, naming, overlayDone) : Promise.resolve(null);
    work.catch((error: unknown) => {
      id = null;
      rememberReference(null);
      console.error('The response could not be kept; showing the thank-you page anyway.', error);
    });
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
    let reference: string | null = null;
    try {
      reference = id === null ? null : (responseReference(id) ?? null);
    } catch (error) {
      console.error('Could not derive the response reference.', error);
    }
    storeCompletion(type, Date.now(), reference);
    setLatestSubmitted(id);
    navigate(`/thank-you/${type}`);
    setSubmitPhase('idle');
    onDone();
  }
}
