// Pages prerendered at build time (web/src/prerender) are hydrated: the first client render
// must equal the server's HTML, so whatever depends on the browser (stored choices, the URL's
// hash) renders as on the server first and takes its real value in the render right after.
import { useSyncExternalStore } from 'react';

const never = () => () => undefined;

/** False on the server and during hydration, true afterwards (and at once in a client render). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

let serverPath: string | null = null;

/** The prerenderer names the page it renders (there is no window on the server). */
export function setServerPath(path: string): void {
  serverPath = path;
}

/** The prerendered page's path, named on its root element (`data-path`), or null. */
export const prerenderedPath = (): string | null => document.getElementById('root')?.dataset.path ?? null;

/** The URL the page was rendered for: a path without a hash (a server never receives one). */
export const serverLocation = (): string => serverPath ?? prerenderedPath() ?? window.location.pathname;
