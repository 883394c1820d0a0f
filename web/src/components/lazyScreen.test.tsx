// A lazy screen whose chunk arrives after its first render but before that render's effects
// run (React runs a commit's plain effects in a later task, after the paint) must still show the screen, not its
// placeholder for good.
import { createRoot } from 'react-dom/client';
import { expect, test } from 'vitest';
import { lazyScreen } from './lazyScreen';

test('a chunk that lands between the first render and its effects still shows the screen', async () => {
  let arrive!: (component: () => React.JSX.Element) => void;
  const Screen = lazyScreen(() => new Promise<() => React.JSX.Element>((resolve) => (arrive = resolve)), <p>waiting</p>);
  void Screen.preload(); // as App's prefetchFor starts it before the first render
  const container = document.createElement('div');
  document.body.append(container);
  // The commit's DOM change is seen in a microtask of the commit's own task, before the task
  // that runs its effects: the chunk lands there.
  const landed = new Promise<void>((resolve) => {
    const observer = new MutationObserver(() => {
      observer.disconnect();
      arrive(() => <p>the screen</p>);
      resolve();
    });
    observer.observe(container, { childList: true, subtree: true });
  });
  // Outside act(), as in the browser: React schedules the render and its effects itself.
  const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
  const root = createRoot(container);
  try {
    root.render(<Screen />);
    await landed;
    await expect.poll(() => container.textContent, { timeout: 1000 }).toBe('the screen');
  } finally {
    root.unmount();
    container.remove();
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = true;
  }
});
