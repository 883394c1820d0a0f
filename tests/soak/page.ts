// One simulated browser tab: the site's real outbox modules (web/src/outbox), loaded afresh for
// each page as a page load does (their in-memory state — what this page holds, its locks, its
// retry timer — is the page's own), over the real supabase-js and EmailJS SDK, against the
// local stack. A device's disk (its outbox store) outlives its pages. Closing a page is what a
// browser does to a closed tab: its code stops (every call it makes from then on never
// answers), its requests in flight are aborted, and — on pagehide — its keepalive requests go
// first and are not aborted. The engine is one shared instance (it is stateless); so is the
// proof-of-work solver, which a page would run in its worker.
import { AsyncLocalStorage } from 'node:async_hooks';
import { vi } from 'vitest';
import { uuidV4, type Answers } from '../../web/src/core';
import type { OutboxPorts } from '../../web/src/outbox/ports';
import type { OutboxStore } from '../../web/src/outbox/store';
import { workFor } from '../../web/src/work/pending';

/** A visitor's device: its disk (the outbox store, memory standing in for IndexedDB) and clock. */
export interface Device {
  disk: OutboxStore;
  locks: DeviceLocks;
  /** Added to the machine's clock: a later visit happens minutes later on this device. */
  clockOffsetMs: number;
  random: () => number;
  errors: number;
}

interface Life {
  dead: boolean;
  abort: AbortController;
  device: Device;
}

/**
 * The Web Locks of one browser (navigator.locks, what outbox/lock.ts asks with ifAvailable),
 * as a browser keeps them: shared by every tab of the site on the device, and released when the
 * tab holding one closes (a closed page's code never gets to release it itself).
 */
export class DeviceLocks {
  private readonly holders = new Map<string, Life>();

  async request<T>(name: string, options: { ifAvailable?: boolean }, work: (lock: object | null) => Promise<T>): Promise<T> {
    const life = current.getStore();
    const holder = this.holders.get(name);
    if (!life || !options.ifAvailable) throw new Error('the soak models only lock.ts: a page asking ifAvailable');
    if (holder && !holder.dead) return work(null);
    this.holders.set(name, life);
    try {
      return await work({ name });
    } finally {
      if (this.holders.get(name) === life) this.holders.delete(name);
    }
  }
}

type PageModules = Awaited<ReturnType<typeof loadModules>>;

const current = new AsyncLocalStorage<Life>();

/** The keepalive requests closed pages sent at pagehide, by channel: the soak's summary prints them. */
export const keepaliveSent = { rows: 0, emails: 0 };
const realFetch = globalThis.fetch;
const never = <T>(): Promise<T> => new Promise<T>(() => undefined);

/**
 * Every fetch made by a page's code (supabase-js and the EmailJS SDK call the global one) goes
 * through its page: aborted when it closes, and never answered after.
 */
export function routeFetchThroughPages(): void {
  globalThis.fetch = (input, init) => {
    const life = current.getStore();
    if (!life) return realFetch(input, init);
    if (life.dead) return never();
    const signal = init?.signal ? AbortSignal.any([init.signal, life.abort.signal]) : life.abort.signal;
    return realFetch(input, { ...init, signal }).then(
      (response) => (life.dead ? never<Response>() : response),
      (error: unknown) => (life.dead ? never<Response>() : Promise.reject(error)),
    );
  };
  // Each page's navigator.locks is its device's.
  const real = globalThis.navigator;
  const view = new Proxy(real ?? {}, {
    get: (target, key) => (key === 'locks' ? current.getStore()?.device.locks : Reflect.get(target, key)),
  });
  Object.defineProperty(globalThis, 'navigator', { configurable: true, get: () => view });
  // The EmailJS SDK reads the page's path for its rate limit (off here, as on the site).
  (globalThis as { location?: { pathname: string } }).location ??= { pathname: '/' };
}

function loadModules() {
  return Promise.all([
    import('../../web/src/outbox/index'),
    import('../../web/src/outbox/retry'),
    import('../../web/src/outbox/leave'),
    import('../../web/src/outbox/held'),
    import('../../web/src/outbox/supabase'),
    import('../../web/src/outbox/emailjs'),
  ]).then(([index, retry, leave, held, supabase, emailjs]) => ({ index, retry, leave, held, supabase, emailjs }));
}

/** Page loads one at a time: a registry reset between two imports of one page would split its modules. */
let loading: Promise<unknown> = Promise.resolve();

function freshModules(): Promise<PageModules> {
  const loaded = loading.then(() => {
    vi.resetModules();
    return loadModules();
  });
  loading = loaded.catch(() => undefined);
  return loaded;
}

export class Page {
  private readonly life: Life;
  readonly ports: OutboxPorts;
  /** The ids this page gave its submissions. */
  readonly keptIds: string[] = [];

  private constructor(
    private readonly modules: PageModules,
    device: Device,
  ) {
    this.life = { dead: false, abort: new AbortController(), device };
    const alive = <T>(call: () => Promise<T>): Promise<T> => {
      if (this.life.dead) return never();
      return call().then(
        (value) => (this.life.dead ? never<T>() : value),
        (error: unknown) => (this.life.dead ? never<T>() : Promise.reject(error)),
      );
    };
    this.ports = {
      store: {
        put: (entry) => alive(() => device.disk.put(entry)),
        remove: (id) => alive(() => device.disk.remove(id)),
        all: () => alive(() => device.disk.all()),
      },
      backend: () => alive(() => modules.supabase.supabaseBackend()),
      sendEmail: (params) => alive(() => modules.emailjs.sendWithEmailJs(params)),
      // The soak's files are videos: no shrunk bytes for the email, as the site sends for any video.
      fileInfo: (file, uploaded) => alive(async () => ({ name: file.name, type: file.type, size: file.size, uploaded })),
      removeMetadata: (file) => alive(async () => file),
      work: (id, completionMs, difficulty) => alive(() => workFor(id, completionMs, difficulty)),
      newId: () => {
        const id = uuidV4(Uint8Array.from({ length: 16 }, () => Math.floor(device.random() * 256)));
        this.keptIds.push(id);
        return id;
      },
      nowMs: () => Date.now() + device.clockOffsetMs,
      wait: (ms) => alive(() => new Promise((resolve) => setTimeout(resolve, ms))),
      random: device.random,
      userAgent: 'Mozilla/5.0 (StepZero soak; Node)',
      log: {
        // SOAK_DEBUG=1 prints what the outbox logs; otherwise its errors are only counted.
        warn: (...args: unknown[]) => void (process.env.SOAK_DEBUG && console.warn(...args)),
        error: (...args: unknown[]) => {
          device.errors += 1;
          if (process.env.SOAK_DEBUG) console.error(...args);
        },
      },
    };
  }

  static async open(device: Device): Promise<Page> {
    return new Page(await freshModules(), device);
  }

  /** The Submit click: keep the response, then one attempt (and the page's retries while it stays). */
  submit(answers: Answers, file: File | null) {
    return current.run(this.life, () => this.modules.index.keepAndDeliver(answers, file, this.ports, Promise.resolve()));
  }

  /** A page load that finds the outbox not empty: start.ts's retry (not forced: backoffs hold). */
  load(): Promise<void> {
    return current.run(this.life, () => this.modules.retry.retryOutbox(this.ports));
  }

  /** Whether this page still holds an undelivered response (the thank-you page's status line). */
  holding(): boolean {
    return this.modules.held.allHeld().length > 0;
  }

  /**
   * The tab closes. With `pagehide`, what can leave goes first as keepalive requests (sent by
   * the browser, not the page: never aborted); without (a crash, the OS killing the browser),
   * nothing does.
   */
  close(pagehide: boolean): void {
    if (this.life.dead) return;
    if (pagehide) {
      this.modules.leave.sendWhatCanLeave(this.modules.held.allHeld(), (input, init) => {
        if (String(input).includes('/rest/v1/')) keepaliveSent.rows += 1;
        else keepaliveSent.emails += 1;
        return realFetch(input, init);
      });
    }
    this.life.dead = true;
    this.life.abort.abort();
  }
}
