// The page's one module script. A prerendered page (web/deploy/prerender.mjs) is painted from
// its HTML and its own part of the stylesheet alone: its head script (web/src/prerender/head.js)
// adds this script, with main.tsx preloaded, only once the page has painted, so nothing
// competes with the paint; the app then hydrates the page. The survey's shell has nothing to
// paint, so it names this script itself and the app starts at once (its chunk is
// modulepreloaded by shell.html).
// The styles of every page: the one stylesheet of the shell, from which each prerendered page's
// own is cut (web/deploy/pageStyles.mjs); the survey's styles too, since question 1 is
// prerendered: one render-blocking stylesheet paints sooner than two (figures: commit 6b579ea;
// docs/decisions.md, "Accessibility and speed").
import './styles/main.css';
import './styles/content.css';
import './styles/privacy.css';
import './styles/progress.css';
import './styles/thanks.css';
import './styles/survey.css';

import('./main').catch((error: unknown) => console.error('The app could not be loaded; the page stays as served.', error));
