// Revealed under question 5b when the visitor wants a reminder (engine: reveals().email).
import { describedBy, Field } from './Field';

const NAME = 'answer5b-email';

export function EmailField({
  value,
  onChange,
  error,
  shake,
}: {
  value: string;
  onChange: (value: string) => void;
  error?: string;
  shake: number;
}) {
  return (
    <Field name={NAME} error={error} shake={shake} className="reveal">
      <label className="label" htmlFor={NAME}>
        Email address
      </label>
      <p id={`${NAME}-hint`} className="hint">
        We will only use it to remind you about your challenge.
      </p>
      <input
        id={NAME}
        name={NAME}
        className="input"
        type="email"
        inputMode="email"
        autoComplete="email"
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(NAME, error, true)}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    </Field>
  );
}
