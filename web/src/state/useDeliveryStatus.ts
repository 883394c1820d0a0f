// The thank-you page's view of the response this tab just submitted (outbox/held.ts): 'sending'
// while the page still holds it undelivered, 'arrived' once it leaves the outbox after the page
// appeared, null when there is nothing to say (it had arrived before the page showed, nothing
// was submitted in this tab, or before hydration: the prerendered page says nothing).
import { useState, useSyncExternalStore } from 'react';
import { latestStillSending, onHeldChange } from '../outbox/held';
import { useHydrated } from './hydration';

export function useDeliveryStatus(): 'sending' | 'arrived' | null {
  const hydrated = useHydrated();
  const sending = useSyncExternalStore(onHeldChange, latestStillSending, () => null);
  // Whether it was still on its way when the page appeared: only then is "arrived" news.
  // Set while rendering (React's pattern for state derived from a changing value).
  const [wasSending, setWasSending] = useState(false);
  if (sending && !wasSending) setWasSending(true);
  if (!hydrated || sending === null) return null;
  if (sending) return 'sending';
  return wasSending ? 'arrived' : null;
}
