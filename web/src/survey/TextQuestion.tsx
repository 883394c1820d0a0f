// Free-text questions (1, 2 and the 4b-other box): the question is the label and the heading.
import { forwardRef, useLayoutEffect, useRef } from 'react';
import { constants } from '../core';
import { describedBy, Field } from './Field';
import type { QuestionText } from './questions';

interface Props {
  name: string;
  text: QuestionText;
  value: string;
  onChange: (value: string) => void;
  error?: string;
  shake: number;
  multiline?: boolean;
}

export const TextQuestion = forwardRef<HTMLHeadingElement, Props>(function TextQuestion(
  { name, text, value, onChange, error, shake, multiline },
  headingRef,
) {
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  // A prerendered question (question 1's HTML, a one-line input) can be typed into before the app
  // takes it over. React's hydration leaves the field's value as it is and makes the app's
  // `value` its default (`defaultValue`): an untouched field then shows the answer (one stored by
  // an earlier visit), and text typed into the HTML's field (its value now differs from the
  // default) goes to the answers, so what the visitor sees is what is kept and validated. Once,
  // under StrictMode's second run too. In a client render the field shows `value` already.
  const handedOver = useRef(false);
  useLayoutEffect(() => {
    const shown = field.current;
    if (handedOver.current || !shown) return;
    handedOver.current = true;
    if (shown.value !== value && shown.value !== shown.defaultValue) onChange(shown.value);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, when the app takes the field over
  }, []);
  const common = {
    ref: field,
    id: name,
    name,
    value,
    placeholder: text.placeholder,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(name, error, Boolean(text.hint)),
    className: `input ${multiline ? 'input--area' : ''}`,
    maxLength: constants().maxTextChars,
    autoComplete: 'off',
  } as const;
  return (
    <Field name={name} error={error} shake={shake}>
      <h1 className="question__title" ref={headingRef} tabIndex={-1}>
        <label htmlFor={name}>{text.title}</label>
      </h1>
      {text.hint && (
        <p id={`${name}-hint`} className="hint">
          {text.hint}
        </p>
      )}
      {multiline ? (
        <textarea {...common} rows={5} onChange={(event) => onChange(event.currentTarget.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.currentTarget.value)} />
      )}
    </Field>
  );
});
