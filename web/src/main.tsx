// Start-up (loaded by entry.ts): read localStorage (a failure shows the fallback screen, spec point 8), then render.
// A page prerendered at build time (web/src/prerender) is already painted from its HTML: it is
// hydrated once what it was rendered with is here (the engine and the page's chunk), so the
// first client render equals the HTML. The survey's steps start from the shell (its loading
// line, hydrated at once) and render when the engine's wasm and their chunk are in.
import { StrictMode, startTransition, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, needsEngine, prefetchFor } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { FallbackScreen } from './screens/FallbackScreen';
import { afterEngine, engineStatus, loadEngine } from './state/engineStatus';
import { prerenderedPath } from './state/hydration';
import { parseRoute } from './state/router';
import { readStartupState, type StartupState } from './state/storage';

/** Once the page is live (hydrated or rendered): marks <html data-app="ready"> and tells the
 *  prerendered page's head script, which then replays a button pressed before. */
function Ready({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (document.documentElement.dataset.app === 'ready') return;
    document.documentElement.dataset.app = 'ready';
    document.dispatchEvent(new Event('stepzero:app-ready'));
  }, []);
  return children;
}

async function boot() {
  const container = document.getElementById('root')!;
  let startup: StartupState;
  try {
    startup = readStartupState();
  } catch (error) {
    console.error('Could not start: local storage is unavailable.', error);
    createRoot(container).render(<FallbackScreen />);
    return;
  }
  const app = (
    <StrictMode>
      <ErrorBoundary fallback={<FallbackScreen />}>
        <Ready>
          <App startup={startup} />
        </Ready>
      </ErrorBoundary>
    </StrictMode>
  );
  const path = prerenderedPath();
  if (path === null) {
    const route = parseRoute(window.location.pathname);
    void prefetchFor(route);
    // The survey's shell holds what its routes show until the engine is up (the loading line):
    // hydrated at once. Any other route it may serve (an unknown step) is rendered over it.
    if (container.hasAttribute('data-shell') && needsEngine(route) && engineStatus() !== 'ready') hydrate(container, app);
    else createRoot(container).render(app);
    return;
  }
  try {
    await Promise.all([loadEngine(), prefetchFor(parseRoute(path))]);
  } catch {
    createRoot(container).render(app); // the fallback screen replaces the page (spec point 8)
    return;
  }
  hydrate(container, app);
}

/** Hydration takes the painted page over as a transition: React yields to the browser between
 *  slices, so it is no long task. Its listeners are on the root from the start, and a press or
 *  key meanwhile makes React hydrate where it landed at once and handle it (React's event replay). */
function hydrate(container: HTMLElement, app: ReactNode) {
  // From here the app answers presses on the page: the head script stops keeping them.
  document.dispatchEvent(new Event('stepzero:app-starting'));
  startTransition(() => {
    hydrateRoot(container, app);
  });
}

void boot();
// Retry what an earlier visit could not deliver. Its own chunk, started once the
// engine (whose rules it follows) is up, so none of it is in the hero's first load.
let outboxStarted = false;
function startOutbox() {
  if (outboxStarted) return;
  import('./outbox/start').then(
    (outbox) => {
      outboxStarted = true;
      outbox.startOutbox();
    },
    (error: unknown) => console.warn('The outbox could not be loaded yet; it is tried again when the browser is back online.', error),
  );
}
afterEngine(startOutbox);
// Offline at load, the chunk cannot arrive: coming back online tries again (once started,
// the outbox listens for `online` itself).
window.addEventListener('online', () => afterEngine(startOutbox));
