// Start-up: read localStorage (a failure shows the fallback screen, spec point 8), then render
// at once. The engine's wasm is fetched after the first paint (App starts it), so the hero
// never waits for it; pages that need it show a loading line until it is ready.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App, prefetchFor } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { FallbackScreen } from './screens/FallbackScreen';
import { afterEngine } from './state/engineStatus';
import { parseRoute } from './state/router';
import { readStartupState, type StartupState } from './state/storage';
import './styles/main.css';

function boot() {
  const root = createRoot(document.getElementById('root')!);
  let startup: StartupState;
  try {
    startup = readStartupState();
  } catch (error) {
    console.error('Could not start: local storage is unavailable.', error);
    root.render(<FallbackScreen />);
    return;
  }
  prefetchFor(parseRoute(window.location.pathname)); // not the hero: it needs neither
  root.render(
    <StrictMode>
      <ErrorBoundary fallback={<FallbackScreen />}>
        <App startup={startup} />
      </ErrorBoundary>
    </StrictMode>,
  );
}

boot();
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
