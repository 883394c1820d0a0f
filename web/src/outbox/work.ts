// The proof of work in a delivery: the row goes out with its work (solved once, kept in the
// entry); when the database asks for more (the operator raised the difficulty), it is solved
// again at that difficulty and sent at once. Work not done within the engine's workWaitMs leaves
// the row waiting in the outbox, never in the email: it is sent as soon as the work is done.
import { buildRecord, defaultWorkDifficulty, workRefusal, workWaitMs, type Delivery, type RecordMeta, type SurveyResponse } from '../core';
import { save } from './keep';
import type { BackendResult, OutboxPorts } from './ports';
import type { OutboxEntry } from './store';
import { NO_ANSWER, within } from './within';

export type Sent = { verdict: Delivery; answer: BackendResult };

/** Rounds of "solve again at the asked difficulty": the operator raising it twice in one attempt. */
const MAX_ROUNDS = 3;

export async function insertWithWork(
  entry: OutboxEntry,
  meta: RecordMeta,
  send: (record: SurveyResponse) => Promise<Sent>,
  ports: OutboxPorts,
): Promise<Delivery | 'waiting'> {
  for (let round = 0; round < MAX_ROUNDS; round += 1) {
    const nonce = await readyWork(entry, ports);
    if (nonce === 'waiting') return 'waiting';
    if (nonce === 'unsolvable') return 'refused';
    const { verdict, answer } = await send(buildRecord(entry.answers, { ...meta, workNonce: nonce }));
    const asked = verdict === 'stored' || verdict === 'alreadyStored' ? null : workRefusal(answer.code ?? '', answer.hint ?? '');
    // Refused for work solved at the asked difficulty or more: more solving cannot help.
    if (asked === null || asked <= (entry.workDifficulty ?? 0)) return verdict;
    entry.workDifficulty = asked;
    entry.workNonce = null;
    await save(entry, ports);
  }
  return 'refused';
}

/**
 * The work for an email sent without the database (its client could not load, so no insert
 * waited for it): kept, or solved now within workWaitMs; null when not done by then.
 */
export async function workForEmail(entry: OutboxEntry, ports: OutboxPorts): Promise<string | null> {
  const nonce = await readyWork(entry, ports);
  return nonce === 'waiting' || nonce === 'unsolvable' ? null : nonce;
}

/** The entry's work: kept, or solved now (waiting at most workWaitMs). */
async function readyWork(entry: OutboxEntry, ports: OutboxPorts): Promise<string | 'waiting' | 'unsolvable'> {
  if (entry.workNonce) return entry.workNonce;
  const difficulty = entry.workDifficulty ?? defaultWorkDifficulty();
  let nonce: string | typeof NO_ANSWER;
  try {
    nonce = await within(search(entry, ports), workWaitMs());
  } catch (error) {
    ports.log.error('The proof of work could not be solved in this browser; sending the email backup.', error);
    return 'unsolvable';
  }
  if (nonce === NO_ANSWER) return 'waiting';
  entry.workNonce = nonce;
  entry.workDifficulty = difficulty;
  await save(entry, ports);
  return nonce;
}

function search(entry: OutboxEntry, ports: OutboxPorts): Promise<string> {
  return ports.work(entry.id, Date.parse(entry.completionTime), entry.workDifficulty ?? defaultWorkDifficulty());
}
