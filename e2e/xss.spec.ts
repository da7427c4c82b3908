// The XSS corpus, stored through the job description and the resume text, rendered in Chromium: no
// dialog opens, no injected code runs, and the CSP reports no violation, there or on normal pages.
import sharp from 'sharp';
import { XSS_PAYLOADS } from '../apps/server/test/security/xss-corpus';
import { expect, test } from './fixtures';
import type { APIRequestContext, Page } from '@playwright/test';

const CARD = { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' };
// Payloads with a NUL are refused by the server outright (test/security/unstorable-text.test.ts).
// (packages/shared is not imported here: its cities.json does not load in Playwright's runner.)
const corpusHtml = `<p>Welcome</p>${XSS_PAYLOADS.filter((p) => !p.includes('\u0000')).join('\n')}<p>The end</p>`;

/**
 * Records dialogs, CSP violations and the marker the payloads try to set. The page runs on
 * Playwright's clock, so `settle` can run every timer a payload might have set without waiting.
 */
async function watch(page: Page) {
  await page.clock.install();
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });
  await page.addInitScript(() => {
    const w = window as unknown as { __violations: string[] };
    w.__violations = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      w.__violations.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return {
    dialogs,
    /** Lets anything a payload started finish: requests (an image's onerror), then timers and frames. */
    async settle() {
      await page.waitForLoadState('networkidle');
      await page.clock.runFor(1_000);
    },
    async check() {
      const state = await page.evaluate(() => {
        const w = window as unknown as { __xss?: unknown; __violations: string[] };
        return { xss: w.__xss, violations: w.__violations };
      });
      expect(dialogs).toEqual([]);
      expect(state.xss).toBeUndefined();
      expect(state.violations).toEqual([]);
    },
  };
}

async function apiAs(request: APIRequestContext, email: string, password: string) {
  const login = await request.post('/api/login', { data: { email, password } });
  const token = login.headers()['auth-token']!;
  const me = (await login.json()) as { currentUser: { uuid: string } };
  const headers = { authorization: `Bearer ${token}` };
  const call = async (method: 'post' | 'put' | 'patch' | 'get', url: string, data?: unknown): Promise<unknown> => {
    const res = await request[method](url, { headers, data });
    expect(res.ok(), `${method} ${url}: ${await res.text()}`).toBe(true);
    return res.json();
  };
  return { userId: me.currentUser.uuid, call };
}

test('stored payloads run nothing on the posting page and the resume page', async ({ page, request, accounts }) => {
  const school = await accounts.createConfirmedUser('xss-school');
  const s = await apiAs(request, school.email, school.password);
  const intent = (await s.call('post', '/api/payments-jobs/', { quantity: 'one', userUuid: s.userId })) as {
    client_secret: string;
  };
  await s.call('post', '/api/test-payments/confirm', { client_secret: intent.client_secret, card: CARD });
  const created = (await s.call('post', `/api/jobs/create/${s.userId}`)) as { uuid: string };
  const jobId = created.uuid;
  await s.call('post', `/api/jobs/details/${jobId}/${s.userId}`, {
    companyName: 'Safe School',
    email: 'hr@safe.example',
    country: 'japan',
    city: 'Tokyo',
    pay: '',
    ageGroup: 'Children',
    duration: '12',
    classSize: '1 - 10',
    startDate: '',
    phone: '',
    link: '',
  });
  await s.call('post', `/api/job/richtext/${jobId}/${s.userId}`, { descriptionHTML: corpusHtml });
  const png = await sharp({ create: { width: 320, height: 180, channels: 3, background: '#336699' } })
    .png()
    .toBuffer();
  await s.call('post', `/api/job/image-crop/${jobId}/${s.userId}`, {
    thumbnail: `data:image/png;base64,${png.toString('base64')}`,
  });
  await s.call('post', `/api/job/publish/${jobId}/${s.userId}`);

  const watcher = await watch(page);
  await page.goto(`/posting/${jobId}`);
  await expect(page.getByText('The end')).toBeVisible();
  await page.mouse.move(200, 300);
  await watcher.settle();
  await watcher.check();

  const teacher = await accounts.createConfirmedUser('xss-teacher');
  const t = await apiAs(request, teacher.email, teacher.password);
  await t.call('put', `/api/post-resume/details/${t.userId}`, {
    name: 'Safe Teacher',
    email: teacher.email,
    nationality: 'Canada',
    education: 'Bachelors',
    experience: '3',
    desiredCountry: 'Japan',
    desiredStartDate: 'April',
    desiredAgeGroup: 'Children',
  });
  await t.call('patch', `/api/post-resume/resume/${t.userId}`, { resumeHtml: corpusHtml });
  await t.call('post', `/api/post-resume/publish/${t.userId}`);
  const preview = (await t.call('get', `/api/post-resume/preview/${t.userId}`)) as { uuid: string };
  await accounts.logInAs(page, teacher);
  await page.goto(`/resume/${preview.uuid}`);
  await expect(page.getByText('The end')).toBeVisible();
  await page.mouse.move(200, 300);
  await watcher.settle();
  await watcher.check();
});

test('normal pages raise no CSP violation', async ({ page }) => {
  const watcher = await watch(page);
  for (const path of ['/', '/jobs?country=japan&page=1', '/login', '/register', '/contact-us', '/terms-of-service']) {
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await watcher.check();
  }
});
