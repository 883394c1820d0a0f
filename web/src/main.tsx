// Start-up: read localStorage (a failure shows the fallback screen, spec point 8), start the
// engine once, then render the app.
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { ErrorBoundary } from './components/ErrorBoundary';
import { startEngine } from './core';
import { FallbackScreen } from './screens/FallbackScreen';
import { startOutbox } from './outbox/start';
import { readStartupState, type StartupState } from './state/storage';
import './styles/main.css';

async function boot() {
  const root = createRoot(document.getElementById('root')!);
  let startup: StartupState;
  try {
    startup = readStartupState();
    await startEngine();
  } catch (error) {
    console.error('Could not start: local storage or the survey engine is unavailable.', error);
    root.render(<FallbackScreen />);
    return;
  }
  root.render(
    <StrictMode>
      <ErrorBoundary>
        <App startup={startup} />
      </ErrorBoundary>
    </StrictMode>,
  );
}

void boot();
startOutbox(); // issue 6: retry what an earlier visit could not deliver
