// Spec point 2: the fill is step/9 (the engine's progress()), 100% on thank-you pages.
export function ProgressBar({ value }: { value: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="progress" role="progressbar" aria-label="Survey progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div className="progress__fill" style={{ width: `${percent}%` }} />
    </div>
  );
}
