// The soak's fault schedule: the local gateway's faults (tests/stack/lib/faults.mjs) are global
// to the stack, so they change over time while the visitors run: every 0.5-2.5 s a new set is
// drawn (or the network is calm for a while). Every kind the issue names comes up: refused
// connections, 5xx, dropped connections, slow answers, and email refusals.
import { between, chance, pick } from './random';

export type FaultSet = Record<string, unknown>;

const INSERT = [500, 503, 'drop', 'commit-drop', 'delay:1500', 'delay:4000'];
const UPLOAD = [500, 503, 'drop', 'trickle:8000', 'trickle:30000'];
const EMAIL = [500, 429, 'drop', 400, 'limit:51200'];

/** One draw: calm about one time in four, else one to three calls failing, sometimes the whole network. */
export function drawFaults(random: () => number): FaultSet {
  if (chance(random, 0.25)) return {};
  const set: FaultSet = {};
  if (chance(random, 0.6)) set.insert = pick(random, INSERT);
  if (chance(random, 0.4)) set.upload = pick(random, UPLOAD);
  if (chance(random, 0.4)) set.email = pick(random, EMAIL);
  if (chance(random, 0.15)) set.refuse = between(random, 300, 3000);
  return set;
}

/** How long a set stays before the next draw; a refusal is never cut short (its POST would be refused too). */
export function holdMs(random: () => number, set: FaultSet): number {
  return Math.max(between(random, 500, 2500), typeof set.refuse === 'number' ? set.refuse + 100 : 0);
}

/** Short names for the run's summary: how often each kind was set. */
export function kindsOf(set: FaultSet): string[] {
  return Object.entries(set).map(([call, value]) => (call === 'refuse' ? 'refuse' : `${call} ${String(value).replace(/:\d+$/, '')}`));
}
