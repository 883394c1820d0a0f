// A tiny History API router: the URL is the source of truth for which screen shows.
// Each entry we push remembers the path it came from (`prevPath`), which lets in-page Back
// buttons use the browser's own history when it leads to the same place, so the browser's
// back/forward buttons and ours never disagree.
import { useMemo, useSyncExternalStore } from 'react';
import { isStepId, type StepId } from '../core';
import { serverLocation } from './hydration';

export type Route =
  | { name: 'hero' }
  | { name: 'about' }
  | { name: 'privacy' }
  | { name: 'intro' }
  | { name: 'location' }
  | { name: 'question'; step: StepId }
  | { name: 'thank-you'; type: string }
  | { name: 'not-found' };

interface EntryState {
  prevPath?: string;
}

export function parseRoute(pathname: string): Route {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/' || path === '/index.html') return { name: 'hero' };
  if (path === '/about') return { name: 'about' };
  if (path === '/privacy') return { name: 'privacy' };
  if (path === '/survey/intro') return { name: 'intro' };
  if (path === '/survey/location') return { name: 'location' };
  const question = /^\/survey\/question\/([^/]+)$/.exec(path);
  if (question) {
    const step = decodeURIComponent(question[1]);
    return isStepId(step) ? { name: 'question', step } : { name: 'not-found' };
  }
  const thanks = /^\/thank-you\/([^/]+)$/.exec(path);
  if (thanks) return { name: 'thank-you', type: decodeURIComponent(thanks[1]) };
  return { name: 'not-found' };
}

export const questionPath = (step: StepId): string => `/survey/question/${step}`;

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  window.addEventListener('hashchange', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
    window.removeEventListener('hashchange', listener);
  };
}

const currentPath = () => window.location.pathname;
const currentLocation = () => window.location.pathname + window.location.hash;

/** `path` may carry a #hash (the privacy tabs). The address bar changes with the screen. */
export function navigate(path: string, options: { replace?: boolean } = {}): void {
  if (path === currentLocation() && !options.replace) return;
  if (options.replace) {
    const state: EntryState = (window.history.state as EntryState | null) ?? {};
    window.history.replaceState(state, '', path);
  } else {
    const state: EntryState = { prevPath: currentPath() };
    window.history.pushState(state, '', path);
  }
  window.scrollTo?.(0, 0);
  notify();
}

/** Where this entry was opened from, if we pushed it. */
export function cameFrom(): string | null {
  return (window.history.state as EntryState | null)?.prevPath ?? null;
}

/**
 * Goes to `path` the way a Back button should: through the browser history when the
 * previous entry is that very path (so Forward still works), otherwise by pushing it.
 */
export function goBackTo(path: string): void {
  if (cameFrom() === path.split('#')[0]) {
    window.history.back();
  } else {
    navigate(path);
  }
}

export function useLocation(): { route: Route; hash: string } {
  // A prerendered page hydrates with the server's view (no hash), then renders the real one.
  const location = useSyncExternalStore(subscribe, currentLocation, serverLocation);
  return useMemo(() => {
    const hashAt = location.indexOf('#');
    const pathname = hashAt < 0 ? location : location.slice(0, hashAt);
    return { route: parseRoute(pathname), hash: hashAt < 0 ? '' : location.slice(hashAt + 1) };
  }, [location]);
}
