// The outbox's delivery rules through the wasm wrapper, with the same vectors `cargo test` runs
// (tests/vectors/outbox.json): a boundary bug (a status or a flag lost on the way) shows here.
import { describe, expect, it } from 'vitest';
import * as core from '.';
import { vectors } from '../test/vectors';

interface OutboxVectors {
  insert: { status: number; code: string; earlierUnanswered: boolean; expect: string }[];
  upload: { status: number; message: string; earlierUnknown: boolean; expect: string }[];
  retryDelay: { attempt: number; jitter: number; expect: number }[];
  nextObjectName: [string, string][];
  honeypot: [string, boolean][];
  email: { status: number; text: string; expect: string }[];
  uuidV4: [string, string][];
  metadataRemoval: { head: string; type: string; name: string; expect: boolean }[];
}

const bytes = (hex: string) => Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16));

const v = vectors<OutboxVectors>('outbox');

describe('outbox vectors through the wasm wrapper', () => {
  v.insert.forEach((c) =>
    it(`classifyInsert(${c.status}, "${c.code}", ${c.earlierUnanswered}) is ${c.expect}`, () =>
      expect(core.classifyInsert(c.status, c.code, c.earlierUnanswered)).toBe(c.expect)),
  );
  v.upload.forEach((c) =>
    it(`classifyUpload(${c.status}, "${c.message}", ${c.earlierUnknown}) is ${c.expect}`, () => expect(core.classifyUpload(c.status, c.message, c.earlierUnknown)).toBe(c.expect)),
  );
  v.retryDelay.forEach((c) => it(`retryDelayMs(${c.attempt}, ${c.jitter}) is ${c.expect}`, () => expect(core.retryDelayMs(c.attempt, c.jitter)).toBe(c.expect)));
  v.nextObjectName.forEach(([name, next]) => it(`nextObjectName(${name})`, () => expect(core.nextObjectName(name)).toBe(next)));
  v.email.forEach((c) => it(`classifyEmail(${c.status}, "${c.text}") is ${c.expect}`, () => expect(core.classifyEmail(c.status, c.text)).toBe(c.expect)));
  v.uuidV4.forEach(([hex, uuid]) => it(`uuidV4(${hex})`, () => expect(core.uuidV4(bytes(hex))).toBe(uuid)));
  v.metadataRemoval.forEach((c) =>
    it(`needsMetadataRemoval(${c.head.slice(0, 16)}…, "${c.type}", ${c.name}) is ${c.expect}`, () => expect(core.needsMetadataRemoval(bytes(c.head), c.type, c.name)).toBe(c.expect)),
  );
  it('uuidV4 refuses anything but 16 bytes', () => expect(() => core.uuidV4(new Uint8Array(15))).toThrow('16 random bytes'));
  v.honeypot.forEach(([value, store]) => it(`shouldStore(${JSON.stringify(value)}) is ${store}`, () => expect(core.shouldStore(value)).toBe(store)));
  it('buildRecord keeps the client id, lower-cased, and refuses one that is not a UUID', () => {
    const answers: core.Answers = { question1: 'a', question2: 'b', question3: 'Not Yet', question4b: "I'm too nervous", question5b: 'No', question6: 'No', age: '30', gender: 'Male', termsConsent: true };
    const meta = { completionTime: '2026-01-01T00:00:00.000Z', userAgent: 'x' };
    expect(core.buildRecord(answers, { ...meta, id: '0B6F4A6E-3C1D-4F7E-9A2B-1C2D3E4F5A6B' }).id).toBe('0b6f4a6e-3c1d-4f7e-9a2b-1c2d3e4f5a6b');
    expect(() => core.buildRecord(answers, { ...meta, id: 'not-a-uuid' })).toThrow();
  });
  it('uploadContentType gives null, not undefined, for a type the bucket refuses', () => {
    expect(core.uploadContentType('', 'image.jpg')).toBe('image/jpeg');
    expect(core.uploadContentType('image/svg+xml', 'x.svg')).toBeNull();
  });
});
