// Resumes in the browser: a teacher publishes a resume with a photo and a PDF; a school subscribes in
// test mode, searches the board, opens the resume and its PDF; a non-subscriber is sent to subscribe.
import AxeBuilder from '@axe-core/playwright';
import type { Browser, Page } from '@playwright/test';
import sharp from 'sharp';
import { expect, test, TOKEN_STORAGE_KEY, waitingForTheApp, type Accounts, type TestUser } from './fixtures';

async function expectNoViolations(page: Page, label: string, exclude: string[] = []) {
  let builder = new AxeBuilder({ page });
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** A page in its own browser context, logged in as `user`. */
async function pageFor(browser: Browser, baseURL: string, accounts: Accounts, user: TestUser) {
  const context = await browser.newContext({ baseURL });
  const page = waitingForTheApp(await context.newPage());
  const token = await accounts.logInAs(page, user);
  return { page, token, context };
}

function pdfFile(bytes: number) {
  const head = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n');
  return {
    name: 'my-resume.pdf',
    mimeType: 'application/pdf',
    buffer: Buffer.concat([head, Buffer.alloc(bytes - head.length, 0x20)]),
  };
}

async function photoFile() {
  const buffer = await sharp({ create: { width: 900, height: 700, channels: 3, background: '#3b82b0' } })
    .png()
    .toBuffer();
  return { name: 'me.png', mimeType: 'image/png', buffer };
}

async function publishResume(page: Page, name: string) {
  await page.goto('/post-resume');
  await expect(page).toHaveURL(/\/post-resume\/details\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Resume Details' })).toBeVisible();
  const stepper = page.getByRole('navigation', { name: 'Resume steps' });
  await expect(stepper.getByText('Profile Image')).toBeVisible();
  await expect(stepper.getByText('Resume or Rich Text')).toBeVisible();

  const next = page.getByRole('button', { name: 'Next' });
  await page.getByLabel('Name').fill(name);
  await expect(next).toBeDisabled();
  await page.getByLabel('Nationality').selectOption('Canada');
  await page.getByLabel('Education').selectOption('Masters');
  await page.getByLabel('Years of experience').selectOption('10+');
  await page.getByLabel('Desired country').selectOption('South Korea');
  await page.getByLabel('Desired start date').selectOption('September');
  await expect(next).toBeDisabled();
  await page.getByLabel('Desired age group').selectOption('Adults');
  await expectNoViolations(page, 'resume details');
  await next.click();

  await expect(page.getByRole('heading', { level: 1, name: 'Profile Image' })).toBeVisible();
  await page.getByLabel('Choose a photo').setInputFiles(await photoFile());
  await expect(page.getByLabel('Crop frame')).toBeVisible();
  const savePhoto = page.getByRole('button', { name: 'Save photo' });
  await expect(savePhoto).toBeEnabled();
  // KNOWN: ui/image-cropper.tsx (shared ui, not this feature) puts aria-label on react-easy-crop's
  // crop area, which has no role (axe aria-prohibited-attr); reported for a fix there.
  await expectNoViolations(page, 'profile image with the cropper', ['.reactEasyCrop_CropArea']);
  await savePhoto.click();
  await expect(page.getByText('Your photo is saved.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Profile photo' })).toBeVisible();
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Resume or Rich Text' })).toBeVisible();
  await page.getByLabel('Upload a PDF').check();
  await page.getByLabel('Resume PDF').setInputFiles(pdfFile(1_000_001));
  // Said under the field (and in an error toast, outside the page's main content).
  await expect(page.getByRole('main').getByRole('alert').filter({ hasText: 'Your file is too large' })).toBeVisible();
  await page.getByLabel('Resume PDF').setInputFiles(pdfFile(50_000));
  await expect(page.getByText('Your PDF is saved.').first()).toBeVisible();
  await expectNoViolations(page, 'resume step');
  await page.getByRole('button', { name: 'Next' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Preview' })).toBeVisible();
  await expect(page.getByText('Click the circles above to go back to an earlier step.')).toBeVisible();
  await expect(page.getByRole('heading', { name: name }).first()).toBeVisible();
  await expectNoViolations(page, 'preview');
  // The circles lead back to earlier steps.
  await stepper.getByRole('link', { name: /Resume Details/ }).click();
  await expect(page.getByLabel('Name')).toHaveValue(name);
  await stepper.getByRole('link', { name: /Profile Image/ }).waitFor({ state: 'detached' });
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Preview' })).toBeVisible();
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/resume\/[0-9a-f-]+$/);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  return page.url();
}

test('teacher publishes, school subscribes, searches and reads; others are sent to subscribe', async ({
  browser,
  baseURL,
  accounts,
}) => {
  // Two whole journeys with axe on every page: longer than the default minute.
  test.setTimeout(150_000);
  const teacherName = `Morgan Lee ${Date.now().toString(36)}`;
  const teacher = await pageFor(browser, baseURL!, accounts, await accounts.createConfirmedUser('teacher'));
  const resumeUrl = await publishResume(teacher.page, teacherName);
  await expectNoViolations(teacher.page, 'own resume page');

  // A school without a subscription: the board and the resume send it to subscribe.
  const school = await pageFor(browser, baseURL!, accounts, await accounts.createConfirmedUser('school'));
  const page = school.page;
  await page.goto('/resume-board?page=1');
  await expect(page).toHaveURL(/\/subscription$/);
  await page.goto(resumeUrl);
  await expect(page.getByRole('link', { name: 'Subscribe to Resume Board' })).toBeVisible();
  await expect(page.getByText(teacherName)).toHaveCount(0);
  await page.getByRole('link', { name: 'Subscribe to Resume Board' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Subscribe to Resume Board' })).toBeVisible();
  await expect(page.getByText('$25 buys one month of access')).toBeVisible();
  await expect(page.getByText('Test mode', { exact: true })).toBeVisible();
  await expectNoViolations(page, 'subscription checkout');

  await page.getByLabel('Card number').fill('4000 0000 0000 0002');
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('CVC').fill('123');
  await page.getByRole('button', { name: 'Pay $25' }).click();
  await expect(page.getByText('Payment did not go through.')).toBeVisible();
  await expect(page).toHaveURL(/\/subscription$/);

  await page.getByLabel('Card number').fill('4242 4242 4242 4242');
  await page.getByRole('button', { name: 'Pay $25' }).click();
  await expect(page.getByText('Payment was sucessful. May take a moment to process')).toBeVisible();
  await expect(page).toHaveURL(`${baseURL}/`);

  // The board: filters in the URL, the empty text, and the way back to the resume.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Resume Board' }).click();
  await expect(page).toHaveTitle(/^Resumes/);
  const tile = page.getByRole('link', { name: teacherName });
  await expect(tile).toBeVisible();
  await page.getByLabel('Nationality').selectOption('Canada');
  await expect(page).toHaveURL(/nationality=Canada/);
  await expect(page).toHaveURL(/page=1/);
  await page.getByLabel('Desired country').selectOption('South Korea');
  await page.getByLabel('Desired Age Group').selectOption('Adults');
  await expect(tile).toBeVisible();
  await expectNoViolations(page, 'resume board with results');
  await page.getByLabel('Education').selectOption('Phd');
  await expect(page.getByText('Sorry, there are no results for this criteria.')).toBeVisible();
  await expectNoViolations(page, 'resume board without results');
  await page.getByRole('button', { name: 'Clear Education' }).click();
  await expect(page).not.toHaveURL(/education=/);
  await expect(tile).toBeVisible();

  await tile.click();
  await expect(page).toHaveURL(resumeUrl);
  await expect(page.getByRole('heading', { level: 1, name: teacherName })).toBeVisible();
  await expect(page.getByText('Desired Start Date')).toBeVisible();
  await expect(page.getByText('September')).toBeVisible();
  await expectNoViolations(page, 'resume page for a subscriber');

  const pdfLink = page.getByRole('link', { name: /PDF URL/ });
  await expect(pdfLink).toHaveAttribute('target', '_blank');
  const href = await pdfLink.getAttribute('href');
  expect(href).toMatch(/^\/api\/resume-pdf\/[0-9a-f-]+\?expires=\d+&sig=[0-9a-f]{64}$/);
  const [popup] = await Promise.all([page.waitForEvent('popup'), pdfLink.click()]);
  await expect.poll(() => popup.url()).toContain('/api/resume-pdf/');
  const pdf = await page.request.get(href!);
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect(pdf.headers()['x-content-type-options']).toBe('nosniff');
  expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');

  // Back on the board, the same filters are still in the URL.
  await page.goBack();
  await expect(page).toHaveURL(/nationality=Canada/);
  await expect(tile).toBeVisible();

  // Recurring payment off and on again (the account page's panel calls exactly these).
  const token = await page.evaluate((key) => window.localStorage.getItem(key), TOKEN_STORAGE_KEY);
  const auth = { authorization: `Bearer ${token}` };
  const me = (await (await page.request.get('/api/current_user', { headers: auth })).json()) as {
    currentUser: { uuid: string; subscriptionId: string };
  };
  const { uuid, subscriptionId } = me.currentUser;
  expect(subscriptionId).toBeTruthy();
  const toggle = async (): Promise<unknown> =>
    (await page.request.post(`/api/subscription/toggle/${uuid}/${subscriptionId}`, { headers: auth })).json();
  expect(await toggle()).toEqual({ cancelAtPeriodEnd: true });
  expect(await toggle()).toEqual({ cancelAtPeriodEnd: false });

  await teacher.context.close();
  await school.context.close();
});
