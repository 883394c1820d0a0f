// Types for pageStyles.mjs (plain JS, like the other build plugins here).
export const HEAD_SCRIPT_CLASSES: string[];
export function neededClasses(selector: string): string[];
export function classesIn(html: string): Set<string>;
export function pageStyles(css: string, html: string): string;
