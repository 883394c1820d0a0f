// Every text a survey step may go on to show, laid out once and unseen while the step is read:
// the hero itself (Back on question 1, or the exit) and a sample of the other steps' styles
// (their hints, choices, fields, errors). A font face at a size the page has not drawn yet is
// looked up during the layout that first needs it; Chromium on Linux asks the browser process for
// each such size, synchronously (FontCache::GetFontPlatformData, about 1 ms each). The hero has 9
// sizes a deep link to question 1 has not drawn: 20 of the 22 ms of its layout in a trace of that
// Back at 4x CPU slowdown. A step has one or two its neighbours lack (2–6 ms of such a click).
// Looked up here, at idle, they cost the clicks nothing; the hero's own text is shaped here too
// (Blink caches the shaping of words per font).
// A test holds the styles here to those of the hero and of every step (tests/e2e/font-rehearsal.spec.ts).
import { useEffect, useState } from 'react';
import { afterNextPaint, whenIdle } from '../state/afterPaint';
import { Footer } from './Footer';
import { Hero } from './Hero';
import { NavBar } from './NavBar';

/**
 * The classes as the steps use them (without their ids): [a text's class, the class of a part
 * inside it, where the part has a style of its own].
 */
const FIELD: [string, string?][] = [
  ['label', 'optional'],
  ['hint'],
  ['choice', 'choice__label'],
  ['checkbox', 'checkbox__label'],
  ['field-error'],
];

function sample([text, part]: [string, string?]) {
  return (
    <p key={text} className={text}>
      Step {part && <span className={part}>Zero</span>}
    </p>
  );
}

export function FontRehearsal() {
  const [phase, setPhase] = useState<'waiting' | 'laidOut' | 'done'>('waiting');
  useEffect(() => {
    if (phase === 'waiting') return whenIdle(() => setPhase('laidOut'), 2000);
    if (phase !== 'laidOut') return;
    // Laid out by the frame that showed it (visibility: hidden paints nothing of it): it goes a
    // frame after that (this effect runs after the paint itself; setting state here is a render more).
    let mounted = true;
    afterNextPaint(() => mounted && setPhase('done'));
    return () => {
      mounted = false;
    };
  }, [phase]);
  if (phase !== 'laidOut') return null;
  return (
    <div className="font-rehearsal" aria-hidden="true" inert>
      <NavBar current="home" />
      <Hero />
      <Footer />
      <div className="field">
        {FIELD.map(sample)}
        <input className="input" defaultValue="Step Zero" tabIndex={-1} />
        <select className="input select" tabIndex={-1}>
          <option>Step Zero</option>
        </select>
      </div>
    </div>
  );
}
