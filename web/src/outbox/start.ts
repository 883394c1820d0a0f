// Started from the app's entry on every page load (issue 6): when the outbox holds a response an
// earlier visit could not deliver, the retry code (and with it supabase-js and EmailJS) is
// loaded and retried; otherwise nothing more is loaded. The `online` event is watched too, so a
// response kept while offline leaves as soon as the network is back.
import { hasIndexedDb, outboxHasEntries } from './store';

export function startOutbox(): void {
  if (typeof window === 'undefined' || !hasIndexedDb()) return;
  const retry = (force: boolean) =>
    outboxHasEntries()
      .then((has) => (has ? import('./retry').then((module) => module.retryOutbox(force)) : undefined))
      .catch((error: unknown) => console.warn('The outbox could not be read.', error));
  window.addEventListener('online', () => void retry(true));
  void retry(false);
}
