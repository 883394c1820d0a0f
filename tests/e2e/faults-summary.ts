// Playwright global setup for the fault matrix (tests/e2e/faults*.spec.ts): empties the folder
// each scenario writes its outcome to, and at the end of the run prints
//   faults: <n> scenarios, <n> ok, <lost> lost, <duplicated> duplicated
// from those outcomes, which each scenario computed from what the backend actually stored.
import { mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

export const FAULTS_DIR = join(process.cwd(), 'target/e2e-results/faults');

export interface ScenarioOutcome {
  name: string;
  ok: boolean;
  lost: number;
  duplicated: number;
}

export default function globalSetup() {
  rmSync(FAULTS_DIR, { recursive: true, force: true });
  mkdirSync(FAULTS_DIR, { recursive: true });
  return () => {
    let files: string[];
    try {
      files = readdirSync(FAULTS_DIR).filter((file) => file.endsWith('.json'));
    } catch {
      return;
    }
    if (files.length === 0) return; // the matrix did not run (a subset of the suite)
    const outcomes = files.map((file) => JSON.parse(readFileSync(join(FAULTS_DIR, file), 'utf8')) as ScenarioOutcome);
    const sum = (pick: (o: ScenarioOutcome) => number) => outcomes.reduce((total, o) => total + pick(o), 0);
    for (const o of outcomes.filter((x) => !x.ok)) console.log(`faults: NOT OK: ${o.name}`);
    console.log(
      `faults: ${outcomes.length} scenarios, ${sum((o) => (o.ok ? 1 : 0))} ok, ${sum((o) => o.lost)} lost, ${sum((o) => o.duplicated)} duplicated`,
    );
  };
}
