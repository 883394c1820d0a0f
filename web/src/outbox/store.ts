// The outbox: every submitted response is kept here, in IndexedDB, before any network call, and
// leaves only once the database or the email backup has it. A separate database from
// localStorage on purpose: opening / clears the saved answers, never an undelivered response.
// When IndexedDB is missing or refuses a write (full, some private modes), the response is kept
// in this page's memory instead and retried from there while the page stays open.
import { constants, type Answers } from '../core';
import { NO_ANSWER, within } from './within';

/** The attached file as bytes: a copy that survives the tab, whatever happens to the original. */
export interface StoredFile {
  bytes: ArrayBuffer;
  name: string;
  type: string;
  lastModified: number;
}

export interface OutboxEntry {
  /** The client-generated UUID: the row's primary key, so a retry can never make a second row. */
  id: string;
  createdMs: number;
  answers: Answers;
  /** The record's clock and browser facts, fixed at submit so every retry sends the same row. */
  completionTime: string;
  userAgent: string;
  file: StoredFile | null;
  /** The storage object name, fixed when the response enters the outbox; moves on only when taken. */
  objectName: string | null;
  /** todo: not stored yet; done: stored under objectName; gaveUp: refused, or not safe to upload. */
  upload: 'todo' | 'done' | 'gaveUp';
  /** An upload under objectName was sent and no answer came back (lost, or the tab closed). */
  uploadUnanswered: boolean;
  attempts: number;
  nextAttemptMs: number;
  /**
   * On how many distinct days it was tried, and the clock at its last try (the engine's
   * daysSeen): what giving it up is judged by, never its age by the clock. Absent in entries
   * kept before they existed, which count from nought.
   */
  daysSeen?: number;
  lastTriedMs?: number | null;
  /** The proof of work for this id and completion time, once solved; kept so retries never solve again. */
  workNonce?: string | null;
  /** The difficulty it is solved for: the engine's default, or more when the database asked. */
  workDifficulty?: number;
}

/** What the delivery code needs from the store; IndexedDB in the browser, a Map in unit tests. */
export interface OutboxStore {
  put(entry: OutboxEntry): Promise<void>;
  remove(id: string): Promise<void>;
  all(): Promise<OutboxEntry[]>;
}

const DB_NAME = 'stepzero-outbox';
const STORE = 'responses';

function request<T>(req: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
  });
}

let dbPromise: Promise<IDBDatabase> | null = null;

function open(): Promise<IDBDatabase> {
  dbPromise ??= new Promise<IDBDatabase>((resolve, reject) => {
    const req = indexedDB.open(DB_NAME, 1);
    req.onupgradeneeded = () => req.result.createObjectStore(STORE, { keyPath: 'id' });
    req.onsuccess = () => resolve(req.result);
    req.onerror = () => reject(req.error);
    // Another tab holding an older version: wait for it rather than fail.
    req.onblocked = () => console.warn('The outbox database is blocked by another tab.');
  }).catch((error: unknown) => {
    dbPromise = null; // let a later visit try again
    throw error;
  });
  return dbPromise;
}

async function run<T>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  const db = await open();
  const tx = db.transaction(STORE, mode);
  // Resolve only once committed: a response counts as kept when it is on disk.
  const committed = new Promise<void>((resolve, reject) => {
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error);
  });
  const result = await request(work(tx.objectStore(STORE)));
  await committed;
  return result;
}

export const indexedDbOutbox: OutboxStore = {
  put: async (entry) => {
    await run('readwrite', (store) => store.put(entry));
  },
  remove: async (id) => {
    await run('readwrite', (store) => store.delete(id));
  },
  all: () => run('readonly', (store) => store.getAll() as IDBRequest<OutboxEntry[]>),
};

/**
 * Whether anything waits in the outbox. Does not create the database on a first visit when the
 * browser can list databases (indexedDB.databases), so a visitor who never submits gets none.
 * Bounded like every other outbox call: without an answer in time it says no, and calls
 * `onLateYes` if IndexedDB later answers that something waits.
 */
export async function outboxHasEntries(onLateYes: () => void = () => undefined): Promise<boolean> {
  if (!hasIndexedDb()) return false;
  const count = async () => {
    if (typeof indexedDB.databases === 'function') {
      const names = (await indexedDB.databases()).map((db) => db.name);
      if (!names.includes(DB_NAME)) return 0;
    }
    return run('readonly', (store) => store.count());
  };
  const counting = count();
  const counted = await within(counting, constants().storeWaitMs);
  if (counted !== NO_ANSWER) return counted > 0;
  console.warn('IndexedDB did not answer; the outbox is retried on this page if it answers later.');
  counting.then(
    (late) => late > 0 && onLateYes(),
    () => undefined,
  );
  return false;
}

/** Whether this browser can keep an outbox at all (not in some private modes, not in jsdom). */
export const hasIndexedDb = (): boolean => typeof indexedDB !== 'undefined';

/** A store that lives only as long as the page: the fallback when IndexedDB is unavailable. */
export function memoryOutbox(): OutboxStore & { entries: Map<string, OutboxEntry> } {
  const entries = new Map<string, OutboxEntry>();
  return {
    entries,
    put: async (entry) => {
      entries.set(entry.id, structuredClone(entry));
    },
    remove: async (id) => {
      entries.delete(id);
    },
    all: async () => [...entries.values()].map((entry) => structuredClone(entry)),
  };
}

export interface ResilientOptions {
  /** How long a call to the durable store may take before memory takes over (the engine's storeWaitMs). */
  waitMs?: () => number;
  /**
   * Called once a call that went unanswered has answered at last (memory's entries written
   * back): a read made meanwhile saw only memory, so whoever read should read again.
   */
  onAnswerAgain?: () => void;
  /**
   * A read IndexedDB did not answer (or refused) throws instead of listing memory alone. The
   * service worker's: it has no later moment of its own to read again, so its sync must fail
   * and be fired again rather than end as if the outbox were empty.
   */
  unreadFails?: boolean;
}

/**
 * IndexedDB when it works, this page's memory when it does not: a write IndexedDB refuses
 * (quota, private mode) or does not answer within the engine's storeWaitMs lands in memory, so
 * the response is still delivered and retried while the page stays open. Memory holds the
 * newest copy of an entry when both have one. No answer is WebKit's way when another page of
 * the site sits in its back-forward cache with a transaction under way: every later transaction
 * on the store waits for that page (tests/engines/scenarios.mjs). Until the late call answers,
 * the store is not asked again, so one hang costs one wait, not one per write.
 */
export function resilientStore(durable: OutboxStore | null, log: Pick<Console, 'warn'>, options: ResilientOptions = {}): OutboxStore {
  const memory = memoryOutbox();
  const waitMs = options.waitMs ?? (() => constants().storeWaitMs);
  let stalled: Promise<unknown> | null = null;
  // Each late answer doubles the wait, up to the engine's storeWaitMaxMs: an IndexedDB that is
  // slow rather than stuck is then waited for, instead of every read missing the wait and
  // asking for the next one for ever.
  let lateAnswers = 0;

  /** `call`'s answer, or NO_ANSWER once the wait has passed (the store is then stalled until it answers). */
  const answered = async <T>(call: Promise<T>): Promise<T | typeof NO_ANSWER> => {
    const ms = Math.min(waitMs() * 2 ** lateAnswers, constants().storeWaitMaxMs);
    const result = await within(call, ms);
    if (result !== NO_ANSWER) return result;
    stalled = call;
    const settled = async (answeredAtLast: boolean) => {
      if (stalled !== call) return;
      stalled = null;
      lateAnswers += 1;
      if (answeredAtLast) await writeBack();
      if (!stalled) options.onAnswerAgain?.(); // the write-back may have stalled it again
    };
    call.then(
      () => void settled(true),
      () => void settled(false),
    );
    log.warn(`IndexedDB did not answer within ${ms} ms; the response is kept in this page and retried while the page stays open.`);
    return NO_ANSWER;
  };

  /**
   * What memory took while IndexedDB did not answer goes to disk once it answers again, so a
   * closed tab no longer loses it (each copy leaves memory only if no newer one came meanwhile).
   */
  const writeBack = async () => {
    for (const copy of [...memory.entries.values()]) {
      if (!durable || stalled) return;
      try {
        if ((await answered(durable.put(copy))) === NO_ANSWER) return;
        if (memory.entries.get(copy.id) === copy) memory.entries.delete(copy.id);
      } catch {
        return; // refused (full): memory keeps it, as for any refused write
      }
    }
  };

  /** What IndexedDB holds: NO_ANSWER while it is stalled, or when it fails or does not answer in time. */
  const readDurable = async (): Promise<OutboxEntry[] | typeof NO_ANSWER> => {
    if (!durable) return [];
    if (stalled) return NO_ANSWER;
    return answered(durable.all()).catch((): typeof NO_ANSWER => NO_ANSWER);
  };

  return {
    put: async (entry) => {
      if (durable && !stalled) {
        try {
          if ((await answered(durable.put(entry))) !== NO_ANSWER) {
            memory.entries.delete(entry.id);
            return;
          }
        } catch (error) {
          log.warn('Could not keep the response in IndexedDB; it is kept in this page and retried while the page stays open.', error);
        }
      }
      await memory.put(entry);
    },
    remove: async (id) => {
      memory.entries.delete(id);
      if (!durable) return;
      if (stalled) {
        // Removed once the store answers again. A later visit that still finds the entry
        // sends it again: the database answers 409 for its id, or stores it once if only the
        // email had taken it.
        const remove = () => durable.remove(id);
        stalled.then(remove, remove).catch((error: unknown) => log.warn('Could not remove a delivered response from IndexedDB.', error));
        return;
      }
      await answered(durable.remove(id));
    },
    all: async () => {
      const read = await readDurable();
      if (read === NO_ANSWER && options.unreadFails) throw new Error('The outbox could not be read: IndexedDB did not answer.');
      const onDisk = read === NO_ANSWER ? [] : read;
      const inMemory = await memory.all();
      return [...inMemory, ...onDisk.filter((entry) => !memory.entries.has(entry.id))];
    },
  };
}
