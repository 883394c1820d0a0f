// The soak of issue #21 (make test-soak): 200 simulated visitors submit through the site's real
// outbox code (page.ts) to a throwaway local stack whose faults change under them (faults.ts),
// close their tabs at random moments (some with the pagehide keepalive, some killed without),
// come back later — an hour or more on their device's clock, so backoffs are due — and finally
// every response must be found once, as a row or an email, by id (tally.ts). The plan comes
// from SOAK_SEED (printed); the network's timing makes each run's interleaving its own.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import * as core from '../../web/src/core';
import { memoryOutbox } from '../../web/src/outbox/store';
import { yesAnswers } from '../../web/src/test/fakePorts';
import { loadSolver } from '../../web/src/work/solve';
// @ts-expect-error: the stack's helpers are plain JavaScript
import { startStack } from '../stack/test/helpers.mjs';
import { drawFaults, holdMs, kindsOf, type FaultSet } from './faults';
import { DeviceLocks, keepaliveSent, Page, routeFetchThroughPages, type Device } from './page';
import { between, chance, runSeed, stream } from './random';
import { tally, type Visitor } from './tally';

const VISITORS = Number(process.env.SOAK_VISITORS ?? 200);
/** Visitors in their first visit at once; later visits overlap them freely. */
const AT_ONCE = Number(process.env.SOAK_AT_ONCE ?? 16);
/** A visitor who still has a response kept comes back at most this often (then it counts as lost). */
const MAX_VISITS = 40;
/** How much later, on the device's clock, a visitor comes back: past the longest backoff (an hour). */
const COMEBACK_MS = 2 * 60 * 60 * 1000;
const ROOT = process.env.STEPZERO_ROOT!;

interface Stack {
  url: string;
  anonKey: string;
  stop(): Promise<void>;
  post(path: string, body: unknown): Promise<Response>;
  json(path: string): Promise<unknown>;
}

let stack: Stack;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

beforeAll(async () => {
  stack = (await startStack()) as Stack;
  // What the site is built with (web/src/config.ts) for the local backend: `make run`'s values.
  vi.stubEnv('VITE_SUPABASE_URL', stack.url);
  vi.stubEnv('VITE_SUPABASE_ANON_KEY', stack.anonKey);
  vi.stubEnv('VITE_EMAILJS_PUBLIC_KEY', 'soak-public-key');
  vi.stubEnv('VITE_EMAILJS_SERVICE_ID', 'soak-service');
  vi.stubEnv('VITE_EMAILJS_TEMPLATE_ID', 'soak-template');
  vi.stubEnv('VITE_EMAILJS_ORIGIN', stack.url);
  await core.startEngine(readFileSync(join(ROOT, 'pkg/stepzero_core_bg.wasm')));
  await loadSolver(readFileSync(join(ROOT, 'pkg-work/stepzero_work_bg.wasm')));
  // Each page loads the outbox afresh (page.ts); the engine they import is this started one.
  vi.doMock(join(ROOT, 'web/src/core/index.ts'), () => core);
  routeFetchThroughPages();
}, 120_000);

afterAll(async () => {
  await stack?.stop();
});

/** One visitor's answers: a Yes set, a marker only this visitor's answers carry, some long and not ASCII. */
function answersFor(n: number, random: () => number, withFile: boolean): { answers: core.Answers; marker: string } {
  const marker = `[soak-v${String(n).padStart(3, '0')}]`;
  const long = chance(random, 0.1);
  const filler = long ? '見知らぬ人に話しかける'.repeat(170) : 'Talk to a stranger at the bus stop';
  const question1 = `${marker} ${filler}`.slice(0, 2000);
  return { answers: { ...yesAnswers, question1, question6: withFile ? 'Yes' : 'No' }, marker };
}

/** A short video (an MP4's first box, then noise): uploaded as it is, no metadata to remove. */
function video(n: number, random: () => number): File {
  const bytes = new Uint8Array(between(random, 4_000, 60_000)).map(() => Math.floor(random() * 256));
  bytes.set([0, 0, 0, 0x18, ...new TextEncoder().encode('ftypmp42')]);
  return new File([bytes], `clip ${n}.mp4`, { type: 'video/mp4', lastModified: 1_700_000_000_000 });
}

/** How long a tab stays open: often closed at once at the thank-you page, sometimes a while. */
function stayMs(random: () => number): number {
  const r = random();
  if (r < 0.3) return between(random, 0, 300);
  if (r < 0.7) return between(random, 300, 4_000);
  return between(random, 4_000, 12_000);
}

interface Run {
  visitor: Visitor;
  device: Device;
  visits: number;
  closesWithoutPagehide: number;
  withFile: boolean;
}

/** The page stays `ms`, then closes, with pagehide three times in four. */
async function keepOpen(page: Page, ms: number, random: () => number, run: Run): Promise<void> {
  await sleep(ms);
  const pagehide = chance(random, 0.75);
  if (!pagehide) run.closesWithoutPagehide += 1;
  page.close(pagehide);
}

async function firstVisit(n: number, seed: number): Promise<Run> {
  const random = stream(seed, `visitor ${n}`);
  const device: Device = {
    disk: memoryOutbox(),
    locks: new DeviceLocks(),
    clockOffsetMs: 0,
    random: stream(seed, `device ${n}`),
    errors: 0,
  };
  const withFile = chance(random, 0.3);
  const { answers, marker } = answersFor(n, random, withFile);
  const file = withFile ? video(n, random) : null;
  const run: Run = { visitor: { id: null, marker }, device, visits: 1, closesWithoutPagehide: 0, withFile };
  const page = await Page.open(device);
  const delivery = page.submit(answers, file);
  delivery.catch(() => undefined);
  // The thank-you page shows once the response is kept (on the device's disk): the tab may close from then on.
  for (let i = 0; i < 500 && (await device.disk.all()).length === 0; i += 1) {
    if (await Promise.race([delivery.then(() => true), sleep(20).then(() => false)])) break;
  }
  run.visitor.id = page.keptIds[0] ?? null;
  await keepOpen(page, stayMs(random), random, run);
  return run;
}

/** Later visits, each an opened site whose outbox drains as start.ts does, until the device's outbox is empty. */
async function comeBack(run: Run, seed: number, n: number, planned: number): Promise<void> {
  const random = stream(seed, `visits ${n}`);
  while ((await run.device.disk.all()).length > 0 && run.visits < MAX_VISITS) {
    await sleep(between(random, 300, run.visits < planned ? 3_000 : 1_500));
    run.device.clockOffsetMs += COMEBACK_MS;
    run.visits += 1;
    const page = await Page.open(run.device);
    const loaded = page.load();
    loaded.catch(() => undefined);
    // Planned visits close at random; past them the visitor waits for the page's drain, then a little.
    if (run.visits <= planned) await keepOpen(page, stayMs(random), random, run);
    else {
      await Promise.race([loaded, sleep(20_000)]);
      await keepOpen(page, between(random, 0, 1_000), random, run);
    }
  }
}

/** Changes the stack's faults every 0.5-2.5 s until `done` says stop; then clears them. */
async function faultSchedule(seed: number, done: () => boolean, seen: Map<string, number>): Promise<void> {
  const random = stream(seed, 'faults');
  const set = async (faults: FaultSet) => {
    for (let tries = 0; tries < 50; tries += 1) {
      const answer = await stack.post('/__stack/faults', faults).catch(() => null);
      if (answer?.ok) return;
      await sleep(200); // a "refuse" still running cuts this request too
    }
    throw new Error(`could not set the faults ${JSON.stringify(faults)}`);
  };
  while (!done()) {
    const faults = drawFaults(random);
    await set(faults);
    for (const kind of kindsOf(faults)) seen.set(kind, (seen.get(kind) ?? 0) + 1);
    const until = Date.now() + holdMs(random, faults);
    while (!done() && Date.now() < until) await sleep(100);
  }
  await sleep(3_200); // a refusal set last runs out
  await set({});
}

it(`${VISITORS} visitors through the real outbox and local backend, with faults and closed tabs: none lost, none duplicated`, async () => {
  const seed = runSeed(process.env.SOAK_SEED);
  console.log(`soak: seed ${seed} (SOAK_SEED=${seed} draws the same plan again)`);
  const started = Date.now();
  const runs: Run[] = [];
  let inFirstPhase = VISITORS;
  const seen = new Map<string, number>();
  const faults = faultSchedule(seed, () => inFirstPhase === 0, seen);

  // Each visitor: the submission and its planned comebacks under the fault schedule (AT_ONCE
  // at a time), then — once every visitor is past that — comebacks on a calm network until
  // its outbox is empty.
  const later: Promise<void>[] = [];
  let next = 0;
  const lane = async () => {
    while (next < VISITORS) {
      const n = (next += 1);
      const planned = between(stream(seed, `plan ${n}`), 1, 4);
      const run = await firstVisit(n, seed);
      runs.push(run);
      await comeBack(run, seed, n, planned);
      inFirstPhase -= 1;
      later.push(faults.then(() => comeBack(run, seed, n, MAX_VISITS)));
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, lane));
  await faults;
  await Promise.all(later);
  await sleep(3_000); // keepalive requests of the last closed tabs land

  const rows = (await stack.json('/__stack/rows/survey_responses')) as { id: string; media_file_url: string | null }[];
  const objects = new Set(((await stack.json('/__stack/objects/survey_media')) as { name: string }[]).map((object) => object.name));
  const emails = (await stack.json('/__stack/emails')) as { template_params?: Record<string, string> }[];
  const result = tally(
    runs.map((run) => run.visitor),
    { rows: rows.map((row) => ({ id: row.id, text: JSON.stringify(row) })), emails },
  );
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  const visits = runs.reduce((sum, run) => sum + run.visits, 0);
  const killed = runs.reduce((sum, run) => sum + run.closesWithoutPagehide, 0);
  // Files are not counted as lost: spec point 8 saves a response without its file when the upload fails.
  const attached = runs.filter((run) => run.withFile).length;
  const named = rows.filter((row) => row.media_file_url !== null);
  const missing = named.filter((row) => !objects.has(row.media_file_url!)).length;
  const pending = runs.filter((run) => run.visits >= MAX_VISITS).length;
  console.log(
    `soak: ${seconds} s; ${visits} page visits, ${killed} tabs killed without pagehide; ` +
      `pagehide keepalive sent ${keepaliveSent.rows} rows and ${keepaliveSent.emails} emails; ` +
      `${result.asRow} as rows, ${result.asEmailOnly} by email only, ${result.foldedEmails} emails the import folds (a row or an email of that id came first); ` +
      `faults set: ${[...seen].map(([kind, count]) => `${kind} ×${count}`).join(', ')}` +
      `; files: ${attached} attached, ${objects.size} stored, ${missing} rows name one not stored` +
      (pending ? `; ${pending} visitors still holding a response after ${MAX_VISITS} visits` : ''),
  );
  if (result.lostIds.length) console.log(`soak: lost ${result.lostIds.join(', ')}`);
  if (result.strangers.length) console.log(`soak: ids no visitor had: ${result.strangers.join(', ')}`);
  console.log(`soak: ${result.visitors} visitors, ${result.delivered} delivered, ${result.lost} lost, ${result.duplicated} duplicated`);
  expect(result.visitors).toBe(VISITORS);
  expect({ lost: result.lost, duplicated: result.duplicated }).toEqual({ lost: 0, duplicated: 0 });
});
