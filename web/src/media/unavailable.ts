// The one passing failure of the image routine, shared by the page (media/stripMetadata.ts), the
// service worker (sw/ports.ts) and the outbox that reads it (outbox/deliver.ts): its own module,
// so the outbox's eager code holds the class without the routine's lazy chunk.

/** The image routine could not be loaded now (no network, a deploy removed it): a passing failure. */
export class RoutineUnavailable extends Error {}
