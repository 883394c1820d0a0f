// The soak's counting rules (tally.ts), on small made-up arrivals: what the import folds is one
// response, what it cannot fold is a duplicate, and what never arrived is lost.
import { describe, expect, it } from 'vitest';
import { tally, type Arrived } from './tally';

const A = 'aaaaaaaa-0000-4000-8000-000000000001';
const B = 'bbbbbbbb-0000-4000-8000-000000000002';
const visitors = [
  { id: A, marker: '[soak-v001]' },
  { id: B, marker: '[soak-v002]' },
];
const row = (id: string, marker: string) => ({ id, text: JSON.stringify({ id, question1_challenge: `${marker} text` }) });
const email = (id: string, marker: string) => ({
  template_params: { question1_challenge: `${marker} text`, response_json: JSON.stringify({ email_format: 2, id }) },
});

describe('the soak tally', () => {
  it('counts a row and an email of the same id once, and a second email of an id once', () => {
    const arrived: Arrived = {
      rows: [row(A, '[soak-v001]')],
      emails: [email(A, '[soak-v001]'), email(B, '[soak-v002]'), email(B, '[soak-v002]')],
    };
    expect(tally(visitors, arrived)).toMatchObject({ delivered: 2, lost: 0, duplicated: 0, asRow: 1, asEmailOnly: 1, foldedEmails: 2 });
  });

  it('counts a visitor found nowhere as lost, by id', () => {
    expect(tally(visitors, { rows: [row(A, '[soak-v001]')], emails: [] })).toMatchObject({ delivered: 1, lost: 1, lostIds: [B] });
  });

  it("counts one visitor's answers under two ids, and an id no visitor had, as duplicated", () => {
    const C = 'cccccccc-0000-4000-8000-000000000003';
    const arrived: Arrived = { rows: [row(A, '[soak-v001]'), row(B, '[soak-v002]')], emails: [email(C, '[soak-v001]')] };
    expect(tally(visitors, arrived)).toMatchObject({ delivered: 2, lost: 0, duplicated: 2, strangers: [C] });
  });

  it('does not take one marker for another that starts with it', () => {
    const many = [{ id: A, marker: '[soak-v001]' }];
    expect(tally(many, { rows: [row(A, '[soak-v001]'), row(B, '[soak-v0010]')], emails: [] }).duplicated).toBe(1); // B: a stranger only
  });
});
