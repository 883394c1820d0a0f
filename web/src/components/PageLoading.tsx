// What shows while a page's code or the survey engine is still on its way: the brand and a
// status line, faded in late so a fast load never flashes it.
import { Brand } from './Brand';

export function PageLoading() {
  return (
    <main className="page-loading" id="main">
      <Brand />
      <p className="page-loading__text" role="status">
        Loading…
      </p>
    </main>
  );
}
