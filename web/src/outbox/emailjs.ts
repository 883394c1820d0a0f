// One EmailJS send (spec point 7.3) through the unmodified @emailjs/browser SDK.
import { config } from '../config';
import { EmailConfigError } from './ports';

export async function sendWithEmailJs(params: Record<string, string>): Promise<void> {
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
