// Question 7: a number input (min 1, max 120) that accepts only digits while typing; the
// engine's digitsOnly decides what a digit is, and validateStep judges the value.
import { forwardRef, useEffect, useRef } from 'react';
import { constants, digitsOnly } from '../core';
import { describedBy, Field } from './Field';
import type { QuestionText } from './questions';

interface Props {
  text: QuestionText;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  shake: number;
}

export const AgeQuestion = forwardRef<HTMLHeadingElement, Props>(function AgeQuestion({ text, value, onChange, error, shake }, headingRef) {
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    const node = input.current;
    if (!node) return;
    // Refuse non-digit keystrokes before the browser accepts them ("e", "-", "+", ".").
    const filter = (event: InputEvent) => {
      if (event.data && digitsOnly(event.data) !== event.data) event.preventDefault();
    };
    node.addEventListener('beforeinput', filter);
    return () => node.removeEventListener('beforeinput', filter);
  }, []);
  return (
    <Field name="age" error={error} shake={shake}>
      <h1 className="question__title" ref={headingRef} tabIndex={-1}>
        <label htmlFor="age">{text.title}</label>
      </h1>
      <input
        ref={input}
        id="age"
        name="age"
        className="input input--short"
        type="number"
        inputMode="numeric"
        min={constants().minAge}
        max={constants().maxAge}
        step={1}
        autoComplete="off"
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy('age', error)}
        onChange={(event) => onChange(digitsOnly(event.currentTarget.value))}
      />
    </Field>
  );
});
