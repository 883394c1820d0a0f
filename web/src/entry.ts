// The page's one script. A prerendered page (web/deploy/prerender.mjs) is painted from its
// HTML and CSS alone: the app (main.tsx) is fetched only after that first paint, so nothing
// competes with it for the network; it then hydrates the page. The survey's shell has nothing
// to paint, so it starts the app at once (its chunk is modulepreloaded by shell.html).
// The styles of every prerendered page, here so each page has one stylesheet before its first
// paint (each page chunk's own CSS would be one more render-blocking request; together they
// add about 1.5 KB gzip). The survey's styles too, since question 1 is prerendered (issue #24:
// its page had a second stylesheet; one won in interleaved Lighthouse runs, docs/decisions.md).
import './styles/main.css';
import './styles/content.css';
import './styles/privacy.css';
import './styles/progress.css';
import './styles/thanks.css';
import './styles/survey.css';

const start = () =>
  import('./main').catch((error: unknown) => console.error('The app could not be loaded; the page stays as served.', error));

const prerendered = document.getElementById('root')?.hasAttribute('data-path');
if (prerendered && PerformanceObserver.supportedEntryTypes?.includes('paint')) {
  new PerformanceObserver((list, observer) => {
    if (!list.getEntriesByName('first-contentful-paint').length) return;
    observer.disconnect();
    void start();
  }).observe({ type: 'paint', buffered: true });
} else {
  void start();
}
