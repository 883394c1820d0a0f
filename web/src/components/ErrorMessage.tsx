// GOV.UK-style error message: an id for aria-describedby and a visually hidden "Error:".
export const errorId = (field: string) => `${field}-error`;

export function ErrorMessage({ field, message }: { field: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={errorId(field)} className="field-error">
      <span className="visually-hidden">Error:</span> {message}
    </p>
  );
}
