// Spec point 2: the fill is step/9 (the engine's progress()), 100% on thank-you pages.
import { useHydrated } from '../state/hydration';
import '../styles/progress.css';

export function ProgressBar({ value }: { value: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, value)) * 100);
  // The CSP refuses style attributes in HTML (a style set by the script is allowed): in a
  // prerendered page, and while it is hydrated, the fill's width is a class of progress.css,
  // which has one for each width a prerendered page shows (question 1's and full).
  const hydrated = useHydrated();
  return (
    <div className="progress" role="progressbar" aria-label="Survey progress" aria-valuemin={0} aria-valuemax={100} aria-valuenow={percent}>
      <div
        className={`progress__fill progress__fill--${percent}`}
        style={hydrated && percent !== 100 ? { width: `${percent}%` } : undefined}
      />
    </div>
  );
}
