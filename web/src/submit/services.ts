// The browser wiring of the submission: supabase-js and the EmailJS SDK are imported only
// here, lazily, when a response is actually submitted (they are most of the bundle's weight).
import { config } from '../config';
import type { FileInfo } from '../core';
import { EmailConfigError, type Backend, type SubmitDeps } from './pipeline';
import { prepareFileInfo } from './fileInfo';

let backendPromise: Promise<Backend | null> | null = null;

function loadBackend(): Promise<Backend | null> {
  const { supabaseUrl, supabaseAnonKey } = config;
  if (!supabaseUrl || !supabaseAnonKey) return Promise.resolve(null);
  backendPromise ??= import('@supabase/supabase-js').then(({ createClient }) => {
    // No auth in this product: keep supabase-js from writing session keys to the visitor's storage.
    const client = createClient(supabaseUrl, supabaseAnonKey, {
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    });
    return {
      async upload(objectName, file, contentType) {
        // The engine's uploadContentType: a typeless file gets the type its extension stands for.
        const { error } = await client.storage.from('survey_media').upload(objectName, file, { contentType, upsert: false });
        // StorageApiError carries the HTTP status; a network failure (StorageUnknownError) has none.
        const status = error && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
        return { error, status };
      },
      async insert(record) {
        // Plain insert without .select() or on-conflict: anon may write but not read rows back.
        // A repeat of the same client id answers 409 / 23505, which the engine reads as stored.
        const { error, status } = await client.from('survey_responses').insert(record);
        return { error, status, code: error?.code ?? '' };
      },
    } satisfies Backend;
  }).catch((error: unknown) => {
    backendPromise = null; // offline while loading: the next retry loads it again
    throw error;
  });
  return backendPromise;
}

async function sendEmail(params: Record<string, string>): Promise<void> {
  const { emailPublicKey, emailServiceId, emailTemplateId, emailOrigin } = config;
  const missing = [
    !emailPublicKey && 'VITE_EMAILJS_PUBLIC_KEY',
    !emailServiceId && 'VITE_EMAILJS_SERVICE_ID',
    !emailTemplateId && 'VITE_EMAILJS_TEMPLATE_ID',
  ].filter(Boolean);
  if (missing.length) throw new EmailConfigError(`EmailJS is not configured: missing ${missing.join(', ')}`);
  const emailjs = await import('@emailjs/browser');
  // blockHeadless stays off on purpose: the backup exists to not lose a response, and a
  // visitor whose browser reports navigator.webdriver (automation, some assistive setups)
  // is still a visitor. Abuse is limited by EmailJS's own quota and the dashboard settings.
  emailjs.init({ publicKey: emailPublicKey!, ...(emailOrigin ? { origin: emailOrigin } : {}) });
  await emailjs.send(emailServiceId!, emailTemplateId!, params, { publicKey: emailPublicKey! });
}

export const browserDeps: SubmitDeps = {
  backend: loadBackend,
  sendEmail,
  fileInfo: (file: File, uploaded: boolean): Promise<FileInfo> => prepareFileInfo(file, uploaded),
  wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  nowMs: () => Date.now(),
  userAgent: typeof navigator === 'undefined' ? '' : navigator.userAgent,
  log: console,
};
