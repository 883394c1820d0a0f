// The wrapper passes values through to the wasm engine unchanged: run the shared vectors
// through it (the same cases `cargo test` runs natively), so a boundary bug shows up here.
import { describe, expect, it } from 'vitest';
import * as core from '.';
import { vectors } from '../test/vectors';

type Case = { name?: string; step?: string; target?: string; answers?: core.Answers; expect: unknown };

const flow = vectors<Record<string, Case[] & string[]>>('flow');
const state = vectors<Record<string, unknown[]>>('state');
const validation = vectors<Record<string, unknown>>('validation');
const records = vectors<Record<string, unknown[]>>('records');

const label = (c: Case, i: number) => c.name ?? `${c.step ?? c.target ?? ''} #${i}`;

describe('flow vectors through the wasm wrapper', () => {
  flow.next.forEach((c, i) => it(`next: ${label(c, i)}`, () => expect(core.nextStep(c.step!, c.answers ?? {})).toBe(c.expect)));
  flow.previous.forEach((c, i) => it(`previous: ${label(c, i)}`, () => expect(core.previousStep(c.step!, c.answers ?? {})).toBe(c.expect)));
  flow.reachable.forEach((c, i) => it(`reachable: ${label(c, i)}`, () => expect(core.reachableStep(c.target!, c.answers ?? {})).toBe(c.expect)));
  flow.progress.forEach((c, i) => it(`progress: ${label(c, i)}`, () => expect(core.progress(c.step!)).toBeCloseTo(c.expect as number, 10)));
  flow.thankYouType.forEach((c, i) => it(`thankYouType #${i}`, () => expect(core.thankYouType(c.answers ?? {})).toBe(c.expect)));
  it('knows the same step ids as the engine, in its order', () => expect(core.STEP_IDS).toEqual(core.stepIds()));
  it('numbers each step as its progress counts it', () => {
    for (const step of core.STEP_IDS) expect(core.stepNumber(step) / core.constants().progressSteps).toBeCloseTo(core.progress(step), 10);
    expect(['4a', '4b', '4b-other'].map(core.stepNumber)).toEqual([4, 4, 4]);
  });
  it('refuses unknown step ids with an Error', () => {
    for (const bad of flow.unknownSteps as unknown as string[]) expect(() => core.nextStep(bad, {})).toThrow();
  });
  it('walks each route from step 1 with nextStep', () => {
    for (const c of flow.route) {
      const seen: string[] = [];
      let step: string = '1';
      while (step !== 'submit' && seen.length < 20) {
        seen.push(step);
        step = core.nextStep(step, c.answers ?? {});
      }
      expect(seen, c.name).toEqual(c.expect);
    }
  });
});

describe('validation vectors through the wasm wrapper', () => {
  (validation.steps as Case[]).forEach((c, i) =>
    it(`validateStep: ${label(c, i)}`, () => expect(core.validateStep(c.step!, c.answers ?? {})).toEqual(c.expect)),
  );
  (validation.validateAll as Case[]).forEach((c, i) => it(`validateAll: ${label(c, i)}`, () => expect(core.validateAll(c.answers ?? {})).toEqual(c.expect)));
  it('digitsOnly', () => {
    for (const [input, output] of validation.digitsOnly as [string, string][]) expect(core.digitsOnly(input)).toBe(output);
  });
  (validation.attachments as { name: string; size: number; type: string; fileName: string; expect: unknown }[]).forEach((c) =>
    it(`checkAttachment: ${c.name}`, () => {
      const result = core.checkAttachment(c.size, c.type, c.fileName);
      if (c.expect === null) expect(result).toBeNull();
      else expect(result).toMatchObject(c.expect as object);
    }),
  );
});

describe('state vectors through the wasm wrapper', () => {
  (state.repeatVisit as { name: string; now: number; surveyCompleted: string | null; completionTime: string | null; lastThankYouType: string | null; expect: unknown }[]).forEach((c) =>
    it(`repeatVisitThankYou: ${c.name}`, () => expect(core.repeatVisitThankYou(c.now, c.surveyCompleted, c.completionTime, c.lastThankYouType)).toBe(c.expect)),
  );
  (state.restore as Case[]).forEach((c, i) => it(`shouldRestoreAnswers: ${label(c, i)}`, () => expect(core.shouldRestoreAnswers(c.answers ?? {})).toBe(c.expect)));
  it('parseCookieChoice and parseThankYouType', () => {
    for (const [raw, out] of state.cookieChoice as [string | null, string | null][]) expect(core.parseCookieChoice(raw)).toBe(out);
    for (const [raw, out] of state.thankYouTypes as [string, string | null][]) expect(core.parseThankYouType(raw)).toBe(out);
  });
});

describe('record vectors through the wasm wrapper', () => {
  (records.records as { name: string; answers: core.Answers; meta: core.RecordMeta; expect?: object; expectField?: object; expectError?: string; expectBadArgument?: boolean }[]).forEach((c) =>
    it(`buildRecord: ${c.name}`, () => {
      if (c.expectError || c.expectBadArgument) {
        expect(() => core.buildRecord(c.answers, c.meta)).toThrow();
        return;
      }
      const record = core.buildRecord(c.answers, c.meta);
      if (c.expect) expect(record).toEqual(c.expect);
      if (c.expectField) expect(record).toMatchObject(c.expectField);
    }),
  );
  (records.objectNames as { name: string; ms: number; fileName: string; expect: string }[]).forEach((c) =>
    it(`storageObjectName: ${c.name}`, () => expect(core.storageObjectName(c.ms, c.fileName)).toBe(c.expect)),
  );
});

describe('the build the browser allows', () => {
  it('is the wasm, or without WebAssembly its JavaScript translation, which leaves WebAssembly absent', () => {
    expect(typeof WebAssembly === 'undefined').toBe(process.env.STEPZERO_NO_WASM === '1');
    expect(core.nextStep('1', {})).toBe('2');
  });
});

describe('engine constants and choices used by the screens', () => {
  it('has the spec timings', () => {
    expect(core.constants()).toMatchObject({ introMs: 3500, repeatVisitWindowMs: 60000, submittedMs: 2250, workDelayMs: 18, emailAttempts: 3, emailRetryMs: 2000, copyrightYear: 2025, policyEffectiveDate: '08/20/2025' });
  });
  it('lists the options in display order', () => {
    const c = core.choices();
    expect(c.question3).toEqual(['Yes', 'Not Yet']);
    expect(c.question4b).toEqual(["I'm too nervous", "I don't have time", "I don't think it would benefit me", "I'm not interested", 'Other']);
    expect(c.gender).toEqual(['Male', 'Female', 'Non-Binary']);
  });
});
