// Question 8: the gender select and the consent checkbox, each with its own error (spec point 5).
import { forwardRef } from 'react';
import { Link } from '../components/Link';
import { describedBy, Field } from './Field';
import type { QuestionText } from './questions';

interface Props {
  text: QuestionText;
  options: string[];
  gender: string;
  consent: boolean;
  onGender: (value: string) => void;
  onConsent: (value: boolean) => void;
  errors: Record<string, string>;
  shake: number;
}

export const GenderQuestion = forwardRef<HTMLHeadingElement, Props>(function GenderQuestion(
  { text, options, gender, consent, onGender, onConsent, errors, shake },
  headingRef,
) {
  return (
    <>
      <Field name="gender" error={errors.gender} shake={shake}>
        <h1 className="question__title" ref={headingRef} tabIndex={-1}>
          <label htmlFor="gender">{text.title}</label>
        </h1>
        <select
          id="gender"
          name="gender"
          className="input select"
          value={gender}
          aria-invalid={errors.gender ? true : undefined}
          aria-describedby={describedBy('gender', errors.gender)}
          onChange={(event) => onGender(event.currentTarget.value)}
        >
          <option value="">Select your gender</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      </Field>
      <Field name="termsConsent" error={errors.termsConsent} shake={shake}>
        <div className="checkbox">
          <input
            id="termsConsent"
            name="termsConsent"
            type="checkbox"
            className="checkbox__input"
            checked={consent}
            aria-invalid={errors.termsConsent ? true : undefined}
            aria-describedby={describedBy('termsConsent', errors.termsConsent)}
            onChange={(event) => onConsent(event.currentTarget.checked)}
          />
          <label htmlFor="termsConsent" className="checkbox__label">
            I acknowledge and agree to the <Link href="/privacy#privacy">Privacy Policy</Link> and{' '}
            <Link href="/privacy#terms">Terms of Service</Link>
          </label>
        </div>
      </Field>
    </>
  );
});
