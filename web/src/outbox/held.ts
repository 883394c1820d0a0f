// The responses this page holds undelivered, as the page last saved them: what the pagehide
// keepalive (leave.ts) can still send when the page goes away, and what the thank-you page's
// status line watches. Filled by every save of an entry (keep.ts) and emptied by its forget;
// the outbox in IndexedDB stays the record — this is only this page's view of it.
import type { OutboxEntry } from './store';

export interface Held {
  entry: OutboxEntry;
  /** The row's proof of work, once solved in this page (the entry keeps it only once the insert asks). */
  workNonce: string | null;
  /** The difficulty `workNonce` was solved at: a database that asked for more refuses it. */
  workDifficulty: number | null;
  /** What already left with a keepalive from this page, so a second pagehide does not repeat it. */
  sentAhead: Set<'row' | 'email'>;
}

const held = new Map<string, Held>();
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** The entry as just saved (the same object the delivery goes on changing). */
export function hold(entry: OutboxEntry): void {
  const known = held.get(entry.id);
  if (known) {
    known.entry = entry;
    return;
  }
  held.set(entry.id, { entry, workNonce: entry.workNonce ?? null, workDifficulty: entry.workDifficulty ?? null, sentAhead: new Set() });
  changed();
}

export function noteWork(id: string, nonce: string, difficulty: number): void {
  const known = held.get(id);
  if (known) Object.assign(known, { workNonce: nonce, workDifficulty: difficulty });
}

/** Delivered (or given up): nothing of it is left for this page to send. */
export function release(id: string): void {
  if (held.delete(id)) changed();
}

export function isHeld(id: string): boolean {
  return held.has(id);
}

export function allHeld(): Held[] {
  return [...held.values()];
}

/** Calls `listener` whenever an entry starts or stops being held; returns the unsubscribe. */
export function onHeldChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The response this tab submitted last: the one the thank-you page speaks of. */
let latest: string | null = null;

export function setLatestSubmitted(id: string | null): void {
  latest = id;
  changed();
}

/** Whether the response this tab submitted last is still on its way (null: none submitted here). */
export function latestStillSending(): boolean | null {
  return latest === null ? null : held.has(latest);
}
