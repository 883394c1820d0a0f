// Back on About and Privacy (spec point 2): returns to where the visitor came from, which is
// the entry that opened this page; a page opened directly (bookmark, new tab) goes home.
import { cameFrom, goBackTo } from '../state/router';

export function BackButton() {
  return (
    <button type="button" className="button button--back" onClick={() => goBackTo(cameFrom() ?? '/')}>
      <span aria-hidden="true">←</span> Back
    </button>
  );
}
