// The one module that reads import.meta.env (see vite-env.d.ts for what each value means).
// Empty strings count as absent so a half-filled .env behaves like a missing one.

function value(raw: string | undefined): string | null {
  const trimmed = raw?.trim();
  return trimmed ? trimmed : null;
}

export interface SocialLink {
  label: string;
  href: string;
}

export const config = {
  supabaseUrl: value(import.meta.env.VITE_SUPABASE_URL),
  supabaseAnonKey: value(import.meta.env.VITE_SUPABASE_ANON_KEY),
  emailPublicKey: value(import.meta.env.VITE_EMAILJS_PUBLIC_KEY),
  emailServiceId: value(import.meta.env.VITE_EMAILJS_SERVICE_ID),
  emailTemplateId: value(import.meta.env.VITE_EMAILJS_TEMPLATE_ID),
  emailOrigin: value(import.meta.env.VITE_EMAILJS_ORIGIN),
  contactEmail: value(import.meta.env.VITE_CONTACT_EMAIL) ?? 'privacy@stepzero.org',
  /** The delivery worker (outbox/background.ts); "off" is its kill switch. */
  serviceWorker: value(import.meta.env.VITE_SERVICE_WORKER) !== 'off',
  socials: [
    { label: 'Instagram', href: value(import.meta.env.VITE_SOCIAL_INSTAGRAM) ?? 'https://www.instagram.com/' },
    { label: 'TikTok', href: value(import.meta.env.VITE_SOCIAL_TIKTOK) ?? 'https://www.tiktok.com/' },
    { label: 'YouTube', href: value(import.meta.env.VITE_SOCIAL_YOUTUBE) ?? 'https://www.youtube.com/' },
  ] satisfies SocialLink[],
};

export type Config = typeof config;
