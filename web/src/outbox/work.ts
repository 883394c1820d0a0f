// The proof of work in a delivery: the row goes out with its work (solved once, kept in the
// entry); when the database asks for more (the operator raised the difficulty), it is solved
// again at that difficulty and sent at once. Work that is not done within the engine's
// workWaitMs leaves the row waiting in the outbox, never in the email: it is sent when done.
import { buildRecord, defaultWorkDifficulty, workRefusal, workWaitMs, type Delivery, type RecordMeta, type SurveyResponse } from '../core';
import type { BackendResult, KeepDeps } from '../submit/pipeline';
import { doneWith, within, workFor } from '../work/pending';
import { save } from './enqueue';
import type { OutboxEntry } from './store';

export type Sent = { verdict: Delivery; answer: BackendResult };
export type WorkedDelivery = Delivery | 'waiting';

/** Rounds of "solve again at the asked difficulty": the operator raising it twice in one attempt. */
const MAX_ROUNDS = 3;

export async function insertWithWork(entry: OutboxEntry, meta: RecordMeta, send: (record: SurveyResponse) => Promise<Sent>, keep: KeepDeps): Promise<WorkedDelivery> {
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const nonce = await readyWork(entry, keep);
    if (nonce === 'waiting' || nonce === 'unsolvable') return nonce === 'waiting' ? 'waiting' : 'refused';
    const { verdict, answer } = await send(buildRecord(entry.answers, { ...meta, workNonce: nonce }));
    if (verdict === 'stored') doneWith(entry.id);
    const asked = verdict === 'stored' ? null : workRefusal(answer.code ?? '', answer.hint ?? '');
    // Refused for work solved at the asked difficulty or more: more solving cannot help.
    if (asked === null || asked <= (entry.workDifficulty ?? 0)) return verdict;
    entry.workDifficulty = asked;
    entry.workNonce = null;
    await save(entry, keep);
  }
  return 'refused';
}

/** The entry's work: kept, or solved now (waiting at most workWaitMs). */
async function readyWork(entry: OutboxEntry, keep: KeepDeps): Promise<string | 'waiting' | 'unsolvable'> {
  if (entry.workNonce) return entry.workNonce;
  const difficulty = entry.workDifficulty ?? defaultWorkDifficulty();
  let nonce: string | null;
  try {
    nonce = await within(workFor(entry.id, Date.parse(entry.completionTime), difficulty), workWaitMs());
  } catch (error) {
    keep.log.error('The proof of work could not be solved in this browser; sending the email backup.', error);
    return 'unsolvable';
  }
  if (nonce === null) return 'waiting';
  entry.workNonce = nonce;
  entry.workDifficulty = difficulty;
  await save(entry, keep);
  return nonce;
}

/** When the work under way for `entry` is done, `then` runs (to send the waiting row at once). */
export function whenWorkDone(entry: OutboxEntry, then: () => void): void {
  const difficulty = entry.workDifficulty ?? defaultWorkDifficulty();
  workFor(entry.id, Date.parse(entry.completionTime), difficulty).then(then, () => undefined);
}
