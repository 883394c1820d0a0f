// When the page goes away (pagehide; or hidden, which on a phone may be the last event a page
// gets), what can leave without the page leaves as keepalive requests, which the browser
// carries on after the tab is gone: each response this page still holds goes as its row (its
// proof of work solved, its file named ahead of the file: docs/guarantees.md, "A late file"),
// or, on a site built without a database, as its email backup. A row that also arrives later
// answers 409 for its id; a response whose work is not solved yet waits for the worker or the
// next visit (an email sent now could reach the inbox as well as a row stored later).
// The outbox keeps every entry: whatever still runs later (this page if it stays, the next
// visit) sends it again or finds it stored.
import { config } from '../config';
import { buildRecord, emailParams, reveals } from '../core';
import { askWorkerOnLeave } from './background';
import { emailRequest } from './emailRest';
import { allHeld, type Held } from './held';

/**
 * What all keepalive bodies in flight may add up to (Chromium, WebKit and Firefox refuse a
 * keepalive request beyond it). Rows (about 25 KB at most) go first, oldest first, then emails
 * (up to 50 KB): a row is the smaller and the one that needs no import; what does not fit
 * stays in the outbox for the next visit.
 */
export const KEEPALIVE_BUDGET_BYTES = 64 * 1024;

/**
 * The bytes of this page's keepalive bodies still in flight: the budget is the browser's for the
 * whole page, and a body sent at an earlier hiding of the page may not have finished when the
 * next one comes. Added as each leaves, taken off when its fetch settles.
 */
let bytesInFlight = 0;

export function keepaliveBytesInFlight(): number {
  return bytesInFlight;
}

export interface LeavingRequest {
  id: string;
  channel: 'row' | 'email';
  url: string;
  headers: Record<string, string>;
  body: string;
  bytes: number;
}

type Settings = Pick<
  typeof config,
  'supabaseUrl' | 'supabaseAnonKey' | 'emailPublicKey' | 'emailServiceId' | 'emailTemplateId' | 'emailOrigin'
>;

/** The requests to send now, within what is left of the budget, in the order they go. Never throws. */
export function whatCanLeave(held: Held[], settings: Settings = config, budget = KEEPALIVE_BUDGET_BYTES - bytesInFlight): LeavingRequest[] {
  const candidates = held
    .map((item) => request(item, settings))
    .filter((made): made is LeavingRequest & { createdMs: number } => made !== null)
    .sort((a, b) => (a.channel === b.channel ? a.createdMs - b.createdMs : a.channel === 'row' ? -1 : 1));
  const chosen: LeavingRequest[] = [];
  let left = budget;
  for (const { createdMs: _createdMs, ...candidate } of candidates) {
    if (candidate.bytes > left) continue;
    left -= candidate.bytes;
    chosen.push(candidate);
  }
  return chosen;
}

function request(item: Held, settings: Settings): (LeavingRequest & { createdMs: number }) | null {
  try {
    const { entry } = item;
    // The work noted at the click, unless the database has since asked for more (outbox/work.ts
    // then clears the entry's): that row would answer 428, and this page would not send it again.
    const noted = item.workDifficulty === (entry.workDifficulty ?? null) ? item.workNonce : null;
    const workNonce = entry.workNonce ?? noted;
    const attached = entry.file !== null && reveals(entry.answers).attachment;
    const meta = { id: entry.id, completionTime: entry.completionTime, userAgent: entry.userAgent };
    // The email only where there is no database: a row sent twice answers 409, but an email
    // sent here while a later visit or the worker stores the row would be a second copy.
    const hasDatabase = Boolean(settings.supabaseUrl && settings.supabaseAnonKey);
    if (hasDatabase && workNonce && !item.sentAhead.has('row')) {
      // The late-file rule: the row names the object its file is (or will be) stored under.
      const named = attached && entry.upload !== 'gaveUp' && entry.objectName;
      const record = buildRecord(entry.answers, {
        ...meta,
        workNonce,
        mediaFileUrl: named ? entry.objectName : null,
        mediaFileName: named ? entry.file!.name : null,
      });
      const body = JSON.stringify(record);
      return {
        id: entry.id,
        createdMs: entry.createdMs,
        channel: 'row',
        url: `${settings.supabaseUrl!.replace(/\/+$/, '')}/rest/v1/survey_responses`,
        headers: {
          apikey: settings.supabaseAnonKey!,
          Authorization: `Bearer ${settings.supabaseAnonKey!}`,
          'Content-Type': 'application/json',
          Prefer: 'return=minimal',
        },
        body,
        bytes: utf8Bytes(body),
      };
    }
    if (hasDatabase || item.sentAhead.has('email')) return null;
    const uploaded = entry.upload === 'done';
    const record = buildRecord(entry.answers, {
      ...meta,
      workNonce: workNonce ?? null,
      mediaFileUrl: uploaded ? entry.objectName : null,
      mediaFileName: uploaded && entry.file ? entry.file.name : null,
    });
    const file =
      attached && entry.file ? { name: entry.file.name, type: entry.file.type, size: entry.file.bytes.byteLength, uploaded } : null;
    const email = emailRequest(emailParams(entry.answers, record, file), settings);
    if (!email) return null;
    return { id: entry.id, createdMs: entry.createdMs, channel: 'email', ...email, bytes: utf8Bytes(email.body) };
  } catch (error) {
    console.warn('A kept response could not be prepared to leave with the page; it stays in the outbox.', error);
    return null;
  }
}

function utf8Bytes(text: string): number {
  return new TextEncoder().encode(text).byteLength;
}

/**
 * Sends what can leave now, as keepalive requests; marks each as sent so a second pagehide does
 * not repeat it. A send the browser refuses (its fetch rejects: over its budget, or no network)
 * loses its mark, so a later pagehide tries it again.
 */
export function sendWhatCanLeave(held: Held[] = allHeld(), send: typeof fetch = fetch, settings: Settings = config): void {
  if (held.length > 0) askWorkerOnLeave(); // the file, and whatever does not fit, go with the worker
  for (const leaving of whatCanLeave(held, settings)) {
    const marks = held.find((item) => item.entry.id === leaving.id)?.sentAhead;
    marks?.add(leaving.channel);
    bytesInFlight += leaving.bytes;
    let sent: Promise<unknown>;
    try {
      sent = send(leaving.url, { method: 'POST', keepalive: true, headers: leaving.headers, body: leaving.body });
    } catch (error) {
      sent = Promise.reject(error);
    }
    sent
      .catch(() => marks?.delete(leaving.channel))
      .finally(() => (bytesInFlight -= leaving.bytes))
      .catch(() => undefined);
  }
}

/** Once per page: every pagehide, and every time the page is hidden (a phone may never send pagehide). */
export function watchLeave(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('pagehide', () => sendWhatCanLeave());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') sendWhatCanLeave();
  });
}
