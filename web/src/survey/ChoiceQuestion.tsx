// Single-choice questions as native radios in a fieldset whose legend is the page heading.
// Reveals (email, attachment) are passed as children and render under the options.
import { forwardRef, type ReactNode } from 'react';
import { describedBy, Field } from './Field';
import type { QuestionText } from './questions';

interface Props {
  name: string;
  text: QuestionText;
  options: string[];
  value: string | undefined;
  onChange: (value: string) => void;
  error?: string;
  shake: number;
  children?: ReactNode;
}

export const ChoiceQuestion = forwardRef<HTMLHeadingElement, Props>(function ChoiceQuestion(
  { name, text, options, value, onChange, error, shake, children },
  headingRef,
) {
  return (
    <>
      <Field name={name} error={error} shake={shake}>
        <fieldset className="fieldset" aria-describedby={describedBy(name, error)}>
          <legend className="fieldset__legend">
            <h1 className="question__title" ref={headingRef} tabIndex={-1}>
              {text.title}
            </h1>
          </legend>
          <div className={`choices ${options.length > 2 ? 'choices--list' : 'choices--pair'}`}>
            {options.map((option, index) => (
              <div className="choice" key={option}>
                <input
                  className="choice__input"
                  type="radio"
                  id={`${name}-${index}`}
                  name={name}
                  value={option}
                  checked={value === option}
                  aria-invalid={error ? true : undefined}
                  onChange={() => onChange(option)}
                />
                <label className="choice__label" htmlFor={`${name}-${index}`}>
                  {option}
                </label>
              </div>
            ))}
          </div>
        </fieldset>
      </Field>
      {children}
    </>
  );
});
