import { describe, expect, it } from 'vitest';
import { parseRoute } from './router';

describe('parseRoute', () => {
  it('knows every route of spec point 2', () => {
    expect(parseRoute('/')).toEqual({ name: 'hero' });
    expect(parseRoute('/about')).toEqual({ name: 'about' });
    expect(parseRoute('/privacy/')).toEqual({ name: 'privacy' });
    expect(parseRoute('/survey/intro')).toEqual({ name: 'intro' });
    expect(parseRoute('/survey/location')).toEqual({ name: 'location' });
    expect(parseRoute('/survey/question/4b-other')).toEqual({ name: 'question', step: '4b-other' });
    expect(parseRoute('/thank-you/not-interested')).toEqual({ name: 'thank-you', type: 'not-interested' });
  });
  it('sends anything else to not-found', () => {
    expect(parseRoute('/survey/question/9')).toEqual({ name: 'not-found' });
    expect(parseRoute('/admin')).toEqual({ name: 'not-found' });
  });
});
