// What a drain does with a response it no longer finds (delivered by another tab or the service
// worker): it lets go of it in this page, so the thank-you line stops saying "still being sent".
import { afterEach, describe, expect, it } from 'vitest';
import { fakePorts, yesAnswers } from '../test/fakePorts';
import { drainOutbox, releaseDelivered } from './drain';
import { allHeld, isHeld, release } from './held';
import { keepResponse } from './keep';
import { withLock } from './lock';
import { memoryOutbox, type OutboxStore } from './store';

afterEach(() => {
  for (const held of allHeld()) release(held.entry.id);
});

let ids = 0;

/** A response this page kept (and holds), in `store`. */
async function keptIn(store: OutboxStore) {
  const f = fakePorts({ store });
  return {
    f,
    entry: await keepResponse(`00000000-0000-4000-8000-0000000001${String((ids += 1)).padStart(2, '0')}`, yesAnswers, null, f.ports),
  };
}

describe('a response delivered elsewhere', () => {
  it('is let go of by the drain that finds it gone once it holds its lock', async () => {
    const disk = memoryOutbox();
    let reads = 0;
    // Listed by the drain, then delivered by the worker before the drain takes its lock.
    const store: OutboxStore = {
      ...disk,
      all: async () => {
        const listed = await disk.all();
        if ((reads += 1) === 1) for (const entry of listed) await disk.remove(entry.id);
        return listed;
      },
    };
    const { f, entry } = await keptIn(store);
    expect(isHeld(entry.id)).toBe(true);
    expect(await drainOutbox(f.ports, { force: true })).toMatchObject({ delivered: 1, left: 0 });
    expect(f.inserts).toEqual([]);
    expect(isHeld(entry.id)).toBe(false);
  });

  it('is let go of when the worker says it has drained and the outbox no longer has it; what is still there stays held', async () => {
    const disk = memoryOutbox();
    const { entry: gone } = await keptIn(disk);
    const { entry: kept } = await keptIn(disk);
    await disk.remove(gone.id);
    await releaseDelivered([disk]);
    expect(isHeld(gone.id)).toBe(false);
    expect(isHeld(kept.id)).toBe(true);
  });

  it('is let go of only when every store read answers without it (memory may hold what IndexedDB refused)', async () => {
    const disk = memoryOutbox();
    const memory = memoryOutbox();
    const { entry: inMemory } = await keptIn(disk);
    await memory.put(inMemory);
    await disk.remove(inMemory.id);
    await releaseDelivered([disk, memory]);
    expect(isHeld(inMemory.id)).toBe(true);
    const failing: OutboxStore = { ...disk, all: () => Promise.reject(new Error('IndexedDB refused')) };
    await releaseDelivered([failing]);
    expect(isHeld(inMemory.id)).toBe(true);
  });
});

describe('when the next drain is due', () => {
  it('an entry whose next try cannot be read, held by another context meanwhile, is due now: the retry timer is still set', async () => {
    const disk = memoryOutbox();
    const { f, entry } = await keptIn(disk);
    await disk.put({ ...entry, nextAttemptMs: NaN });
    let letGo = () => {};
    const held = withLock(entry.id, () => new Promise<void>((resolve) => (letGo = resolve)));
    expect(await drainOutbox(f.ports)).toMatchObject({ delivered: 0, left: 1, nextDueMs: f.ports.nowMs() });
    letGo();
    await held;
  });
});
