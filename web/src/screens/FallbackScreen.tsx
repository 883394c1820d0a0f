// Spec point 2 "Error fallback screen" (shown when localStorage cannot be read at start,
// or when rendering throws).
import { Brand } from '../components/Brand';

export function FallbackScreen() {
  return (
    <main className="fallback" id="main">
      <Brand />
      <div className="fallback__box" role="alert">
        <h1 className="fallback__title">Something went wrong. Please refresh the page or try again later.</h1>
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
      </div>
    </main>
  );
}
