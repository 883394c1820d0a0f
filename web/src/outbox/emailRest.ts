// The EmailJS send as its REST call (what @emailjs/browser's `send` posts), for the two places
// the SDK cannot go: a keepalive request as the page goes away (leave.ts; the SDK's fetch has no
// keepalive) and the service worker (the SDK reads the page's localStorage and location).
// A refusal rejects like the SDK's: `{status, text}`, so email.ts reads both the same way.
import { config } from '../config';
import { EmailConfigError } from './ports';

export type EmailSettings = Pick<typeof config, 'emailPublicKey' | 'emailServiceId' | 'emailTemplateId' | 'emailOrigin'>;

export interface EmailRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
}

/** The request for `params`, or null when EmailJS is not configured. */
export function emailRequest(params: Record<string, string>, settings: EmailSettings = config): EmailRequest | null {
  if (!settings.emailPublicKey || !settings.emailServiceId || !settings.emailTemplateId) return null;
  return {
    url: `${(settings.emailOrigin ?? 'https://api.emailjs.com').replace(/\/+$/, '')}/api/v1.0/email/send`,
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      user_id: settings.emailPublicKey,
      service_id: settings.emailServiceId,
      template_id: settings.emailTemplateId,
      template_params: params,
    }),
  };
}

/** One send; rejects with `{status, text}` (status 0: no answer), or EmailConfigError when unconfigured. */
export async function sendEmailRest(params: Record<string, string>, settings: EmailSettings = config): Promise<void> {
  const request = emailRequest(params, settings);
  if (!request) throw new EmailConfigError('EmailJS is not configured: missing VITE_EMAILJS_* values');
  let response: Response;
  try {
    response = await fetch(request.url, { method: 'POST', headers: request.headers, body: request.body });
  } catch (error) {
    throw { status: 0, text: error instanceof Error ? error.message : String(error) };
  }
  const text = await response.text().catch(() => '');
  if (!response.ok) throw { status: response.status, text };
}
