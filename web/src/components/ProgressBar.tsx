// Spec point 2: the fill is step/9 (the engine's progress()), 100% on thank-you pages.
import '../styles/progress.css';

export function ProgressBar({ value }: { value: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  return (
    <div className="progress" role="progressbar" aria-label="Survey progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      {/* A style set by the script is allowed by the CSP; one in prerendered HTML is not. */}
      <div
        className={percent === 100 ? 'progress__fill progress__fill--full' : 'progress__fill'}
        style={percent === 100 ? undefined : { width: `${percent}%` }}
      />
    </div>
  );
}
