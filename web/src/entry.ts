// The page's one script. A prerendered page (web/deploy/prerender.mjs) is painted from its
// HTML and CSS alone: the app (main.tsx) is fetched only after that first paint, so nothing
// competes with it for the network; it then hydrates the page. The survey's shell has nothing
// to paint, so it starts the app at once (its chunk is modulepreloaded by shell.html).
import './styles/main.css';

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
