// The intro transition (spec point 4, hero Continue): shown for introMs, then question 1.
// The URL is replaced so the browser's Back from question 1 returns to the hero, not here.
import { useLayoutEffect } from 'react';
import { Brand } from '../components/Brand';
import { constants } from '../core';
import { navigate, questionPath } from '../state/router';

export function IntroScreen() {
  // A layout effect: the 3.5 s start in the commit that shows the screen, not after paint.
  useLayoutEffect(() => {
    const timer = setTimeout(() => navigate(questionPath('1'), { replace: true }), constants().introMs);
    return () => clearTimeout(timer);
  }, []);
  return (
    <main className="intro" id="main">
      <Brand />
      <h1 className="intro__title" aria-live="polite">
        TELL US ABOUT YOUR CHALLENGE
      </h1>
      <p className="intro__lead">Eight short questions. One step at a time.</p>
      <span className="intro__bar" aria-hidden="true" style={{ animationDuration: `${constants().introMs}ms` }} />
    </main>
  );
}
