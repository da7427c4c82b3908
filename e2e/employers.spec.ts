// An employer's whole journey in test payment mode: buy a credit, create a job, fill the wizard (its
// pay and conditions, real images and a crop), preview, publish, then find it in search with its pay
// and open its metrics.
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test } from './fixtures';

/** IMAGE_BODY_LIMIT of packages/shared (its cities.json does not load in Playwright's runner). */
const IMAGE_BODY_LIMIT = 12 * 1024 * 1024;

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

async function png(width: number, height: number, color: string): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

async function payWith(page: Page, number: string) {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/34');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $20' }).click();
}

test('an employer buys a credit, builds a job in the wizard and publishes it', async ({ page, accounts }) => {
  test.setTimeout(120_000);
  const user = await accounts.createConfirmedUser('school');
  const token = await accounts.logInAs(page, user);
  const companyName = `Harbour Lights Academy ${Date.now().toString(36)}`;

  // Checkout: a declined card first, then a good one.
  await page.goto('/purchase-form/one');
  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByText('1 Job Credit', { exact: true })).toBeVisible();
  await expect(page.getByRole('main').getByText('Test mode:')).toBeVisible();
  await expect(page.getByRole('img', { name: /Accepted cards/ })).toBeVisible();
  await expectNoViolations(page, 'checkout');
  await payWith(page, '4000 0000 0000 0002');
  await expect(page.getByText('Payment did not go through.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay $20' })).toBeEnabled();
  await payWith(page, '4242 4242 4242 4242');
  await expect(page.getByText('Payment was successful.')).toBeVisible();

  // Purchase page: the balance, then Create Job.
  await expect(page).toHaveURL(/\/post-job\/purchase-jobs$/);
  await expect(page.getByText(/You have 1 job credit/)).toBeVisible();
  await expectNoViolations(page, 'purchase jobs');
  await page.getByRole('button', { name: 'Create Job' }).click();
  await expect(page).toHaveURL(/\/post-job\/stepper\/details\/[0-9a-f-]{36}$/);
  const uuid = page.url().split('/').pop()!;

  // Step 1: details. Next waits for a complete, saved form.
  await expect(page.getByRole('heading', { name: 'Job Criteria' })).toBeVisible();
  const next = page.getByRole('button', { name: 'Next' });
  await expect(next).toBeDisabled();
  await expect(page.getByRole('link', { name: /Preview Job Posting/ })).toHaveAttribute('aria-disabled', 'true');
  await expectNoViolations(page, 'wizard details');
  await page.getByLabel('School or company name').fill(companyName);
  await page.getByLabel('Email for applications').fill('jobs@harbour.example');
  await page.getByLabel('Country').selectOption('japan');
  await page.getByLabel('City').selectOption('Akita');
  await page.getByLabel('Pay (optional)').fill('280,000 JPY a month');
  await page.getByLabel('Student age group').selectOption('Children');
  await page.getByLabel('Class size').selectOption('11 - 20');
  await page.getByLabel('Start date').selectOption('4');
  await page.getByLabel('Contract duration').selectOption('12');
  await expect(next).toBeDisabled();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Job details saved.')).toBeVisible();
  await expect(next).toBeEnabled();
  await next.click();

  // Step 2: pay and conditions, the salary filled in from the pay notes.
  await expect(page.getByRole('heading', { name: 'Pay and Conditions' })).toBeVisible();
  await expect(page).toHaveURL(`/post-job/stepper/terms/${uuid}`);
  await expect(page.getByText('The salary is filled in from your pay notes, “280,000 JPY a month”.')).toBeVisible();
  await expect(page.getByLabel('Amount from')).toHaveValue('280000');
  await expect(page.getByLabel('Currency')).toHaveValue('JPY');
  await expect(page.getByRole('group', { name: 'Paid per' }).getByRole('radio', { name: 'Month' })).toBeChecked();
  await expect(page.getByRole('link', { name: 'Skip for now' })).toBeVisible();
  await expectNoViolations(page, 'wizard pay and conditions');
  const answer = (question: string, choice: string) =>
    page.getByRole('group', { name: question, exact: true }).getByRole('radio', { name: choice, exact: true }).check();
  await answer('The amount is', 'Before tax');
  await page.getByLabel('Teaching hours a week').fill('25');
  await answer('Split shift', 'No');
  await answer('Saturdays', 'Never');
  await answer('Housing', 'Provided');
  await answer('Flights', 'Reimbursed');
  await answer('Does the school sponsor the work visa?', 'Yes');
  await page.getByLabel('Work permit').selectOption('JP-INSTRUCTOR');
  await answer('Who pays for the visa?', 'The school');
  await page.getByLabel('Paid vacation days a year').fill('10');
  await answer('Health insurance', 'Full');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Pay and conditions saved.')).toBeVisible();

  // Step 3: the description starts from the template.
  await expect(page.getByRole('heading', { name: 'Job Description' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Job description' })).toContainText('About our school');
  await expectNoViolations(page, 'wizard description');
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 4: a header image, cropped 16:9.
  await expect(page.getByRole('heading', { name: 'Upload Image Head' })).toBeVisible();
  await page
    .getByLabel(/Choose a header image/)
    .setInputFiles({ name: 'header.png', mimeType: 'image/png', buffer: await png(1600, 1000, '#2a6f97') });
  const saveHeader = page.getByRole('button', { name: 'Save header image' });
  await expect(saveHeader).toBeEnabled();
  await expectNoViolations(page, 'wizard crop');
  await saveHeader.click();
  await expect(page.getByText('Header image saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'The current header image of this job' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  // Step 5: two carousel photos; a wrong file type is refused in the browser.
  await expect(page.getByRole('heading', { name: 'Carousel Image Upload' })).toBeVisible();
  const picker = page.getByLabel(/Add photos/);
  await picker.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText('notes.txt: only .jpg, .jpeg and .png files can be used.')).toBeVisible();
  await picker.setInputFiles([
    { name: 'classroom.png', mimeType: 'image/png', buffer: await png(1200, 800, '#e07a5f') },
    { name: 'city.png', mimeType: 'image/png', buffer: await png(800, 1200, '#81b29a') },
  ]);
  await expect(page.getByRole('img', { name: 'Carousel photo 2' })).toBeVisible();
  await page.getByRole('button', { name: 'Move photo 2 earlier' }).click();
  await expectNoViolations(page, 'wizard carousel');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByText('Carousel images saved.')).toBeVisible();

  // Step 6: preview and publish.
  await expect(page.getByRole('heading', { name: 'Preview Job Posting' })).toBeVisible();
  await expect(page.getByRole('heading', { name: companyName }).first()).toBeVisible();
  await expectNoViolations(page, 'wizard preview');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/Your job is published!/)).toBeVisible();

  // The job is live: in the owner's published list, in search, and its metrics open.
  const me = (await (
    await page.request.get('/api/current_user', { headers: { authorization: `Bearer ${token}` } })
  ).json()) as { currentUser: { uuid: string } };
  const published = await page.request.get(`/api/jobs/published/${me.currentUser.uuid}?page=1`, {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(
    ((await published.json()) as { publishedJobs: { uuid: string }[] }).publishedJobs.map((j) => j.uuid),
  ).toContain(uuid);
  await page.goto('/jobs?country=japan&page=1');
  await expect(page.getByRole('link', { name: companyName })).toBeVisible();
  const tile = page.getByRole('article').filter({ has: page.getByRole('link', { name: companyName }) });
  await expect(tile).toContainText('JPY 280,000 a month');
  await page.getByRole('link', { name: companyName }).click();
  const card = page.getByRole('region', { name: 'Pay and conditions' });
  await expect(card).toContainText('280,000');
  await expect(card).toContainText('Reimbursed');
  await page.goto(`/job/metrics/${uuid}`);
  await expect(page.getByText('Number of clicks')).toBeVisible();
});

test('the purchase page sends a user without credits to the packs', async ({ page, accounts }) => {
  const user = await accounts.createConfirmedUser('nocredit');
  await accounts.logInAs(page, user);
  await page.goto('/post-job/purchase-jobs');
  await expect(page.getByText(/You have 0 job credits/)).toBeVisible();
  await page.getByRole('button', { name: 'Create Job' }).click();
  await expect(page.getByText('You have no job credits left. Choose a pack below to buy one.')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Buy job credits' })).toBeFocused();
  await expect(page.getByRole('link', { name: 'Buy 5 Job Credits' })).toHaveAttribute('href', '/purchase-form/five');
});

test('fifteen 4,000 × 3,000 PNG photos are re-encoded in the browser and saved in parts', async ({
  page,
  accounts,
}) => {
  test.setTimeout(180_000);
  const user = await accounts.createConfirmedUser('photos');
  const token = await accounts.logInAs(page, user);
  const headers = { authorization: `Bearer ${token}` };
  const me = (await (await page.request.get('/api/current_user', { headers })).json()) as {
    currentUser: { uuid: string };
  };
  const userUuid = me.currentUser.uuid;
  // A credit through the test provider, and a job to fill.
  const intent = await page.request.post('/api/payments-jobs/', { headers, data: { quantity: 'one', userUuid } });
  const { client_secret } = (await intent.json()) as { client_secret: string };
  const card = { number: '4242424242424242', exp: '12/34', cvc: '123' };
  expect(
    (await page.request.post('/api/test-payments/confirm', { headers, data: { client_secret, card } })).status(),
  ).toBe(200);
  const created = await page.request.post(`/api/jobs/create/${userUuid}`, { headers });
  expect(created.status(), await created.text()).toBe(201);
  const { uuid } = (await created.json()) as { uuid: string };

  // Fifteen different 4000x3000 PNGs of about 2.3 MB each (coarse noise, so they stay large when
  // scaled down): sent as PNGs they would make a 37 MB body, three times the 12 MB limit.
  const folder = await mkdtemp(path.join(os.tmpdir(), 'carousel-'));
  const files: string[] = [];
  for (let i = 0; i < 15; i++) {
    const coarse = await sharp({
      create: {
        width: 500,
        height: 375,
        channels: 3,
        background: '#808080',
        noise: { type: 'gaussian', mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const file = path.join(folder, `photo-${i + 1}.png`);
    await sharp(coarse).resize(4000, 3000, { kernel: 'nearest' }).png().toFile(file);
    files.push(file);
  }
  expect(fs.statSync(files[0]!).size).toBeGreaterThan(2_000_000);

  const uploads: { bytes: number; status: Promise<number> }[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().includes(`/api/job/image-upload/${uuid}/`)) {
      uploads.push({
        bytes: request.postDataBuffer()?.length ?? 0,
        status: request.response().then((r) => r?.status() ?? 0),
      });
    }
  });

  await page.goto(`/post-job/stepper/carousel-images/${uuid}`);
  await expect(page.getByRole('heading', { name: 'Carousel Image Upload' })).toBeVisible();
  await page.getByLabel(/Add photos/).setInputFiles(files);
  await expect(page.getByText('15 of 15 photos.')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Save photos' }).click();
  // One progress bar over all the requests.
  await expect(page.getByRole('progressbar')).toHaveCount(1);
  await expect(page.getByText('Carousel images saved.')).toBeVisible({ timeout: 60_000 });
  await rm(folder, { recursive: true, force: true });

  // Parts, then the list in order: every body under the limit, every answer a success.
  expect(uploads.length).toBeGreaterThanOrEqual(3);
  for (const upload of uploads) {
    expect(upload.bytes).toBeLessThanOrEqual(IMAGE_BODY_LIMIT);
    expect(await upload.status).toBe(200);
  }
  const saved = await page.request.get(`/api/job/image-upload/${uuid}/${userUuid}`, { headers });
  const { images } = (await saved.json()) as { images: string[] };
  expect(images).toHaveLength(15);
  // The stored photos fit 900x900, and the list shows them all.
  const stored = await (await page.request.get(images[0]!)).body();
  const meta = await sharp(stored).metadata();
  expect([meta.width, meta.height]).toEqual([900, 675]);
  await expect(page.getByRole('img', { name: /^Carousel photo \d+$/ })).toHaveCount(15);
  await expect(page.getByRole('img', { name: 'Carousel photo 15' })).toHaveAttribute('src', images[14]!);
});
