// A prerendered page's own stylesheet (web/deploy/pageStyles.mjs) leaves out only rules that
// cannot match on that page before its app runs: a rule whose selectors each need a class
// the page does not have.
import { describe, expect, test } from 'vitest';
import { classesIn, neededClasses, pageStyles } from '../../deploy/pageStyles.mjs';

describe('neededClasses', () => {
  test('names the classes a selector needs, outside functional pseudo-classes and attributes', () => {
    expect(neededClasses('.nav .nav__link:hover')).toEqual(['nav', 'nav__link']);
    expect(neededClasses('html:not(.no-cookie-choice) .cookie-banner--prerendered')).toEqual(['cookie-banner--prerendered']);
    expect(neededClasses(':is(.a, .b) p')).toEqual([]);
    expect(neededClasses('[class~=".x"] .y')).toEqual(['y']);
    expect(neededClasses("a[href='.pdf']")).toEqual([]);
    expect(neededClasses('.w-1\\.5 > .b')).toEqual(['w-1', 'b']);
    expect(neededClasses('*, :before, :after')).toEqual([]);
  });
});

test('classesIn reads every class attribute', () => {
  expect([...classesIn('<div class="a b"><p class="c">x</p><span class="">y</span></div>')]).toEqual(['a', 'b', 'c']);
});

describe('pageStyles', () => {
  const html = '<div class="shell"><p class="page__lead">Hi</p></div><section class="cookie-banner cookie-banner--prerendered"></section>';
  const css = [
    ':root{--ink:#000}',
    'body{margin:0}',
    '.shell{display:flex}',
    '.hero__title{font-size:9rem}',
    '.shell .page__lead,.question__title{color:red}',
    '.survey .page__lead{color:blue}',
    'html:not(.no-cookie-choice) .cookie-banner--prerendered{display:none}',
    'html.no-cookie-choice .cookie-banner{display:flex}',
    ':not(.hero) p{margin:0}',
    '@font-face{font-family:Anton;src:url(a.woff2)}',
    '@media (max-width:420px){.hero{padding:0}}',
    '@media (min-width:900px){.shell{gap:1rem}.hero{gap:2rem}}',
    '@supports (display:grid){@media (min-width:1px){.thanks{display:grid}}}',
    '@keyframes rise{0%{opacity:0}to{opacity:1}}',
    '@keyframes ring{0%{opacity:0}}',
    '.page__lead{animation:.3s ease-out ring}',
  ].join('');
  const out = pageStyles(css, html);

  test('keeps what can match the page before its app runs', () => {
    for (const kept of [
      ':root{--ink:#000}',
      'body{margin:0}',
      '.shell{display:flex}',
      '.shell .page__lead,.question__title{color:red}',
      'html:not(.no-cookie-choice) .cookie-banner--prerendered{display:none}',
      // The head script adds no-cookie-choice before the first paint.
      'html.no-cookie-choice .cookie-banner{display:flex}',
      ':not(.hero) p{margin:0}',
      '@media (min-width:900px){.shell{gap:1rem}}',
      '@keyframes ring{0%{opacity:0}}',
      // Without JavaScript, no head script gives the page its face.
      '@font-face{font-family:Anton;src:url(a.woff2)}',
    ])
      expect(out).toContain(kept);
  });

  test('leaves out rules for classes the page does not have, unused keyframes and emptied at-rules', () => {
    for (const dropped of ['hero__title', '.survey', 'max-width:420px', '.hero{gap', '@supports', '.thanks', 'rise'])
      expect(out).not.toContain(dropped);
  });
});
