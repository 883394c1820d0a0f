import { describe, expect, it } from 'vitest';
import { parseAnswers, readStartupState } from './storage';

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
