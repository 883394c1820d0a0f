// The head script registers the display face with the same characters as the stylesheet's
// @font-face: a page must draw the same glyphs in Anton whichever of the two gave it the face.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';

const read = (file: string) => readFileSync(join(process.env.STEPZERO_ROOT!, file), 'utf8');
const ranges = (text: string) => text.split(',').map((range) => range.trim());

test("the head script's font covers the same characters as fonts.css", () => {
  const css = /unicode-range:\s*([^;]+);/.exec(read('web/src/styles/fonts.css'))?.[1];
  const head = /DISPLAY_RANGE = '([^']+)'/.exec(read('web/src/prerender/head.js'))?.[1];
  expect(css).toBeTruthy();
  expect(ranges(head ?? '')).toEqual(ranges(css ?? ''));
});

test('the head script leaves a place for the build to put the font in', () => {
  expect(read('web/src/prerender/head.js')).toContain("window.atob('__DISPLAY_FONT_BASE64__')");
  expect(read('web/deploy/prerender.mjs')).toContain("'__DISPLAY_FONT_BASE64__'");
});

test('the head script leaves a place for the build to name the app it asks for after the first paint', () => {
  expect(read('web/src/prerender/head.js')).toContain("'__APP_FILES__'");
  expect(read('web/deploy/prerender.mjs')).toContain("'__APP_FILES__'");
});
