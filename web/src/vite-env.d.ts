/// <reference types="vite/client" />

// Every build-time variable the site reads. They are read in exactly one place: src/config.ts.
// Values are public (they end up in the browser bundle); never put a secret here.
interface ImportMetaEnv {
  /** Supabase project URL, e.g. https://xyz.supabase.co (locally the stack gateway). Absent: no database, the email backup is used. */
  readonly VITE_SUPABASE_URL?: string;
  /** Supabase public anonymous key (a JWT locally). Absent: no database, the email backup is used. */
  readonly VITE_SUPABASE_ANON_KEY?: string;
  /** EmailJS public key (user_id in the send call). */
  readonly VITE_EMAILJS_PUBLIC_KEY?: string;
  /** EmailJS service id. */
  readonly VITE_EMAILJS_SERVICE_ID?: string;
  /** EmailJS template id of the backup email. */
  readonly VITE_EMAILJS_TEMPLATE_ID?: string;
  /** Optional EmailJS API origin; unset means https://api.emailjs.com. Locally the stack gateway. */
  readonly VITE_EMAILJS_ORIGIN?: string;
  /** Instagram profile URL shown in the footer and on thank-you pages. */
  readonly VITE_SOCIAL_INSTAGRAM?: string;
  /** TikTok profile URL. */
  readonly VITE_SOCIAL_TIKTOK?: string;
  /** YouTube channel URL. */
  readonly VITE_SOCIAL_YOUTUBE?: string;
  /** "off": no delivery service worker, and the deployed sw.js removes any earlier one (the kill switch). */
  readonly VITE_SERVICE_WORKER?: string;
  /** Address for privacy requests (access, deletion) named in the policies. */
  readonly VITE_CONTACT_EMAIL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
