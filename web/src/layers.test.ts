// The web side's layers point one way: screens/App -> submit -> outbox -> (media, core). A file
// that imports against that direction fails here, whatever else passes.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(process.env.STEPZERO_ROOT!, 'web/src');

/** Every module a folder's files import (static or dynamic), relative specifiers only. */
function importsOf(folder: string): { file: string; target: string }[] {
  const found: { file: string; target: string }[] = [];
  for (const entry of readdirSync(join(SRC, folder), { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/(?:from\s+|import\()\s*'(\.[^']+)'/g))
      found.push({ file: file.slice(SRC.length + 1), target: match[1] });
  }
  return found;
}

const reaches = (folder: string, layer: string) => importsOf(folder).filter(({ target }) => new RegExp(`(^|/)${layer}(/|$)`).test(target));

describe('layers', () => {
  it('outbox/ imports nothing from submit/ (nor screens/, components/)', () => {
    expect([...reaches('outbox', 'submit'), ...reaches('outbox', 'screens'), ...reaches('outbox', 'components')]).toEqual([]);
  });
  it('media/ imports nothing from outbox/ or submit/', () => {
    expect([...reaches('media', 'outbox'), ...reaches('media', 'submit')]).toEqual([]);
  });
  it('work/ (the proof of work) imports nothing from outbox/ or submit/, except in its tests', () => {
    const up = [...reaches('work', 'outbox'), ...reaches('work', 'submit'), ...reaches('work', 'test')].filter(
      ({ file }) => !file.endsWith('.test.ts'),
    );
    expect(up).toEqual([]);
  });
  it('core/ imports nothing from the rest of the site', () => {
    const outside = importsOf('core').filter(
      ({ file, target }) => target.startsWith('../') && !/\/pkg(-js)?\//.test(target) && !file.endsWith('.test.ts'),
    );
    expect(outside).toEqual([]);
  });
});
