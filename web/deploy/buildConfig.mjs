// What a build for a real host must be given: without the Supabase URL and key the site would
// keep every response in its visitors' browsers, and without the EmailJS ids there would be no
// backup when the database refuses. So `make build` stops, naming what is missing; a preview
// build (STEPZERO_PREVIEW_BUILD=1, `make build PREVIEW=1`) goes on without them, and the site's
// runtime rule for a missing client (spec) still applies to it.

export const REQUIRED = [
  ['VITE_SUPABASE_URL', 'the Supabase project URL (Settings > API)'],
  ['VITE_SUPABASE_ANON_KEY', 'the Supabase anon (publishable) key (Settings > API)'],
  ['VITE_EMAILJS_PUBLIC_KEY', 'the EmailJS public key (Account > API keys)'],
  ['VITE_EMAILJS_SERVICE_ID', 'the EmailJS service id (Email Services)'],
  ['VITE_EMAILJS_TEMPLATE_ID', 'the EmailJS template id (Email Templates)'],
];

// web/.env.example's placeholders count as missing: a copied example is not a configuration.
const PLACEHOLDER = /^(https:\/\/your-project\.supabase\.co|your-[a-z-]+|(service|template)_x+)$/;

/** The required names that are empty or still the example's placeholder. */
export function missingConfig(env) {
  return REQUIRED.filter(([name]) => {
    const value = String(env[name] ?? '').trim();
    return value === '' || PLACEHOLDER.test(value);
  });
}

export function isPreviewBuild(env = process.env) {
  return /^(1|true|yes)$/i.test(String(env.STEPZERO_PREVIEW_BUILD ?? ''));
}

/** The refusal, or null when the build may go on. */
export function buildRefusal(env, processEnv = process.env) {
  const missing = missingConfig(env);
  if (missing.length === 0 || isPreviewBuild(processEnv)) return null;
  return [
    'Refusing to build a site without its services. Missing:',
    ...missing.map(([name, what]) => `  ${name}  (${what})`),
    'Set them in web/.env (copy web/.env.example), or in the environment of the build.',
    'For a preview without them: make build PREVIEW=1  (or STEPZERO_PREVIEW_BUILD=1).',
  ].join('\n');
}
