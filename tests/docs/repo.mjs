// The repository as the docs tests see it: its root, its tracked files and a reader.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Tracked files, and new ones git does not ignore (a page added in this commit is checked too). */
export const tracked = (...patterns) =>
  execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...patterns], { cwd: ROOT, encoding: 'utf8' })
    .split('\0')
    .filter((path, i, all) => path && all.indexOf(path) === i && !/(^|\/)(node_modules|target)\//.test(path) && existsSync(join(ROOT, path)));

export const repo = {
  exists: (path) => existsSync(join(ROOT, path)),
  read: (path) => {
    try {
      return readFileSync(join(ROOT, path), 'utf8');
    } catch {
      return null;
    }
  },
};

export const report = (title, problems) => `${title}:\n  ${problems.join('\n  ')}`;
