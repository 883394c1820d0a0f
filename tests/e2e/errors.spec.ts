// The error catalogue (spec point 8) against the real local backend, with faults injected
// through /__stack/faults. Each test checks what the backend ended up holding.
import { answerEnd, answerStart, choose, expect, openPage, rowsWhen, stack, startSurvey, submit, test } from './helpers';
import type { Page } from '@playwright/test';

async function yesPathWithFile(page: Page, file?: { name: string; mimeType: string; buffer: Buffer }) {
  await openPage(page, '/');
  await startSurvey(page);
  await answerStart(page, 'Eat lunch alone in public', 'Reddit');
  await choose(page, 'Yes');
  await choose(page, 'Neutral');
  await choose(page, 'No');
  await page.getByRole('radio', { name: 'Yes' }).check();
  if (file) await page.setInputFiles('#attachment', file);
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, '45', 'Male');
}

test('insert fails: logged, and exactly one email carries the answers', async ({ page, request, logs }) => {
  await stack.faults(request, { insert: 500 });
  await yesPathWithFile(page);
  await submit(page, 'completed');
  expect(await stack.rows(request)).toEqual([]);
  const emails = await stack.emails(request);
  expect(emails).toHaveLength(1);
  expect(emails[0]).toMatchObject({ user_id: 'local-public-key', service_id: 'service_local', template_id: 'template_local' });
  expect(emails[0].template_params).toMatchObject({
    question1_challenge: 'Eat lunch alone in public',
    question2_source: 'Reddit',
    question3_completed: 'Yes',
    question4a_discomfort: 'Neutral',
    question5a_another: 'No',
    question6_consent: 'Yes',
    question7_age: '45',
    question8_gender: 'Male',
    terms_consent: 'true',
    survey_version: '3.0',
    file_uploaded: 'false',
  });
  expect(logs.some((line) => line.startsWith('error:') && line.includes('Saving the response failed'))).toBe(true);
  expect(await page.evaluate(() => localStorage.getItem('lastThankYouType'))).toBe('completed');
});

test('insert fails with an uploaded image: the email names the stored file', async ({ page, request }) => {
  await stack.faults(request, { insert: 503 });
  await yesPathWithFile(page, { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await submit(page, 'completed');
  const objects = await stack.objects(request);
  expect(objects).toHaveLength(1);
  const [email] = await stack.emails(request);
  expect(email.template_params).toMatchObject({ file_name: 'notes.txt', file_uploaded: 'true', media_file_url: objects[0].name });
});

test('insert and email both fail: three email attempts, logged, still the thank-you page', async ({ page, request, logs }) => {
  await stack.faults(request, { insert: 500, email: 429 });
  await yesPathWithFile(page);
  await submit(page, 'completed');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Thank You');
  const attempts = logs.filter((line) => line.includes('Email backup attempt'));
  expect(attempts).toHaveLength(3);
  expect(attempts[0]).toContain('429 Too Many Requests');
  expect(logs.some((line) => line.includes('Email backup failed on every attempt'))).toBe(true);
  expect(await stack.rows(request)).toEqual([]);
  expect(await stack.emails(request)).toEqual([]);
  expect(await page.evaluate(() => localStorage.getItem('surveyCompleted'))).toBe('true');
});

test('upload fails: logged, the row is saved without a file, no email', async ({ page, request, logs }) => {
  await stack.faults(request, { upload: 500 });
  // A document: it goes up as chosen, so the upload itself is what fails (a photo whose
  // metadata could not be removed would not be sent at all).
  await yesPathWithFile(page, {
    name: 'proof.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.from(`%PDF-1.4\n${'x'.repeat(4000)}\n%%EOF\n`),
  });
  await submit(page, 'completed');
  const [row] = await rowsWhen(request, 1);
  expect(row).toMatchObject({
    question6_consent: 'Yes',
    media_file_url: null,
    media_file_name: null,
    question1_challenge: 'Eat lunch alone in public',
  });
  expect(await stack.objects(request)).toEqual([]);
  expect(await stack.emails(request)).toEqual([]);
  expect(logs.some((line) => line.includes('Attachment upload failed'))).toBe(true);
});

test('a double click on Submit sends one response', async ({ page, request }) => {
  await yesPathWithFile(page);
  await page.getByRole('button', { name: 'Submit' }).dblclick();
  await expect(page.getByText('SUBMITTED')).toBeVisible();
  await page.clock.runFor(2268);
  await expect(page).toHaveURL(/\/thank-you\/completed$/);
  expect(await rowsWhen(request, 1)).toHaveLength(1);
});

test('insert fails with a large photo: the email carries it shrunk to a JPEG of at most 40 KB', async ({ page, request }) => {
  await stack.faults(request, { insert: 500 });
  await openPage(page, '/');
  // A 1600x1200 PNG (a gradient with grain: large as PNG, compressible as JPEG), drawn by the browser.
  const png = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 1600;
    canvas.height = 1200;
    const context = canvas.getContext('2d')!;
    const image = context.createImageData(1600, 1200);
    for (let i = 0; i < image.data.length; i += 1) {
      const pixel = i >> 2;
      const x = pixel % 1600;
      const y = Math.floor(pixel / 1600);
      image.data[i] = i % 4 === 3 ? 255 : ((x + y) >> 3) + (i % 4) * 40 + ((pixel * 2654435761) % 17);
    }
    context.putImageData(image, 0, 0);
    return canvas.toDataURL('image/png').split(',')[1];
  });
  const buffer = Buffer.from(png, 'base64');
  expect(buffer.length).toBeGreaterThan(40960);
  await startSurvey(page);
  await answerStart(page, 'Eat lunch alone in public', 'Reddit');
  await choose(page, 'Yes');
  await choose(page, 'Neutral');
  await choose(page, 'No');
  await page.getByRole('radio', { name: 'Yes' }).check();
  await page.setInputFiles('#attachment', { name: 'noise.png', mimeType: 'image/png', buffer });
  await page.getByRole('button', { name: 'Next' }).click();
  await answerEnd(page, '45', 'Male');
  await submit(page, 'completed');
  const [email] = await stack.emails(request);
  const params = email.template_params;
  expect(params).toMatchObject({ file_name: 'noise.png', file_type: 'image/png', file_size: String(buffer.length), file_uploaded: 'true' });
  expect(params.file_compressed).toBe('true');
  const jpeg = Buffer.from(params.file_base64, 'base64');
  expect(jpeg.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
  expect(jpeg.length).toBe(Number(params.file_compressed_size));
  expect(jpeg.length).toBeLessThanOrEqual(40960);
  // 800 px on the long side: the JPEG's SOF0 frame header holds height then width.
  const sof = jpeg.indexOf(Buffer.from([0xff, 0xc0]));
  expect([jpeg.readUInt16BE(sof + 5), jpeg.readUInt16BE(sof + 7)]).toEqual([600, 800]);
});
