// The docs stay readable in an evening, and the decision log stays a log of records (issue #48):
// no line of a tracked Markdown page over 400 characters, `docs/` within its size, every entry of
// `docs/decisions.md` short, and each architecture record in `docs/adr/` in its four parts and
// linked from the log. Run: node --test tests/docs/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT, repo, report, tracked } from './repo.mjs';

/** A line a reader can take in without scrolling a table or a paragraph sideways. */
export const MAX_LINE = 400;
/**
 * All of docs/, the records included, in bytes: about an evening's reading (the decisions log at
 * 40 KB, five one-page records, and the design, guarantees, operate, deploy and bench pages at
 * 20-30 KB each). A page that outgrows it is splitting a record into a diary.
 */
export const MAX_DOCS_BYTES = 185_000;
/** The decisions log: short records, the figures in the commits they name. */
export const MAX_DECISIONS_BYTES = 40_000;
export const MAX_ENTRY_LINES = 6;
export const MAX_ENTRY_WIDTH = 100;

/** Lines of `markdown` longer than MAX_LINE characters (code points, not bytes): [{ line, length }]. */
export function longLines(markdown) {
  return markdown
    .split('\n')
    .map((text, i) => ({ line: i + 1, length: [...text].length }))
    .filter(({ length }) => length > MAX_LINE);
}

/**
 * The problems of a decisions log: an entry (a top-level bullet and the lines indented under it)
 * of more than MAX_ENTRY_LINES lines, a line of an entry wider than MAX_ENTRY_WIDTH, and a
 * rejected alternative (a nested bullet) that takes more than one line.
 */
export function entryProblems(markdown) {
  const problems = [];
  let entry = null;
  let nested = null;
  const close = () => {
    if (entry && entry.lines > MAX_ENTRY_LINES) problems.push(`line ${entry.start}: entry of ${entry.lines} lines (at most ${MAX_ENTRY_LINES})`);
    entry = null;
    nested = null;
  };
  markdown.split('\n').forEach((text, i) => {
    const line = i + 1;
    if (/^[-*] /.test(text)) {
      close();
      entry = { start: line, lines: 0 };
    } else if (!entry || !/^\s+\S/.test(text)) {
      close();
      return;
    }
    if (/^\s+[-*] /.test(text)) nested = { start: line };
    else if (nested) problems.push(`line ${nested.start}: a rejected alternative takes more than one line`);
    entry.lines += 1;
    const width = [...text].length;
    if (width > MAX_ENTRY_WIDTH) problems.push(`line ${line}: ${width} characters (an entry's lines are at most ${MAX_ENTRY_WIDTH})`);
  });
  close();
  return problems;
}

/** The parts a GOV.UK-style record is missing: its `# ADRnnn: Title`, Status, Context, Decision, Consequences. */
export function recordProblems(markdown) {
  const problems = [];
  if (!/^# ADR\d{3}: \S/.test(markdown)) problems.push('does not start with "# ADRnnn: Title"');
  for (const part of ['Status', 'Context', 'Decision', 'Consequences']) {
    if (!new RegExp(`^## ${part}\\s*$`, 'm').test(markdown)) problems.push(`has no "## ${part}"`);
  }
  return problems;
}

// --- the repository ---

test(`no line of a tracked Markdown page is over ${MAX_LINE} characters`, () => {
  const pages = tracked('*.md');
  assert.ok(pages.includes('README.md') && pages.includes('docs/decisions.md'), 'README.md and docs/decisions.md are tracked');
  const problems = pages.flatMap((page) => longLines(repo.read(page)).map(({ line, length }) => `${page}:${line}: ${length} characters`));
  assert.deepEqual(problems, [], report(`${problems.length} line(s) over ${MAX_LINE} characters`, problems));
});

test(`docs/ is at most ${MAX_DOCS_BYTES} bytes, docs/decisions.md at most ${MAX_DECISIONS_BYTES}`, () => {
  const sizes = tracked('docs').map((path) => [path, statSync(join(ROOT, path)).size]);
  const total = sizes.reduce((sum, [, size]) => sum + size, 0);
  const largest = [...sizes].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([path, size]) => `${path} ${size}`);
  assert.ok(total <= MAX_DOCS_BYTES, `docs/ holds ${total} bytes (largest: ${largest.join(', ')})`);
  const decisions = sizes.find(([path]) => path === 'docs/decisions.md');
  assert.ok(decisions && decisions[1] <= MAX_DECISIONS_BYTES, `docs/decisions.md is ${decisions?.[1]} bytes`);
});

test('every entry of docs/decisions.md is a short record', () => {
  const problems = entryProblems(repo.read('docs/decisions.md'));
  assert.deepEqual(problems, [], report(`docs/decisions.md: ${problems.length} problem(s)`, problems));
});

test('every record in docs/adr/ has its four parts and is linked from docs/decisions.md', () => {
  const records = tracked('docs/adr').filter((path) => /\/ADR\d{3}-[a-z0-9-]+\.md$/.test(path));
  assert.ok(records.length >= 5, `only ${records.length} records in docs/adr/`);
  const decisions = repo.read('docs/decisions.md');
  const problems = records.flatMap((path) => {
    const found = recordProblems(repo.read(path)).map((problem) => `${path}: ${problem}`);
    if (!decisions.includes(`(${path.replace(/^docs\//, '')}`)) found.push(`${path}: no entry of docs/decisions.md links it`);
    return found;
  });
  assert.deepEqual(problems, [], report(`${problems.length} problem(s) with the records`, problems));
});

// --- the checks themselves, on fixtures, so they cannot pass by finding nothing ---

test('a long line is counted in characters, not bytes', () => {
  assert.deepEqual(longLines(`short\n${'é'.repeat(MAX_LINE)}\n${'x'.repeat(MAX_LINE + 1)}`), [{ line: 3, length: MAX_LINE + 1 }]);
});

test('an entry over six lines, a wide line and a two-line alternative are reported', () => {
  const fine = ['## Section', '', '- §5 a choice:', '  why.', '  - Not this: a reason.', '- §6 another.'];
  assert.deepEqual(entryProblems(fine.join('\n')), []);
  const long = ['- start', ...Array.from({ length: 6 }, () => '  more'), '', `- ${'w'.repeat(MAX_ENTRY_WIDTH)}`, '  - Not that:', '    it goes on.'];
  assert.deepEqual(entryProblems(long.join('\n')), [
    'line 1: entry of 7 lines (at most 6)',
    `line 9: ${MAX_ENTRY_WIDTH + 2} characters (an entry's lines are at most ${MAX_ENTRY_WIDTH})`,
    'line 10: a rejected alternative takes more than one line',
  ]);
});

test('a record without its parts is reported', () => {
  const whole = '# ADR001: The stack\n\nDate: 2026-12-02\n\n## Status\n\n## Context\n\n## Decision\n\n## Consequences\n';
  assert.deepEqual(recordProblems(whole), []);
  assert.deepEqual(recordProblems('# The stack\n## Status\n## Decision\n'), ['does not start with "# ADRnnn: Title"', 'has no "## Context"', 'has no "## Consequences"']);
});
