// The route rules of spec points 2 and 4 that need the browser's state: opening / resets the
// survey; a deep link to a step the answers do not reach goes to the engine's reachableStep;
// /survey/location opens question 2; step 8 restores saved answers when too few are in memory.
// Run before paint (layout effects) so a refused deep link never flashes.
import { useEffect, useLayoutEffect, type MutableRefObject } from 'react';
import { reachableStep, shouldRestoreAnswers, type Answers } from '../core';
import { navigate, questionPath, type Route } from './router';
import { loadAnswers, saveCurrentQuestion } from './storage';

interface Survey {
  answersRef: MutableRefObject<Answers>;
  setAnswers: (answers: Answers) => void;
  reset: () => void;
}

export function useSurveyRoutes(route: Route, engineReady: boolean, { answersRef, setAnswers, reset }: Survey, onNavigate: () => void) {
  // Opening / forgets the survey: a plain effect, as the hero shows nothing of it.
  useEffect(() => {
    if (route.name === 'hero') reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on navigation only
  }, [route]);
  useLayoutEffect(() => {
    onNavigate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on navigation only
  }, [route]);

  useLayoutEffect(() => {
    if (!engineReady) return;
    if (route.name === 'location') {
      navigate(questionPath(reachableStep('2', answersRef.current)), { replace: true });
    } else if (route.name === 'question') {
      let current = answersRef.current;
      if (route.step === '8' && shouldRestoreAnswers(current)) {
        current = { ...loadAnswers(), ...current };
        setAnswers(current);
      }
      const allowed = reachableStep(route.step, current);
      if (allowed !== route.step) navigate(questionPath(allowed), { replace: true });
      else saveCurrentQuestion(route.step);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- on navigation and engine start only
  }, [route, engineReady]);
}
