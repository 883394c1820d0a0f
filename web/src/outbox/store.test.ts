// The outbox's store when IndexedDB never answers (WebKit, with another page of the site in its
// back-forward cache mid-transaction): memory takes over after the engine's wait, one hang costs
// one wait, and IndexedDB is used again once it answers.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { constants } from '../core';
import { outboxHasEntries, resilientStore, type OutboxEntry, type OutboxStore } from './store';

const entry = (id: string, attempts = 0) => ({ id, attempts }) as OutboxEntry;

/** A durable store whose calls stay pending until the test answers them. */
function hangingStore() {
  const pending: { op: string; arg: unknown; answer: () => void }[] = [];
  const call = (op: string, arg: unknown, value: unknown) =>
    new Promise<never>((resolve) => pending.push({ op, arg, answer: () => resolve(value as never) }));
  const store: OutboxStore = {
    put: (e) => call('put', e.id, undefined),
    remove: (id) => call('remove', id, undefined),
    all: () => call('all', null, []),
  };
  return { store, pending, ops: () => pending.map((p) => `${p.op} ${p.arg ?? ''}`.trim()) };
}

function logged() {
  const warnings: string[] = [];
  return { warnings, log: { warn: (message: string) => void warnings.push(message) } };
}

describe('resilientStore', () => {
  it('waits for IndexedDB at most the engine store wait', () => {
    expect(constants().storeWaitMs).toBe(2000);
    expect(constants().storeWaitMaxMs).toBe(32_000);
  });

  it('a write IndexedDB never answers is kept in memory after the wait, and read back', async () => {
    const idb = hangingStore();
    const { warnings, log } = logged();
    const store = resilientStore(idb.store, log, { waitMs: () => 10 });
    await store.put(entry('a'));
    expect(await store.all()).toEqual([entry('a')]);
    expect(warnings).toEqual([
      'IndexedDB did not answer within 10 ms; the response is kept in this page and retried while the page stays open.',
    ]);
  });

  it('once stalled, later calls go to memory at once instead of waiting again', async () => {
    const idb = hangingStore();
    const { warnings, log } = logged();
    const store = resilientStore(idb.store, log, { waitMs: () => 10 });
    await store.put(entry('a'));
    await store.put(entry('a', 1));
    await store.put(entry('b'));
    expect(await store.all()).toEqual([entry('a', 1), entry('b')]);
    expect(idb.ops()).toEqual(['put a']);
    expect(warnings).toHaveLength(1);
  });

  it('IndexedDB is used again once the late call answers, and a removal made meanwhile reaches it', async () => {
    const idb = hangingStore();
    const store = resilientStore(idb.store, logged().log, { waitMs: () => 10 });
    await store.put(entry('a'));
    await store.remove('a');
    expect(idb.ops()).toEqual(['put a']);
    idb.pending[0].answer();
    await new Promise((r) => setTimeout(r, 0));
    expect(idb.ops()).toEqual(['put a', 'remove a']);
    idb.pending[1].answer();
    const put = store.put(entry('b'));
    await new Promise((r) => setTimeout(r, 0));
    expect(idb.ops()).toEqual(['put a', 'remove a', 'put b']);
    idb.pending[2].answer();
    await put;
    const all = store.all();
    await new Promise((r) => setTimeout(r, 0));
    idb.pending[3].answer();
    // Stored durably, so memory let its copy go; the durable read (empty here) is what is listed.
    expect(await all).toEqual([]);
  });

  it('what memory took while IndexedDB did not answer goes to disk once it answers', async () => {
    const idb = hangingStore();
    const store = resilientStore(idb.store, logged().log, { waitMs: () => 10 });
    await store.put(entry('a'));
    await store.put(entry('b'));
    const tick = () => new Promise((r) => setTimeout(r, 0));
    idb.pending[0].answer();
    await tick();
    expect(idb.ops()).toEqual(['put a', 'put a']);
    idb.pending[1].answer();
    await tick();
    expect(idb.ops()).toEqual(['put a', 'put a', 'put b']);
    idb.pending[2].answer();
    await tick();
    // Both on disk now: memory let its copies go, so the list is what IndexedDB holds.
    const all = store.all();
    await tick();
    expect(idb.ops()).toEqual(['put a', 'put a', 'put b', 'all']);
    idb.pending[3].answer();
    expect(await all).toEqual([]);
  });

  it('a read IndexedDB never answers lists what memory holds', async () => {
    const idb = hangingStore();
    const store = resilientStore(idb.store, logged().log, { waitMs: () => 10 });
    expect(await store.all()).toEqual([]);
    await store.put(entry('a'));
    expect(await store.all()).toEqual([entry('a')]);
  });

  it("the service worker's read: one IndexedDB does not answer, or refuses, fails, so its sync is fired again, not taken for an empty outbox", async () => {
    const idb = hangingStore();
    const store = resilientStore(idb.store, logged().log, { waitMs: () => 10, unreadFails: true });
    await expect(store.all()).rejects.toThrow('The outbox could not be read');
    await expect(store.all()).rejects.toThrow('The outbox could not be read'); // stalled: not asked again meanwhile
    const refusing = resilientStore({ ...idb.store, all: () => Promise.reject(new DOMException('disk', 'UnknownError')) }, logged().log, {
      unreadFails: true,
    });
    await expect(refusing.all()).rejects.toThrow('The outbox could not be read');
  });

  it('says once IndexedDB answers again, after memory is written back, so a read made meanwhile is made again', async () => {
    const idb = hangingStore();
    const heard: string[] = [];
    const store = resilientStore(idb.store, logged().log, { waitMs: () => 10, onAnswerAgain: () => void heard.push(idb.ops().join(', ')) });
    await store.put(entry('a'));
    expect(await store.all()).toEqual([entry('a')]);
    expect(heard).toEqual([]);
    idb.pending[0].answer();
    await new Promise((r) => setTimeout(r, 0));
    expect(heard).toEqual([]); // the write-back is under way
    idb.pending[1].answer();
    await new Promise((r) => setTimeout(r, 0));
    expect(heard).toEqual(['put a, put a']);
  });
});

describe('the page load check for kept responses', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('without an answer in time says no, then asks for a retry when IndexedDB answers that one waits', async () => {
    vi.useFakeTimers();
    // An IndexedDB whose open answers only when the test says so, holding one response.
    let answerOpen: () => void = () => undefined;
    const countRequest = { result: 1 } as { result: number; onsuccess?: () => void };
    const db = {
      transaction: () => {
        const tx = { oncomplete: () => undefined, objectStore: () => ({ count: () => countRequest }) };
        setTimeout(() => (countRequest.onsuccess?.(), tx.oncomplete()), 0);
        return tx;
      },
    };
    vi.stubGlobal('indexedDB', {
      databases: async () => [{ name: 'stepzero-outbox' }],
      open: () => {
        const request = { result: db } as { result: typeof db; onsuccess?: () => void };
        answerOpen = () => request.onsuccess?.();
        return request;
      },
    });
    const lateYes = vi.fn();
    const has = outboxHasEntries(lateYes);
    await vi.advanceTimersByTimeAsync(constants().storeWaitMs);
    expect(await has).toBe(false);
    expect(lateYes).not.toHaveBeenCalled();
    answerOpen();
    await vi.advanceTimersByTimeAsync(1);
    expect(lateYes).toHaveBeenCalledTimes(1);
  });
});
