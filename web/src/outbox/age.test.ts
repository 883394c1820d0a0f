// When an undelivered response is given up (issue #21 item 6): never because a clock moved, never
// silently, and never before the email backup was tried once more. The rule is the engine's
// (daysSeen, giveUp; its vectors, tests/vectors/outbox-age.json, run in web/src/core/outboxAge.test.ts); the outbox records the counts.
import { describe, expect, it } from 'vitest';
import { fail, fakePorts, NOW, yesAnswers, type FakeOptions } from '../test/fakePorts';
import { drainOutbox } from './drain';
import { keepAndDeliver } from '.';
import type { OutboxEntry } from './store';

const DAY = 24 * 60 * 60 * 1000;

const answers = yesAnswers;

const down = { insert: [fail(500)], email: () => Promise.reject({ status: 500, text: '' }) };

function fakes(options: FakeOptions = down) {
  const f = fakePorts(options);
  const submit = () => keepAndDeliver(answers, null, f.ports, Promise.resolve());
  const drain = () => drainOutbox(f.ports, { force: true });
  const entry = (): OutboxEntry => [...f.outbox.entries.values()][0];
  /** Moves the clock to `ms` exactly (forward or back). */
  const at = (ms: number) => f.later(ms - f.ports.nowMs());
  return { ...f, submit, drain, entry, at };
}

describe('an undelivered response is kept whatever the clock does', () => {
  it('a clock jumped forward by 40 days (a phone slow at submit, then corrected): tried again, not dropped', async () => {
    const f = fakes();
    await f.submit();
    f.later(40 * DAY);
    expect(await f.drain()).toMatchObject({ delivered: 0, left: 1 });
    expect(f.inserts).toHaveLength(2);
    expect(f.emails.length).toBeGreaterThan(1);
    expect(f.entry()).toMatchObject({ daysSeen: 2 });
  });

  it('a clock set back by 40 days does not reset the count for ever: given up on the 30th distinct day tried', async () => {
    const f = fakes();
    await f.submit();
    for (let day = 1; day < 20; day += 1) {
      f.at(NOW + day * DAY);
      await f.drain();
    }
    expect(f.entry()).toMatchObject({ daysSeen: 20 });
    f.at(NOW + 19 * DAY - 40 * DAY);
    await f.drain();
    expect(f.entry()).toMatchObject({ daysSeen: 20 });
    for (let day = 1; day < 10; day += 1) {
      f.at(NOW - 21 * DAY + day * DAY);
      await f.drain();
    }
    expect(f.entry()).toMatchObject({ daysSeen: 29 });
    const emails = f.emails.length;
    f.at(NOW - 11 * DAY);
    expect(await f.drain()).toMatchObject({ delivered: 0, left: 0 });
    expect(f.emails.length).toBeGreaterThan(emails);
    expect(f.outbox.entries.size).toBe(0);
  });

  it('many retries on one day never give it up', async () => {
    const f = fakes();
    await f.submit();
    for (let i = 0; i < 50; i += 1) {
      f.later(60_000);
      await f.drain();
    }
    expect(f.entry()).toMatchObject({ daysSeen: 1 });
    expect(f.outbox.entries.size).toBe(1);
  });

  it('an entry kept in the old shape (no counts), 100 days old by its clock: tried with fresh counts, not dropped', async () => {
    const f = fakes();
    await f.submit();
    const old: Partial<OutboxEntry> = { ...f.entry(), createdMs: NOW - 100 * DAY };
    delete old.daysSeen;
    delete old.lastTriedMs;
    f.outbox.entries.set(old.id!, old as OutboxEntry);
    f.later(60_000);
    expect(await f.drain()).toMatchObject({ left: 1 });
    expect(f.inserts).toHaveLength(2);
    expect(f.entry()).toMatchObject({ daysSeen: 1, lastTriedMs: NOW + 60_000 });
  });
});

describe('giving up', () => {
  /** An entry tried on 29 distinct days already, the last yesterday, first kept 40 days ago. */
  async function almostGivenUp(options: FakeOptions) {
    const f = fakes(options);
    await f.submit();
    f.outbox.entries.set(f.entry().id, { ...f.entry(), createdMs: NOW - 40 * DAY, daysSeen: 29, lastTriedMs: NOW });
    f.later(DAY);
    return f;
  }

  it('the email backup is tried once more before an entry is given up, and delivers it when it works', async () => {
    let emailWorks = false;
    const f = await almostGivenUp({
      insert: [fail(500)],
      email: () => (emailWorks ? Promise.resolve() : Promise.reject({ status: 500, text: '' })),
    });
    const emails = f.emails.length;
    emailWorks = true;
    expect(await f.drain()).toMatchObject({ delivered: 1, left: 0 });
    expect(f.emails.length).toBeGreaterThan(emails);
    expect(f.log.error).not.toHaveBeenCalledWith(expect.stringContaining('Giving up'));
  });

  it('given up only after that last email failed, and loudly (an error naming the response)', async () => {
    const f = await almostGivenUp(down);
    const { id } = f.entry();
    const emails = f.emails.length;
    expect(await f.drain()).toMatchObject({ delivered: 0, left: 0 });
    expect(f.emails.length).toBeGreaterThan(emails);
    expect(f.outbox.entries.size).toBe(0);
    expect(f.log.error).toHaveBeenCalledWith(expect.stringContaining(`Giving up the response ${id}`));
  });
});
