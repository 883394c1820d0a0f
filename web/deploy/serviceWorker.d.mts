// Types for serviceWorker.mjs (plain JS, like the other build plugins in web/deploy).
import type { Plugin } from 'vite';

export function serviceWorker(): Plugin;
