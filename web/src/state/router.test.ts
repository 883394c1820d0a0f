import { act, renderHook } from '@testing-library/preact';
import { describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from './afterPaint';
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
  const painted = () => new Promise((resolve) => setTimeout(resolve, 150));

  it('shows the new location at once and writes its history entry after the paint', async () => {
    window.history.replaceState(null, '', '/survey/question/2');
    const { result } = renderHook(() => useLocation());
    act(() => navigate('/survey/question/3'));
    expect(result.current.route).toEqual({ name: 'question', step: '3' });
    expect(window.location.pathname).toBe('/survey/question/2');
    await painted();
    expect(window.location.pathname).toBe('/survey/question/3');
    expect(cameFrom()).toBe('/survey/question/2');
  });

  it('writes the entry before what was queued after it (a title names the entry it follows)', async () => {
    window.history.replaceState(null, '', '/');
    const order: string[] = [];
    const push = vi.spyOn(window.history, 'pushState');
    push.mockImplementation(function (this: History, ...args) {
      order.push(`push ${String(args[2])}`);
      return History.prototype.pushState.apply(this, args);
    });
    navigate('/about');
    afterNextPaint(() => order.push('title'));
    await painted();
    push.mockRestore();
    expect(order).toEqual(['push /about', 'title']);
  });

  it('a second navigation writes the first entry first, so the history keeps both in order', () => {
    window.history.replaceState(null, '', '/');
    navigate('/about');
    navigate('/privacy');
    expect(window.location.pathname).toBe('/about');
    expect(cameFrom()).toBe('/about');
    expect(window.location.pathname).toBe('/privacy');
  });

  it("the browser's own Back before the entry is written drops the entry", async () => {
    window.history.replaceState(null, '', '/survey/question/2');
    const { result } = renderHook(() => useLocation());
    act(() => navigate('/survey/question/3'));
    act(() => {
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    expect(result.current.route).toEqual({ name: 'question', step: '2' });
    await painted();
    expect(window.location.pathname).toBe('/survey/question/2');
  });
});
