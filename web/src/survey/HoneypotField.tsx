// Abuse resistance without tracking: a text field people never see or reach — hidden
// from sight, from assistive tech (aria-hidden) and from the Tab key — that form-filling bots
// tend to fill. The engine's shouldStore decides; a filled one is quietly not stored.
// Its name avoids words browsers autofill (url, website, email), so no person's autofill trips it.
import { registerHoneypot } from './honeypot';

export function HoneypotField() {
  return (
    <div className="visually-hidden" aria-hidden="true">
      <label htmlFor="sz-leave-empty">Leave this field empty</label>
      <input
        id="sz-leave-empty"
        name="sz-leave-empty"
        type="text"
        tabIndex={-1}
        autoComplete="off"
        defaultValue=""
        ref={registerHoneypot}
      />
    </div>
  );
}
