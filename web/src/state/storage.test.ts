import { describe, expect, it } from 'vitest';
import { parseAnswers, readStartupState, rememberedReference, storeCompletion, REFERENCE_KEY } from './storage';

describe('stored answers', () => {
  it('keeps string answers and a boolean consent, drops anything else', () => {
    expect(parseAnswers('{"question1":"a","age":34,"termsConsent":true,"x":[1]}')).toEqual({ question1: 'a', termsConsent: true });
  });
  it('treats broken JSON as no answers', () => {
    expect(parseAnswers('{oops')).toEqual({});
    expect(parseAnswers('[1]')).toEqual({});
    expect(parseAnswers(null)).toEqual({});
  });
  it('lets a storage read failure at start surface (the app shows the fallback screen)', () => {
    const original = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new Error('denied');
    };
    try {
      expect(() => readStartupState()).toThrow('denied');
    } finally {
      Storage.prototype.getItem = original;
    }
  });
});

describe('the reference shown on the thank-you page (#22)', () => {
  it('is kept for its thank-you type only, and forgotten by a completion without one', () => {
    sessionStorage.clear();
    expect(rememberedReference('completed')).toBeNull(); // a deep link: nothing known
    storeCompletion('completed', 1, '3JD4-Y3KV');
    expect(rememberedReference('completed')).toBe('3JD4-Y3KV');
    expect(rememberedReference('not-completed')).toBeNull();
    storeCompletion('not-interested', 2);
    expect(sessionStorage.getItem(REFERENCE_KEY)).toBeNull();
    expect(rememberedReference('completed')).toBeNull();
  });
  it('ignores tampered values', () => {
    for (const raw of ['{oops', '[1]', '{"type":"completed","reference":"<b>x</b>"}', '{"type":"completed","reference":"ILOU-0000"}']) {
      sessionStorage.setItem(REFERENCE_KEY, raw);
      expect(rememberedReference('completed')).toBeNull();
    }
    sessionStorage.clear();
  });
});
