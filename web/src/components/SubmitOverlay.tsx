// Spec point 2 "Overlays": SUBMITTED, then PROCESSING YOUR RESPONSE / Connecting to database...
// A modal layer that blocks the page underneath and is announced politely.
import { useEffect, useRef } from 'react';
import type { SubmitPhase } from '../state/submissionPhase';
import '../styles/overlay.css';

export function SubmitOverlay({ phase }: { phase: Exclude<SubmitPhase, 'idle'> }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => ref.current?.focus(), [phase]);
  return (
    <div className="overlay" role="dialog" aria-modal="true" aria-labelledby="overlay-title" tabIndex={-1} ref={ref}>
      <div className="overlay__box" role="status" aria-live="polite">
        {phase === 'submitted' ? (
          <>
            <svg className="overlay__check" viewBox="0 0 52 52" aria-hidden="true">
              <circle cx="26" cy="26" r="24" fill="none" />
              <path fill="none" d="M14 27l8 8 16-16" />
            </svg>
            <p id="overlay-title" className="overlay__title">
              SUBMITTED
            </p>
          </>
        ) : (
          <>
            <span className="overlay__spinner" aria-hidden="true" />
            <p id="overlay-title" className="overlay__title">
              PROCESSING YOUR RESPONSE
            </p>
            <p className="overlay__detail">Connecting to database...</p>
          </>
        )}
      </div>
    </div>
  );
}
