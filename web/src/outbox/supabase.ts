// The two Supabase calls (spec point 7) through the unmodified supabase-js, created once.
import { config } from '../config';
import type { Backend } from './ports';

let backend: Promise<Backend | null> | null = null;

export function supabaseBackend(): Promise<Backend | null> {
  const { supabaseUrl, supabaseAnonKey } = config;
  if (!supabaseUrl || !supabaseAnonKey) return Promise.resolve(null);
  backend ??= import('@supabase/supabase-js')
    .then(({ createClient }) => {
      // No auth in this product: keep supabase-js from writing session keys to the visitor's storage.
      const client = createClient(supabaseUrl, supabaseAnonKey, {
        auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      });
      return {
        async upload(objectName, file) {
          // storage-js puts the File's own type on the wire (its contentType option is ignored
          // for a File): the caller has given the File the engine's type.
          const { error } = await client.storage.from('survey_media').upload(objectName, file, { upsert: false });
          // StorageApiError carries the HTTP status; a network failure (StorageUnknownError) has none.
          const status = error && 'status' in error && typeof error.status === 'number' ? error.status : undefined;
          return { error, status };
        },
        async insert(record) {
          // Plain insert without .select() or on-conflict: anon may write but not read rows back.
          // A repeat of the same client id answers 409 / 23505, which the engine reads as already stored.
          const { error, status } = await client.from('survey_responses').insert(record);
          return { error, status, code: error?.code ?? '', hint: error?.hint ?? '' };
        },
      } satisfies Backend;
    })
    .catch((error: unknown) => {
      backend = null; // offline while loading: the next attempt loads it again
      throw error;
    });
  return backend;
}
