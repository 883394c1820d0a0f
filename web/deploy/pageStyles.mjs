// The stylesheet of one prerendered page: the site's CSS without the rules that cannot match
// anything on that page before its app runs (web/deploy/prerender.mjs). A rule is left out
// only when each of its selectors needs a class that no element of the page's HTML has and
// that the head script does not add (web/src/prerender/head.js: `no-cookie-choice` on <html>);
// a class inside a functional pseudo-class (:not(), :is(), :where(), :has()) is never counted,
// so nothing is dropped on a guess. Until the app runs, only the head script changes the page,
// so the page looks exactly as with the whole stylesheet; the head script links the whole one
// once the page has painted, and the app starts only when it is in (every other page's and
// state's rules). The keyframes that no rule left animates with are left out too; the display
// face's @font-face stays (a prerendered page gets the face from its head script, but a visitor
// without JavaScript from this rule).
// Why: so a page's first paint fits in the 14.6 KB a new connection delivers in its first round
// trip (docs/decisions.md, "Accessibility and speed"; figures: commit 555a605).
import postcss from 'postcss';

/** Classes the head script may add before the app runs. */
export const HEAD_SCRIPT_CLASSES = ['no-cookie-choice'];

/** The class names `selector` needs on some element: every `.name` outside brackets and parentheses. */
export function neededClasses(selector) {
  const classes = [];
  let depth = 0;
  for (let i = 0; i < selector.length; i += 1) {
    const char = selector[i];
    if (char === '\\') i += 1;
    else if (char === '(') depth += 1;
    else if (char === ')') depth -= 1;
    else if (char === '[' || char === '"' || char === "'") {
      // An attribute selector or a string: nothing in it is a class.
      const close = char === '[' ? ']' : char;
      while (i + 1 < selector.length && selector[i + 1] !== close) i += selector[i + 1] === '\\' ? 2 : 1;
      i += 1;
    } else if (char === '.' && depth === 0) {
      const name = /^-?[_a-zA-Z][\w-]*/.exec(selector.slice(i + 1))?.[0];
      if (name) {
        classes.push(name);
        i += name.length;
      }
    }
  }
  return classes;
}

/** Every class named in `html`'s class attributes. */
export function classesIn(html) {
  const classes = new Set();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) for (const name of value.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** `css` without the rules that cannot match on the page `html` before its app runs. */
export function pageStyles(css, html) {
  const present = new Set([...classesIn(html), ...HEAD_SCRIPT_CLASSES]);
  const root = postcss.parse(css);
  root.walkRules((rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes$/i.test(rule.parent.name)) return; // 0%, to: not selectors
    if (rule.selectors.every((selector) => neededClasses(selector).some((name) => !present.has(name)))) rule.remove();
  });
  // Keyframes no rule left animates with.
  const animated = new Set();
  root.walkDecls(/^(-webkit-)?animation(-name)?$/i, (decl) => {
    for (const word of decl.value.split(/[\s,]+/)) animated.add(word);
  });
  root.walkAtRules(/keyframes$/i, (rule) => {
    if (!animated.has(rule.params.trim())) rule.remove();
  });
  // An at-rule (@media, @supports) left empty goes too, and one that only held such.
  for (let emptied = true; emptied;) {
    emptied = false;
    root.walkAtRules((rule) => {
      if (rule.nodes && rule.nodes.length === 0) {
        rule.remove();
        emptied = true;
      }
    });
  }
  return root.toString();
}
