// A form group that can show an error and shake (spec point 5: "the field shakes").
// The shake is a CSS class toggled directly on the element so the input keeps its focus.
import { useEffect, useRef, type ReactNode } from 'react';
import { ErrorMessage } from '../components/ErrorMessage';

export function Field({
  name,
  error,
  shake,
  children,
  className = '',
}: {
  name: string;
  error?: string;
  shake: number;
  children: ReactNode;
  className?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || !shake || !error) return;
    node.classList.remove('shake');
    void node.offsetWidth; // restart the animation when the same field fails twice
    node.classList.add('shake');
  }, [shake, error]);
  return (
    <div
      ref={ref}
      id={`${name}-group`}
      className={`field ${error ? 'field--error' : ''} ${className}`}
      onAnimationEnd={(event) => event.currentTarget.classList.remove('shake')}
    >
      {children}
      <ErrorMessage field={name} message={error} />
    </div>
  );
}

/** aria-describedby for an input: its hint and, when present, its error. */
export function describedBy(name: string, error: string | undefined, hasHint = false): string | undefined {
  const ids = [hasHint ? `${name}-hint` : '', error ? `${name}-error` : ''].filter(Boolean);
  return ids.length ? ids.join(' ') : undefined;
}
