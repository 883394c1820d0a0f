// Types for prerender.mjs (plain JS, like the other build plugins here).
import type { Plugin } from 'vite';

export function prerenderPages(): Plugin;
