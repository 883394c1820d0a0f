// The server side of prerendering (run at build time by web/deploy/prerender.mjs): renders a
// page with React's server renderer (react-dom/server) from the same App as the browser, with the engine started
// from the wasm's bytes and every page chunk loaded. Nothing of the visitor is known here, so
// the app renders as for a first visit; main.tsx hydrates the HTML with the same state.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App, screens } from '../App';
import { questionName } from '../screens/QuestionScreen';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { FallbackScreen } from '../screens/FallbackScreen';
import { engineStatus, loadEngine } from '../state/engineStatus';
import { setServerPath } from '../state/hydration';
import { parseRoute } from '../state/router';
import { PAGES, pageTitle } from '../state/useDocumentTitle';

export interface RenderedPage {
  html: string;
  /** null: the page sets its own (a survey step). */
  title: string | null;
  description: string;
}

function render(path: string, isShell = false): RenderedPage {
  setServerPath(path);
  const html = renderToString(
    <StrictMode>
      <ErrorBoundary fallback={<FallbackScreen />}>
        <App startup={{ answers: {}, cookiesAccepted: null }} />
      </ErrorBoundary>
    </StrictMode>,
  );
  const route = parseRoute(path);
  const { title, description } = PAGES[route.name];
  // A step sets its own title once live (QuestionScreen); its HTML starts with the same one.
  const stepTitle = route.name === 'question' && !isShell ? pageTitle(questionName(route.step)) : null;
  return { html, title: title ?? stepTitle, description };
}

/**
 * The survey's shell: what every survey route shows while the engine is on its way (the
 * loading line, and the cookie banner). Call it before renderPage, which starts the engine.
 */
export function renderShell(): RenderedPage {
  if (engineStatus() !== 'idle') throw new Error('renderShell must run before the engine is started');
  return render('/survey/question/1', true);
}

/** Renders `path` (no hash: the server never sees one) once the engine and chunks are in. */
export async function renderPage(path: string, wasm: BufferSource): Promise<RenderedPage> {
  await loadEngine(wasm);
  await Promise.all(Object.values(screens).map((screen) => screen.preload()));
  return render(path);
}
