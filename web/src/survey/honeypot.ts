// The honeypot field's value, read at submit (see HoneypotField.tsx). Read from the DOM, so a
// bot that sets `value` without firing input events is caught too.
let field: HTMLInputElement | null = null;

export function registerHoneypot(element: HTMLInputElement | null): void {
  field = element;
}

/** What the field holds at submit: '' for every person. */
export function honeypotValue(): string {
  return field?.value ?? '';
}
