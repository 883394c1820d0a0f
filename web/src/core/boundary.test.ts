// What the engine's readers tolerate (tests/vectors/boundary.json, also run in Chromium by
// core/tests/wasm_api.rs), through the wasm and, without WebAssembly, its JS translation:
// answers and delivery details kept in visitors' outboxes by earlier builds are read back
// through buildRecord and emailParams. Here too what JSON cannot hold: undefined, NaN, inherited keys.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import * as core from '.';

interface Boundary {
  records: { name: string; answers: core.Answers; meta: core.RecordMeta; expect: core.SurveyResponse }[];
  params: { name: string; answers: core.Answers; record: core.SurveyResponse; file: core.FileInfo | null; expectFields: Record<string, string> }[];
  refused: { name: string; call: 'nextStep' | 'validateStep' | 'validateAll' | 'buildRecord' | 'emailParams'; args: unknown[]; names: string }[];
}

const v = JSON.parse(readFileSync(join(process.env.STEPZERO_ROOT!, 'tests/vectors/boundary.json'), 'utf8')) as Boundary;
const calls = core as unknown as Record<Boundary['refused'][number]['call'], (...args: unknown[]) => unknown>;

// Started here too, so the file runs alone; the shared setup starts the same engine once.
beforeAll(() => core.startEngine(typeof WebAssembly === 'undefined' ? undefined : readFileSync(join(process.env.STEPZERO_ROOT!, 'pkg/stepzero_core_bg.wasm'))));

describe('boundary vectors through the engine wrapper', () => {
  v.records.forEach((c) => it(`buildRecord: ${c.name}`, () => expect(core.buildRecord(c.answers, c.meta)).toEqual(c.expect)));
  v.params.forEach((c) => it(`emailParams: ${c.name}`, () => expect(core.emailParams(c.answers, c.record, c.file)).toMatchObject(c.expectFields)));
  v.refused.forEach((c) =>
    it(`refused: ${c.name}`, () => {
      let thrown: unknown = null;
      try {
        calls[c.call](...c.args);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(Error);
      expect((thrown as Error).message).toMatch(/^answers are malformed/);
      expect((thrown as Error).message).toContain(c.names);
    }),
  );
});

describe('what JSON cannot hold', () => {
  const [first] = v.records;
  const row = first.expect;

  it('undefined is absent, as null is', () => {
    const answers = { ...first.answers, question4b: undefined, question5b: undefined };
    const record = core.buildRecord(answers, { ...first.meta, id: undefined, userAgent: undefined, workNonce: undefined } as unknown as core.RecordMeta);
    expect(record).toEqual({ ...row, user_agent: '' });
    const bare = { ...row, user_agent: undefined, terms_consent: undefined, question7_age: undefined } as unknown as core.SurveyResponse;
    expect(core.emailParams(answers, bare, undefined as unknown as null)).toMatchObject({
      user_agent: '',
      terms_consent: 'false',
      question7_age: '',
      file_info: 'No file attached',
    });
    const file = { name: 'cv.pdf', type: 'application/pdf', size: 10, uploaded: undefined, base64: undefined } as unknown as core.FileInfo;
    expect(core.emailParams(answers, row, file)).toMatchObject({ file_uploaded: 'false', file_size: '10' });
    expect(core.nextStep('3', undefined as unknown as core.Answers)).toBe('4b');
  });

  it('an age that is not a finite number is dropped', () => {
    for (const age of [NaN, Infinity, -Infinity])
      expect(core.emailParams(first.answers, { ...row, question7_age: age }, null).question7_age, String(age)).toBe('');
  });

  it('inherited keys are read', () => {
    expect(core.buildRecord(Object.create(first.answers) as core.Answers, Object.create(first.meta) as core.RecordMeta)).toEqual(row);
  });
});
