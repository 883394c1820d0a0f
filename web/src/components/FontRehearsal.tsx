// Every text style a survey step may go on to show, laid out once and unseen while the step is
// read: the other steps' (their hints, choices, fields, errors) and the hero's (Back on question
// 1, or the exit). A font face at a size the page has not drawn yet is looked up during the
// layout that first needs it; Chromium on Linux asks the browser process for each such size,
// synchronously (FontCache::GetFontPlatformData, about 1 ms each). The hero has 9 sizes a deep
// link to question 1 has not drawn: 20 of the 22 ms of its layout in a trace of that Back at 4x
// CPU slowdown. A step has one or two its neighbours lack (2–6 ms of such a click). Looked up
// here, at idle, they cost the clicks nothing.
// A test holds the styles here to those of the hero and of every step (tests/e2e/font-rehearsal.spec.ts).
import { useEffect, useState } from 'react';
import { afterNextPaint, whenIdle } from '../state/afterPaint';
import { Footer } from './Footer';
import { NavBar } from './NavBar';

export function FontRehearsal() {
  const [phase, setPhase] = useState<'waiting' | 'laidOut' | 'done'>('waiting');
  useEffect(() => {
    if (phase === 'waiting') return whenIdle(() => setPhase('laidOut'), 2000);
    // Laid out by the frame that showed it (visibility: hidden paints nothing of it): it goes after.
    if (phase === 'laidOut') afterNextPaint(() => setPhase('done'));
  }, [phase]);
  if (phase !== 'laidOut') return null;
  // The classes as the hero and the steps use them, without their ids; the navigation and the footer themselves.
  return (
    <div className="font-rehearsal" aria-hidden="true" inert>
      <NavBar current="home" />
      <div className="hero">
        <p className="hero__eyebrow">Step Zero</p>
        <p className="hero__title">
          Step <span className="hero__accent">Zero</span>
        </p>
        <p className="hero__tagline">Step Zero</p>
        <p className="hero__lead">Step Zero</p>
        <div className="hero__actions">
          <span className="button button--primary button--large">Step Zero</span>
        </div>
        <p className="hero__legal">
          <span className="legal-link">Step Zero</span>
        </p>
      </div>
      <Footer />
      <div className="field">
        <p className="label">
          Step <span className="optional">Zero</span>
        </p>
        <p className="hint">Step Zero</p>
        <input className="input" defaultValue="Step Zero" tabIndex={-1} />
        <select className="input select" tabIndex={-1}>
          <option>Step Zero</option>
        </select>
        <div className="choice">
          <span className="choice__label">Step Zero</span>
        </div>
        <div className="checkbox">
          <span className="checkbox__label">Step Zero</span>
        </div>
        <p className="field-error">Step Zero</p>
      </div>
    </div>
  );
}
