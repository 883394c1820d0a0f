// Free-text questions (1, 2 and the 4b-other box): the question is the label and the heading.
import { forwardRef } from 'react';
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
  const common = {
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
        <textarea {...common} rows={5} onChange={(event) => onChange(event.target.value)} />
      ) : (
        <input {...common} type="text" onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
  );
});
