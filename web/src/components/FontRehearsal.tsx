// The hero's text, laid out once and unseen while a survey step is read, so that leaving the
// survey for the hero (Back on question 1, or the exit) finds its fonts ready. A font face at a
// size the page has not drawn yet is looked up during the layout that first needs it; Chromium on
// Linux asks the browser process for each such size, synchronously (FontCache::GetFontPlatformData,
// about 1 ms each: the hero has 9 sizes a step does not, 20 of the 22 ms of its layout in a
// trace of Back on question 1 at 4x CPU slowdown). Looked up here, at idle, they cost that click
// nothing. A test holds the text styles here equal to the hero's (tests/e2e/font-rehearsal.spec.ts).
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
  // The hero's classes, as HeroScreen uses them, without its ids; the navigation and the footer themselves.
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
    </div>
  );
}
