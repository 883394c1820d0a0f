// Types for vitePlugin.mjs (plain JS so scripts/serve.mjs and the build share hosting.mjs).
import type { Plugin } from 'vite';

export function hostingFiles(): Plugin;
