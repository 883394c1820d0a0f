// When the outbox gives an undelivered response up, through the engine wrapper (wasm, and the JS
// build without it), with the vectors `cargo test` runs (tests/vectors/outbox-age.json).
import { describe, expect, it } from 'vitest';
import * as core from '.';
import { vectors } from '../test/vectors';

interface AgeVectors {
  daysSeen: { days: number; last: number | null; now: number | null; expect: number }[];
  giveUp: [number, boolean, boolean][];
  isDue: [number | null, number | null, boolean][];
  journeys: { name: string; start: { days: number | null; last: number | null }; tries: number[]; giveUpAt: number | null }[];
}

const v = vectors<AgeVectors>('outbox-age');
const nan = (ms: number | null) => ms ?? NaN;

describe('outbox-age vectors through the engine wrapper', () => {
  v.daysSeen.forEach((c) =>
    it(`daysSeen(${c.days}, ${c.last}, ${c.now}) is ${c.expect}`, () => expect(core.daysSeen(c.days, nan(c.last), nan(c.now))).toBe(c.expect)),
  );
  v.giveUp.forEach(([days, lastWayFailed, expected]) =>
    it(`giveUp(${days}, ${lastWayFailed}) is ${expected}`, () => expect(core.giveUp(days, lastWayFailed)).toBe(expected)),
  );
  v.isDue.forEach(([next, now, expected]) =>
    it(`isDue(${next}, ${now}) is ${expected}`, () => expect(core.isDue(nan(next), nan(now))).toBe(expected)),
  );
  v.journeys.forEach((c) =>
    it(c.name, () => {
      let days = c.start.days ?? 0;
      let last = nan(c.start.last);
      let givenUp: number | null = null;
      for (const [i, now] of c.tries.entries()) {
        days = core.daysSeen(days, last, now);
        last = now;
        if (core.giveUp(days, true)) {
          givenUp = i;
          break;
        }
      }
      expect(givenUp).toBe(c.giveUpAt);
    }),
  );
});

