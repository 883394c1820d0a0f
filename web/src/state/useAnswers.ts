// The visitor's answers (mirrored to localStorage on every change, a superset of the spec's save
// points, so a reload never loses one) and the chosen file, which lives only in memory.
import { useCallback, useRef, useState } from 'react';
import { reveals, type Answers } from '../core';
import { clearSurvey, saveAnswers } from './storage';

export function useAnswers(initial: Answers) {
  const [answers, setAnswersState] = useState<Answers>(initial);
  // Read by handlers that run before the next render (a click right after a change).
  const answersRef = useRef(answers);
  const [file, setFile] = useState<File | null>(null);

  const setAnswers = useCallback((next: Answers) => {
    answersRef.current = next;
    setAnswersState(next);
  }, []);

  const update = useCallback(
    (patch: Answers) => {
      const next = { ...answersRef.current, ...patch };
      setAnswers(next);
      saveAnswers(next);
      if (!reveals(next).attachment) setFile(null); // leaving Yes on question 6 drops the file
    },
    [setAnswers],
  );

  /** Spec point 4: opening / (and Continue, and a finished submission) forgets the survey. */
  const reset = useCallback(() => {
    clearSurvey();
    setAnswers({});
    setFile(null);
  }, [setAnswers]);

  return { answers, answersRef, file, setFile, setAnswers, update, reset };
}
