// The privacy page says what the system does (issue #22): the retention it states is the
// database's own (the defaults of stepzero_private.settings, read from the migration), and it
// names how to ask for deletion and the copies kept outside the table.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PrivacyPolicy } from './PrivacyPolicy';

const migration = readFileSync(join(process.env.STEPZERO_ROOT!, 'supabase/migrations/20251127000000_reminders_and_retention.sql'), 'utf8');

function setting(name: string): number {
  const found = new RegExp(`add column ${name} integer not null default (\\d+)`).exec(migration);
  if (!found) throw new Error(`no default for ${name} in the migration`);
  return Number(found[1]);
}

function pageText(): string {
  render(<PrivacyPolicy effectiveDate="08/20/2025" />);
  return (screen.getByRole('heading', { name: '5. Retention and deletion' }).parentElement?.textContent ?? '').replace(/\s+/g, ' ');
}

describe('the privacy page states the retention the database applies', () => {
  it('the reminder: its delay, the per-address period, the daily cap, and when the address goes', () => {
    const text = pageText();
    expect(text).toContain(`about ${setting('reminder_delay_days')} days after your response reached our database we send you one email`);
    expect(text).toContain(`at most one reminder to an address every ${setting('reminder_address_period_days')} days`);
    expect(text).toContain(`at most ${setting('reminder_daily_cap')} reminders a day`);
    expect(text).toContain('deleted from our database as soon as the reminder has been sent or could not be sent');
    expect(text).toContain(`in any case ${setting('address_retention_days')} days after your response reached our database`);
    expect(text).not.toMatch(/deleted once the reminder has been sent or when you ask/);
  });

  it('uploads no response names, deletion requests with the reference, and the copies outside the table', () => {
    const text = pageText();
    expect(text).toContain(`deleted ${setting('upload_retention_days')} days after it was uploaded`);
    expect(text).toContain('Quote the reference shown on your thank-you page');
    for (const copy of ['backup email', 'EmailJS and Resend keep a record', 'backups of the database']) expect(text).toContain(copy);
    expect(screen.getByText('Effective date: 08/20/2025')).toBeTruthy();
  });
});
