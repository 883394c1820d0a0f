// Types for serviceWorker.mjs (plain JS, like the other build plugins in web/deploy).
import type { Plugin } from 'vite';

export function serviceWorker(): Plugin;

/** The sw.js of a deploy built with VITE_SERVICE_WORKER=off: it removes any earlier worker. */
export const SWITCHED_OFF_WORKER: string;
