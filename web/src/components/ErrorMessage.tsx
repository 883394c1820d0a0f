// GOV.UK-style error message: an id for aria-describedby and a visually hidden "Error:". It sits
// in a polite live region that is always there, so a message appearing is announced too (focus
// moves to the field as well, which reads it through aria-describedby).
export const errorId = (field: string) => `${field}-error`;

export function ErrorMessage({ field, message }: { field: string; message?: string }) {
  return (
    <div className="field-error-live" aria-live="polite">
      {message && (
        <p id={errorId(field)} className="field-error">
          <span className="visually-hidden">Error:</span> {message}
        </p>
      )}
    </div>
  );
}
