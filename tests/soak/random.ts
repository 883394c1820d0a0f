// The soak's seeded randomness: one generator per purpose, all from SOAK_SEED, so a run's plan
// (who attaches a file, when each tab closes, which fault comes when) is the same again. The
// interleaving of network answers is not: the machine's timing decides it.

/** mulberry32: small, fast, good enough to draw a test plan from. */
export function generator(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A generator for one purpose (`label`) of the run seeded `seed`. */
export function stream(seed: number, label: string): () => number {
  let hash = seed >>> 0;
  for (const char of label) hash = Math.imul(hash ^ char.charCodeAt(0), 0x01000193) >>> 0;
  return generator(hash);
}

export const between = (random: () => number, low: number, high: number): number => low + Math.floor(random() * (high - low + 1));

export const chance = (random: () => number, p: number): boolean => random() < p;

export function pick<T>(random: () => number, items: readonly T[]): T {
  return items[Math.floor(random() * items.length)];
}

/** The run's seed: SOAK_SEED when set (to reproduce a run), else a fresh one. */
export function runSeed(env: string | undefined): number {
  if (env !== undefined && env.trim() !== '') {
    const seed = Number(env);
    if (!Number.isInteger(seed) || seed < 0 || seed > 0xffffffff)
      throw new Error(`SOAK_SEED must be an integer 0..4294967295, not "${env}"`);
    return seed;
  }
  return Math.floor(Math.random() * 0xffffffff);
}
