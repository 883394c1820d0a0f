// The server side of prerendering (run at build time by web/deploy/prerender.mjs): renders a
// page with React's server renderer from the same App as the browser, with the engine started
// from the wasm's bytes and every page chunk loaded. Nothing of the visitor is known here, so
// the app renders as for a first visit; main.tsx hydrates the HTML with the same state.
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { App, screens } from '../App';
import { ErrorBoundary } from '../components/ErrorBoundary';
import { loadEngine } from '../state/engineStatus';
import { setServerPath } from '../state/hydration';
import { parseRoute } from '../state/router';
import { PAGES } from '../state/useDocumentTitle';

export interface RenderedPage {
  html: string;
  title: string;
  description: string;
}

/** Renders `path` (no hash: the server never sees one) once the engine and chunks are in. */
export async function renderPage(path: string, wasm: BufferSource): Promise<RenderedPage> {
  await loadEngine(wasm);
  await Promise.all(Object.values(screens).map((screen) => screen.preload()));
  setServerPath(path);
  const html = renderToString(
    <StrictMode>
      <ErrorBoundary>
        <App startup={{ answers: {}, cookiesAccepted: null }} />
      </ErrorBoundary>
    </StrictMode>,
  );
  const { title, description } = PAGES[parseRoute(path).name];
  return { html, title: title ?? '', description };
}
