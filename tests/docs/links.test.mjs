// The project's pages point where they say. For every tracked Markdown file (README.md, docs/,
// and any other): each relative link [text](path#anchor) names a file that exists, and its
// #anchor (also a same-page #anchor) a heading of the target, by GitHub's slug rule. For every
// tracked file that is not Markdown (source, CSS, JSON, YAML, .env examples; not lock files):
// each `<dir>/<name>.md` it mentions exists, every heading quoted after it (`docs/design.md,
// "Toolchain"`, `docs/operate.md "Reminders", "Retention"`, also `README, "…"`, a quote split
// across two comment lines included) is one of that file's headings, no page is cited by a
// section number (`§6`), and no bare name such as `DESIGN.md` points at a page the repository
// does not hold.
// Run: node --test tests/docs/
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join, posix } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ROOT, repo, report, tracked } from './repo.mjs';
// Lock files name packages' own READMEs; Markdown is checked as pages, not as sources.
const NOT_A_SOURCE = /(^|\/)(package-lock\.json|Cargo\.lock)$|\.md$/;

/** GitHub's heading ids: lower case, punctuation but `-` and `_` dropped, spaces to `-`, repeats get -1, -2. */
export function githubSlugger() {
  const seen = new Map();
  return (text) => {
    const base = text
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
      .replace(/ /g, '-');
    let slug = base;
    while (seen.has(slug)) {
      seen.set(base, seen.get(base) + 1);
      slug = `${base}-${seen.get(base)}`;
    }
    seen.set(slug, 0);
    return slug;
  };
}

/** A heading's text as GitHub renders it: links and images by their text, no code marks, emphasis or tags. */
function headingText(raw) {
  return raw
    .replace(/\s+#+\s*$/, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]|~~/g, '')
    .trim();
}

/** Each line of `markdown` outside fenced code blocks, with its number, code spans blanked. */
function proseLines(markdown) {
  const lines = [];
  let fence = null;
  markdown.split('\n').forEach((line, i) => {
    const open = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (open && (!fence || open[1].startsWith(fence))) {
      fence = fence ? null : open[1];
      return;
    }
    if (!fence) lines.push({ number: i + 1, text: line });
  });
  return lines;
}

/** The anchors a page offers: its headings' slugs, and any id= or name= of its HTML. */
export function anchorsOf(markdown) {
  const slug = githubSlugger();
  const anchors = new Set();
  const headings = [];
  for (const { text } of proseLines(markdown)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(text);
    if (heading) {
      const shown = headingText(heading[1]);
      headings.push(shown);
      anchors.add(slug(shown));
    }
    for (const html of text.matchAll(/\b(?:id|name)="([^"]+)"/g)) anchors.add(html[1]);
  }
  return { anchors, headings };
}

/** Every link and reference definition of a page: { line, text, target }. */
export function linksOf(markdown) {
  const links = [];
  for (const { number, text } of proseLines(markdown)) {
    const prose = text.replace(/(`+)[^`]*?\1/g, (code) => (/\]\(/.test(code) ? '' : code.replace(/`/g, '')));
    for (const m of prose.matchAll(/!?\[([^\]]*)\]\(\s*<?([^)\s>]*)>?(?:\s+["'(][^)]*)?\)/g)) links.push({ line: number, text: m[1], target: m[2] });
    const definition = /^\s{0,3}\[([^\]]+)\]:\s*<?(\S+?)>?(\s|$)/.exec(prose);
    if (definition) links.push({ line: number, text: definition[1], target: definition[2] });
  }
  return links;
}

/**
 * The broken links of `pages` (path -> Markdown). `exists(path)` and `read(path)` answer for
 * paths relative to the repository root (`read` returns null for a file it cannot read).
 */
export function checkMarkdown(pages, { exists, read }) {
  const problems = [];
  let checked = 0;
  const anchorCache = new Map();
  const anchors = (path) => {
    if (!anchorCache.has(path)) {
      const text = pages.get(path) ?? read(path);
      anchorCache.set(path, text === null ? null : anchorsOf(text));
    }
    return anchorCache.get(path);
  };
  for (const [page, markdown] of pages) {
    for (const { line, text, target } of linksOf(markdown)) {
      if (!target || /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
      checked += 1;
      const where = `${page}:${line}: [${text}](${target})`;
      const hash = target.indexOf('#');
      const pathPart = decodeURIComponent(hash === -1 ? target : target.slice(0, hash));
      const anchor = hash === -1 ? null : decodeURIComponent(target.slice(hash + 1));
      const file = pathPart === '' ? page : pathPart.startsWith('/') ? pathPart.slice(1) : posix.normalize(posix.join(posix.dirname(page), pathPart));
      if (file.startsWith('..') || !exists(file)) {
        problems.push(`${where}: no file ${file}`);
        continue;
      }
      if (anchor === null || !file.endsWith('.md')) continue;
      const found = anchors(file);
      if (found && !found.anchors.has(anchor)) {
        problems.push(`${where}: no heading #${anchor} in ${file} (its headings: ${found.headings.map((h) => `"${h}"`).join(', ')})`);
      }
    }
  }
  return { problems, checked };
}

/**
 * The broken page mentions of `sources` (path -> text): a `<dir>/<name>.md` that does not exist,
 * a heading quoted after a page (`docs/x.md, "Heading"`, `README, "Heading"`) that it lacks, and a
 * bare `<NAME>.md` that is not a page at the root. URLs are skipped.
 */
export function checkSources(sources, { exists, read }) {
  const problems = [];
  let checked = 0;
  const headingsOf = new Map();
  const hasHeading = (page, heading) => {
    if (!headingsOf.has(page)) {
      const text = read(page);
      headingsOf.set(page, text === null ? null : anchorsOf(text));
    }
    const found = headingsOf.get(page);
    return found && found.anchors.has(githubSlugger()(headingText(heading)));
  };
  // The headings quoted right after a page: on the same line or the comment line after it, one or
  // several (`"A", "B"`), each quote possibly broken across two comment lines.
  const BREAK = String.raw`\n[ \t]*(?:\/\/!?|#|--|\*|\/\*)?[ \t]*`;
  const QUOTE = String.raw`["“]([^"”\s,;](?:[^"”\n]|${BREAK})*?)["”]`;
  const QUOTED = new RegExp(String.raw`^,?[ \t]*(?:${BREAK})?[ \t]*${QUOTE}`);
  const MORE = new RegExp(String.raw`^(?:,|;| and)[ \t]*(?:${BREAK})?[ \t]*${QUOTE}`);
  const SECTION_NUMBER = new RegExp(String.raw`^,?[ \t]*(?:${BREAK})?[ \t]*§`);
  const quotesAfter = (rest) => {
    const quotes = [];
    let m = QUOTED.exec(rest);
    while (m) {
      quotes.push(m[1].replace(new RegExp(BREAK, 'g'), ' ').replace(/[ \t]+/g, ' ').trim());
      rest = rest.slice(m[0].length);
      m = MORE.exec(rest);
    }
    return quotes;
  };
  let headings = 0;
  for (const [file, text] of sources) {
    const lineOf = (index) => text.slice(0, index).split('\n').length;
    // URLs blanked; an escaped quote (JSON, a string literal) read as a quote, the length kept.
    const prose = text
      .replace(/\b[a-z][a-z0-9+.-]*:\/\/[^\s'"`)<>]+/gi, (url) => ' '.repeat(url.length))
      .replace(/\\(["“”])/g, ' $1');
    for (const m of prose.matchAll(/(?<![\w./-])((?:\.\.?\/)*(?:[\w.-]+\/)*[\w.-]+\.md)\b/g)) {
      const mention = m[1];
      checked += 1;
      const where = `${file}:${lineOf(m.index)}: ${mention}`;
      let page;
      if (!mention.includes('/')) {
        page = mention;
        if (!exists(page)) {
          problems.push(`${where}: no ${mention} in the repository (name the page under docs/, e.g. docs/design.md)`);
          continue;
        }
      } else {
        const fromRoot = posix.normalize(mention);
        const fromFile = posix.normalize(posix.join(posix.dirname(file), mention));
        page = exists(fromRoot) && !fromRoot.startsWith('..') ? fromRoot : exists(fromFile) && !fromFile.startsWith('..') ? fromFile : null;
        if (!page) {
          problems.push(`${where}: no file ${fromRoot}`);
          continue;
        }
      }
      const rest = prose.slice(m.index + mention.length);
      if (SECTION_NUMBER.test(rest)) problems.push(`${where}: cited by a section number; quote the heading instead`);
      for (const heading of quotesAfter(rest)) {
        headings += 1;
        if (!hasHeading(page, heading)) problems.push(`${where}: no heading "${heading}" in ${page}`);
      }
    }
    for (const m of prose.matchAll(/(?<![\w./-])README(?!\.md|[\w/-])/g)) {
      // `README"` ends a string; `README, "…"` and `README "…"` cite it.
      const rest = prose.slice(m.index + 'README'.length);
      const quoted = /^["”]/.test(rest) ? [] : quotesAfter(rest.replace(/^[ \t]+(?=["“])/, ''));
      if (quoted.length === 0) continue;
      checked += 1;
      for (const heading of quoted) {
        headings += 1;
        if (!hasHeading('README.md', heading)) problems.push(`${file}:${lineOf(m.index)}: README, "${heading}": no such heading in README.md`);
      }
    }
  }
  return { problems, checked, headings };
}

// --- the repository ---


test('every relative link of every tracked Markdown page reaches its file and heading', () => {
  const pages = new Map(tracked('*.md').map((path) => [path, repo.read(path)]));
  assert.ok(pages.has('README.md') && [...pages.keys()].some((path) => path.startsWith('docs/')), 'README.md and docs/ are tracked');
  const { problems, checked } = checkMarkdown(pages, repo);
  assert.deepEqual(problems, [], report(`${problems.length} broken link(s)`, problems));
  assert.ok(checked > 20, `only ${checked} relative links checked: the checker is finding nothing`);
});

test('every page a tracked file mentions exists, with every heading it quotes; no bare DESIGN.md', () => {
  const sources = new Map(
    tracked()
      // This file's fixtures name broken pages on purpose.
      .filter((path) => !NOT_A_SOURCE.test(path) && join(ROOT, path) !== fileURLToPath(import.meta.url))
      .map((path) => [path, repo.read(path)])
      // Binary files (images, fonts, wasm) hold a NUL byte; text never does.
      .filter(([, text]) => text !== null && !text.includes('\0')),
  );
  assert.ok(sources.size > 50, `only ${sources.size} source files found`);
  for (const kind of ['.css', '.json', '.yml', '.env.example', '.rs', '.sql']) {
    assert.ok([...sources.keys()].some((path) => path.endsWith(kind)), `no ${kind} file is checked`);
  }
  const { problems, checked, headings } = checkSources(sources, repo);
  assert.deepEqual(problems, [], report(`${problems.length} broken page mention(s) in source files`, problems));
  assert.ok(checked >= 5, `only ${checked} page mentions checked: the checker is finding nothing`);
  assert.ok(headings >= 15, `only ${headings} quoted headings checked: the checker is missing citations`);
});

// --- the checker itself, on fixtures, so it cannot pass by finding nothing ---

test("the slug rule is GitHub's", () => {
  const slug = githubSlugger();
  assert.equal(slug("The engine's JS API"), 'the-engines-js-api');
  assert.equal(slug("The operators' tool (stepzero-ops)"), 'the-operators-tool-stepzero-ops');
  assert.equal(slug('1. Supabase'), '1-supabase');
  assert.equal(slug('Speed – and size'), 'speed--and-size');
  assert.equal(slug('snake_case and `code`'), 'snake_case-and-code');
  assert.equal(slug('Where it stops'), 'where-it-stops');
  assert.equal(slug('Where it stops'), 'where-it-stops-1');
  assert.equal(slug('Where it stops'), 'where-it-stops-2');
  assert.equal(headingText('`make bench` and [the docs](x.md) ##'), 'make bench and the docs');
});

test('the link checker reports each broken link, and only those', () => {
  const pages = new Map([
    [
      'docs/a.md',
      [
        '# Title',
        '## Same',
        '## Same',
        'Fine: [b](b.md#there), [self](#same-1), [up](../README.md), [web](https://example.org/x.md#y), `[code](nowhere.md)`.',
        'Broken: [gone](missing.md), [anchor](b.md#nowhere), [self](#same-2), [out](../../outside.md).',
        '```',
        '[in a code block](nope.md)',
        '```',
        '[ref]: b.md#not-there',
      ].join('\n'),
    ],
    ['docs/b.md', '# There'],
    ['README.md', '# Readme'],
  ]);
  const files = new Set(pages.keys());
  const { problems, checked } = checkMarkdown(pages, { exists: (p) => files.has(p), read: (p) => pages.get(p) ?? null });
  assert.deepEqual(problems, [
    'docs/a.md:5: [gone](missing.md): no file docs/missing.md',
    'docs/a.md:5: [anchor](b.md#nowhere): no heading #nowhere in docs/b.md (its headings: "There")',
    'docs/a.md:5: [self](#same-2): no heading #same-2 in docs/a.md (its headings: "Title", "Same", "Same")',
    'docs/a.md:5: [out](../../outside.md): no file ../outside.md',
    'docs/a.md:9: [ref](b.md#not-there): no heading #not-there in docs/b.md (its headings: "There")',
  ]);
  assert.equal(checked, 8);
});

test('the source checker reports missing pages, missing headings and a bare DESIGN.md', () => {
  const pages = new Map([
    ['docs/design.md', "# Design\n## The engine's JS API\n## Toolchain\n## When the visitor leaves\n## Retention"],
    ['README.md', '# Step Zero\n## The parts'],
  ]);
  const sources = new Map([
    [
      'core/src/x.rs',
      [
        "//! The API (docs/design.md, \"The engine's JS API\"); see also docs/design.md,",
        '//! "Toolchain", and README, "The parts". Not https://example.org/docs/gone.md.',
        '//! Broken: docs/design.md, "Nowhere"; docs/gone.md; (DESIGN.md); README "Abuse resistance".',
        '//! Split: (docs/design.md, "When the',
        '//! visitor leaves") and (docs/design.md, "When the',
        '//! visitor stays"); a list: docs/design.md "Toolchain", "Retention", "Gone", §6: docs/design.md, §6.',
      ].join('\n'),
    ],
    ['web/src/x.css', '/* Styles (docs/design.md, "Accessibility and\n   speed"). */'],
    ['package.json', '{ "//": "pinned (docs/design.md, \\"Toolchain and tests\\")" }'],
  ]);
  const files = new Set(pages.keys());
  const { problems, headings } = checkSources(sources, { exists: (p) => files.has(p), read: (p) => pages.get(p) ?? null });
  assert.deepEqual(problems, [
    'core/src/x.rs:3: docs/design.md: no heading "Nowhere" in docs/design.md',
    'core/src/x.rs:3: docs/gone.md: no file docs/gone.md',
    'core/src/x.rs:3: DESIGN.md: no DESIGN.md in the repository (name the page under docs/, e.g. docs/design.md)',
    'core/src/x.rs:5: docs/design.md: no heading "When the visitor stays" in docs/design.md',
    'core/src/x.rs:6: docs/design.md: no heading "Gone" in docs/design.md',
    'core/src/x.rs:6: docs/design.md: cited by a section number; quote the heading instead',
    'core/src/x.rs:3: README, "Abuse resistance": no such heading in README.md',
    'web/src/x.css:1: docs/design.md: no heading "Accessibility and speed" in docs/design.md',
    'package.json:1: docs/design.md: no heading "Toolchain and tests" in docs/design.md',
  ]);
  assert.equal(headings, 12);
});
