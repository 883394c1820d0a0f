// One route's page in the app's frame (App). A page may be built before its route is shown: the
// home page while Back on question 1 (or the survey's exit) is held down, so the click shows that
// subtree instead of building the page in its own task (docs/decisions.md, "Accessibility and
// speed"). Built ahead, it is laid out at the page's width but not painted, not in the
// accessibility tree and out of reach (`inert`); shown, it is the same element with the same
// children, so Preact keeps its DOM.
import { createContext, useContext, type ReactNode } from 'react';

const Prepared = createContext(false);

/** Whether the page rendering this is built ahead, unseen: a page's arrival work (its focus)
 *  waits for the page to be shown. */
export const usePrepared = (): boolean => useContext(Prepared);

export function Page({ prepared = false, children }: { prepared?: boolean; children: ReactNode }) {
  return (
    <div className={prepared ? 'app__page app__page--prepared' : 'app__page'} inert={prepared}>
      <Prepared.Provider value={prepared}>{children}</Prepared.Provider>
    </div>
  );
}
