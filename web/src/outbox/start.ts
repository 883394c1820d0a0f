// Started from the app's entry on every page load, once the engine is up: when the outbox holds
// a response an earlier visit could not deliver, it is retried (supabase-js and EmailJS load
// then); otherwise nothing more is loaded. The `online` event is watched too, so a response kept
// while offline leaves as soon as the network is back; and the page's leaving (leave.ts), so
// what this page still holds goes with keepalive requests when it closes; and the worker's word
// that it has drained, so what it delivered is let go of here.
import { browserPorts } from './browserPorts';
import { onWorkerDrained, registerDeliveryWorker } from './background';
import { releaseDelivered } from './drain';
import { watchLeave } from './leave';
import { retryOutbox } from './retry';
import { hasIndexedDb, indexedDbOutbox, outboxHasEntries } from './store';

export function startOutbox(): void {
  if (typeof window === 'undefined') return;
  watchLeave();
  // A page load asks IndexedDB first, so a visitor who never submitted loads nothing more.
  const retry = () => void retryOutbox(browserPorts);
  outboxHasEntries(retry)
    .then((has) => (has ? (void registerDeliveryWorker(), retry()) : undefined))
    .catch((error: unknown) => console.warn('The outbox could not be read.', error));
  // Online: everything kept, in IndexedDB or (when it refused) in this page's memory.
  window.addEventListener('online', () => void retryOutbox(browserPorts, true));
  // The worker delivered (asked by this page, whose own code could not load, or by another):
  // what it took is let go of here, read from IndexedDB itself and from the page's store.
  onWorkerDrained(() => void releaseDelivered(hasIndexedDb() ? [indexedDbOutbox, browserPorts.store] : [browserPorts.store]));
}
