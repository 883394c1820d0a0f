// Screens other than the hero load on demand (their own chunks), so the hero's first load
// stays small. This shows <PageLoading> until the chunk is in, renders at once when it already
// is (no flash on later visits), and can fetch a chunk ahead of need (`preload`), which lazy +
// Suspense cannot; React's Suspense also throttles the reveal with a timer that a paused test
// clock holds forever.
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { PageLoading } from './PageLoading';

export interface LazyScreen<P> {
  (props: P): React.JSX.Element;
  /** Fetches the chunk ahead of need (e.g. the question while the intro plays). */
  preload: () => Promise<void>;
}

export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
  placeholder: ReactNode = <PageLoading />,
): LazyScreen<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<void> | null = null;
  const preload = () => {
    pending ??= load().then(
      (component) => {
        loaded = component;
      },
      (error: unknown) => {
        pending = null; // a later visit may try again (a flaky network)
        throw error;
      },
    );
    return pending;
  };

  function Screen(props: P) {
    // The component in state, not read from the module in render: what the render shows follows
    // from its state alone (the React Compiler may keep a render's output while they are unchanged).
    const [Loaded, setLoaded] = useState<ComponentType<P> | null>(() => loaded);
    const [failure, setFailure] = useState<unknown>(null);
    useEffect(() => {
      // Asked even when `loaded` is already set: the chunk may have landed after this render
      // and before its effects (a later task), and only this state change shows it.
      preload().then(() => setLoaded(() => loaded), setFailure);
    }, []);
    if (failure) throw failure; // to the ErrorBoundary: the fallback screen
    return Loaded ? <Loaded {...props} /> : <>{placeholder}</>;
  }
  Screen.preload = preload;
  return Screen;
}

/** A screen in the first load, with a lazy screen's shape (About: small, and its text is the
 *  page's largest paint, which a second round trip for a chunk would delay). */
export function eagerScreen<P extends object>(Component: ComponentType<P>): LazyScreen<P> {
  const Screen = (props: P) => <Component {...props} />;
  Screen.preload = () => Promise.resolve();
  return Screen;
}
