// The Step Zero wordmark: a ring (the "zero") and the name.
export function Brand() {
  return (
    <span className="brand">
      <svg className="brand__mark" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="11" fill="none" stroke="currentColor" strokeWidth="5" />
      </svg>
      <span className="brand__name">Step Zero</span>
    </span>
  );
}
