import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cameFrom, navigate, parseRoute, useLocation } from './router';

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

describe('navigate', () => {
  it('shows the new location and writes its history entry at once', () => {
    window.history.replaceState(null, '', '/survey/question/2');
    const { result } = renderHook(() => useLocation());
    act(() => navigate('/survey/question/3'));
    expect(result.current.route).toEqual({ name: 'question', step: '3' });
    expect(window.location.pathname).toBe('/survey/question/3');
    expect(cameFrom()).toBe('/survey/question/2');
  });

  it('two navigations in a row keep both entries in order', () => {
    window.history.replaceState(null, '', '/');
    navigate('/about');
    navigate('/privacy');
    expect(window.location.pathname).toBe('/privacy');
    expect(cameFrom()).toBe('/about');
  });

  it("the browser's own Back shows the entry it returns to", async () => {
    window.history.replaceState(null, '', '/survey/question/2');
    const { result } = renderHook(() => useLocation());
    act(() => navigate('/survey/question/3'));
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(result.current.route).toEqual({ name: 'question', step: '2' });
    expect(window.location.pathname).toBe('/survey/question/2');
  });
});
