// The job board end to end: search by country, city and age group with the paging rules, a posting with
// its photos dialog, saving and unsaving, the metrics page, and axe on every job board page.
import fs from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { REPO_ROOT } from './app-server';
import { SIGNED_IN_COOKIE, expect, test as base, useSession, waitingForTheApp } from './fixtures';
import {
  FEATURED_COMPANY,
  FEATURED_EMAIL,
  FEATURED_TITLE,
  FEATURED_WEBSITE,
  startSeededJobBoard,
  type SeededJobBoard,
} from './job-board-seed';

const test = base.extend<object, { jobBoard: SeededJobBoard }>({
  jobBoard: [
    async ({ mailbox }, use) => {
      const board = await startSeededJobBoard({ smtpPort: mailbox.port });
      await use(board);
      await board.stop();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ jobBoard }, use) => {
    await use(jobBoard.url);
  },
});

async function expectNoViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

const tiles = (page: Page) => page.getByRole('main').getByRole('article');
const previousLink = (page: Page) => page.getByRole('link', { name: 'Previous', exact: true });
const nextLink = (page: Page) => page.getByRole('link', { name: 'Next', exact: true });
const topButton = (page: Page) => page.getByRole('button', { name: 'Top' });

test('search from the home page, page through results, open, save and unsave a job', async ({ page, accounts }) => {
  await page.goto('/');
  await page.getByRole('link', { name: 'Vietnam', exact: true }).first().click();
  await expect(page).toHaveURL(/\/jobs\?country=vietnam&page=1$/);
  await expect(page).toHaveTitle('Vietnam Jobs');
  await expect(page.getByRole('heading', { level: 1, name: 'Vietnam Jobs' })).toBeVisible();
  await expect(tiles(page)).toHaveCount(12);
  await expect(nextLink(page)).toBeVisible();
  await expect(previousLink(page)).toHaveCount(0);
  await expect(topButton(page)).toBeVisible();
  // Every picture is sized; the first two (in view at once) load at once, the rest lazily.
  const first = tiles(page).first().locator('img');
  await expect(first).toHaveAttribute('loading', 'eager');
  await expect(first).toHaveAttribute('fetchpriority', 'high');
  const image = tiles(page).nth(2).locator('img');
  await expect(image).toHaveAttribute('loading', 'lazy');
  await expect(image).toHaveAttribute('width', /\d+/);
  await expect(image).toHaveAttribute('height', /\d+/);

  // City: 13 jobs in Hanoi give a full first page and a second page of one.
  await page.getByLabel('City', { exact: true }).selectOption('Hanoi');
  await expect(page).toHaveURL(/city=Hanoi/);
  await expect(page).toHaveURL(/page=1/);
  await expect(tiles(page)).toHaveCount(12);
  await nextLink(page).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(tiles(page)).toHaveCount(1);
  await expect(previousLink(page)).toBeVisible();
  await expect(nextLink(page)).toHaveCount(0);
  await expect(topButton(page)).toHaveCount(0);
  await previousLink(page).click();
  await expect(page).toHaveURL(/page=1/);
  await expect(tiles(page)).toHaveCount(12);
  // The URL is the state: back and forward work.
  await page.goBack();
  await expect(page).toHaveURL(/page=2/);
  await expect(tiles(page)).toHaveCount(1);
  await page.goForward();
  await expect(tiles(page)).toHaveCount(12);

  // Another city: four results, so no Next, no Previous, no Top.
  await page.getByLabel('City', { exact: true }).selectOption('Da Nang');
  await expect(page).toHaveURL(/city=Da(\+|%20)Nang/);
  await expect(tiles(page)).toHaveCount(4);
  await expect(nextLink(page)).toHaveCount(0);
  await expect(previousLink(page)).toHaveCount(0);
  await expect(topButton(page)).toHaveCount(0);

  // No children's jobs there: the empty text.
  await page.getByLabel('Student age group').selectOption('Children');
  await expect(page.getByText('Sorry, there are no results for this criteria.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear age group' }).click();
  await expect(tiles(page)).toHaveCount(4);
  await expect(page).not.toHaveURL(/ageGroup/);

  // A shared link reproduces the search.
  const shared = page.url();
  await page.goto(shared);
  await expect(tiles(page)).toHaveCount(4);

  // The posting.
  await page.getByRole('link', { name: FEATURED_COMPANY }).click();
  await expect(page.getByRole('heading', { level: 1, name: FEATURED_COMPANY })).toBeVisible();
  await expect(page.getByRole('link', { name: FEATURED_EMAIL })).toHaveAttribute('href', `mailto:${FEATURED_EMAIL}`);
  await expect(page.getByRole('button', { name: `Copy e-mail address ${FEATURED_EMAIL}` })).toBeVisible();
  const website = page.getByRole('link', { name: /^www\.lotus-centre\.example/ });
  await expect(website).toHaveAttribute('href', FEATURED_WEBSITE);
  await expect(website).toHaveAttribute('rel', 'noopener noreferrer');
  await expect(page.getByRole('heading', { name: 'About us' })).toBeVisible();

  // Photos by keyboard: open, arrows, focus stays inside, Escape closes.
  const opener = page.getByRole('button', { name: 'View photos (3)' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog', { name: `${FEATURED_COMPANY} photos` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Photo 1 of 3')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(dialog.getByText('Photo 2 of 3')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  await expect(dialog.getByText('Photo 3 of 3')).toBeVisible();
  await expect(dialog.getByRole('img', { name: `${FEATURED_COMPANY}, photo 3 of 3` })).toBeVisible();
  await dialog.getByRole('button', { name: /Next photo/ }).click();
  await expect(dialog.getByText('Photo 1 of 3')).toBeVisible();
  for (let i = 0; i < 5; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(opener).toBeFocused();

  // Saving needs an account.
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Must be logged in to save')).toBeVisible();

  // Go back returns to the results.
  await page.getByRole('button', { name: 'Go back' }).click();
  await expect(page).toHaveURL(/city=Da(\+|%20)Nang/);
  await expect(tiles(page)).toHaveCount(4);

  const user = await accounts.createConfirmedUser('saver');
  await accounts.logInAs(page, user);
  await page.reload();
  await page.getByRole('link', { name: FEATURED_COMPANY }).click();
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Unsave' })).toBeVisible();
  // Sent the visitor's page, which names nobody's saves (a browser with a session and no signed-in
  // cookie yet), the member still sees their own save once the page has asked for the posting again.
  await page.context().clearCookies();
  await page.reload();
  await expect(page.getByRole('button', { name: 'Unsave' })).toBeVisible();

  await page.goto('/account');
  const saved = page.getByRole('region', { name: 'Saved jobs' });
  await expect(saved.getByRole('link', { name: FEATURED_COMPANY })).toBeVisible();
  await saved.getByRole('button', { name: `Unsave ${FEATURED_COMPANY}` }).click();
  await expect(saved.getByText('You have no jobs saved')).toBeVisible();
  await page.reload();
  await expect(page.getByText('You have no jobs saved')).toBeVisible();
});

test('the metrics page counts visits, time and saves for the owner', async ({ page, browser, jobBoard, baseURL }) => {
  // Three visits by an anonymous reader, of 2, 3 and 4 seconds on the reader's clock, which the test
  // moves itself (Playwright's clock): nothing waits for the seconds to pass.
  const reader = waitingForTheApp(await browser.newPage({ baseURL }));
  await reader.clock.install();
  const search = await reader.request.get('/api/filter-jobs?country=vietnam&city=Hanoi&page=2');
  const [{ uuid }] = ((await search.json()) as { results: { uuid: string }[] }).results;
  for (const seconds of [2, 3, 4]) {
    await reader.goto(`/posting/${uuid}`);
    await expect(reader.getByRole('heading', { level: 1 })).toBeVisible();
    await reader.clock.runFor(seconds * 1000);
    // Leaving by a route change reports the seconds.
    await reader.getByRole('button', { name: 'Go back' }).click();
    await expect(reader).not.toHaveURL(/posting/);
  }
  await reader.close();

  // At least the nine seconds the clock was moved by (the wall clock's own moments may add one or two).
  await expect
    .poll(async () => {
      const res = await page.request.get(`/api/job/metrics/${uuid}`, {
        headers: { authorization: `Bearer ${jobBoard.owner.token}` },
      });
      return ((await res.json()) as { timeSpent: number }).timeSpent;
    })
    .toBeGreaterThanOrEqual(9);

  await useSession(page, jobBoard.owner.token, baseURL!);
  await page.goto(`/job/metrics/${uuid}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Job Metrics' })).toBeVisible();
  const value = (label: string) => page.locator(`dt:text-is("${label}") + dd`);
  await expect(value('Number of clicks')).toHaveText('3');
  await expect(value('Number of saves')).toHaveText('0');
  const total = Number(await value('Total time spent (seconds)').textContent());
  expect(total).toBeGreaterThanOrEqual(9);
  await expect(value('Average time spent (seconds)')).toHaveText(String(Math.round(total / 3)));
  await expect(page.getByRole('img', { name: /Clicks and saves per day, last 45 days/ })).toBeVisible();
  await page.getByText('Show the numbers per day as a table').click();
  await expect(page.getByRole('table')).toBeVisible();
  await expectNoViolations(page, 'the metrics page');
});

test('another user cannot see the metrics of a job', async ({ page, accounts, jobBoard }) => {
  const user = await accounts.createConfirmedUser('curious');
  await accounts.logInAs(page, user);
  await page.goto(`/job/metrics/${jobBoard.featuredJobId}`);
  await expect(page.getByRole('alert')).toHaveText('Only the owner of this job can see its metrics.');
});

test('an expired or unknown posting says so', async ({ page }) => {
  await page.goto('/posting/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('heading', { level: 1, name: 'Job not found' })).toBeVisible();
});

test('no axe violations on the search, a posting, its photos and the account', async ({ page, accounts, jobBoard }) => {
  await page.goto('/jobs?country=vietnam&page=1');
  await expect(tiles(page)).toHaveCount(12);
  await expectNoViolations(page, '/jobs');

  await page.goto('/jobs?country=vietnam&city=Da%20Nang&ageGroup=Children&page=1');
  await expect(page.getByText('Sorry, there are no results for this criteria.')).toBeVisible();
  await expectNoViolations(page, '/jobs without results');

  await page.goto(`/posting/${jobBoard.featuredJobId}`);
  await expect(page.getByRole('heading', { level: 1, name: FEATURED_COMPANY })).toBeVisible();
  await expectNoViolations(page, '/posting/{uuid}');
  await page.getByRole('button', { name: 'View photos (3)' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoViolations(page, 'the photos dialog');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.keyboard.press('Escape');
  await page.goto('/jobs?country=vietnam&city=Hanoi&page=1');
  await expect(tiles(page)).toHaveCount(12);
  await expectNoViolations(page, '/jobs on a phone');

  const user = await accounts.createConfirmedUser('a11y-jobs');
  const token = await accounts.logInAs(page, user);
  await page.goto('/account');
  await expect(page.getByText('You have no jobs saved')).toBeVisible();
  await expectNoViolations(page, '/account without saved jobs');
  const me = await page.request.get('/api/current_user', { headers: { authorization: `Bearer ${token}` } });
  const { currentUser } = (await me.json()) as { currentUser: { uuid: string } };
  await page.request.post(`/api/favorites/${currentUser.uuid}/${jobBoard.featuredJobId}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  await page.reload();
  await expect(page.getByRole('link', { name: FEATURED_COMPANY })).toBeVisible();
  await expectNoViolations(page, '/account with saved jobs');
});

test('landing pages arrive rendered, and the app takes them over without a hitch', async ({
  browser,
  request,
  baseURL,
  jobBoard,
}) => {
  // The HTML itself holds the results: what a slow phone paints first, and what search engines read.
  const search = await request.get('/jobs?country=vietnam&city=Hanoi&page=1');
  const html = await search.text();
  expect(html).toContain('<title>Vietnam Jobs</title>');
  expect(html.match(/<article class="job-tile/g)).toHaveLength(12);
  expect(html).toContain('id="prerender-data"');
  expect(html).not.toContain('rel="modulepreload"');
  const posting = await (await request.get(`/posting/${jobBoard.featuredJobId}`)).text();
  expect(posting).toContain(`<h1 id="posting-title"`);
  expect(posting).toContain(FEATURED_COMPANY);
  expect(posting).toMatch(new RegExp(`<title>${FEATURED_COMPANY}, [^<]+ \\| TeachEast</title>`));
  expect((await request.get('/posting/00000000-0000-4000-8000-000000000000')).status()).toBe(404);
  // A member's browser gets the app's own render, never the visitor's page.
  const member = await request.get('/jobs?country=vietnam&page=1', { headers: { cookie: `${SIGNED_IN_COOKIE}=1` } });
  expect(await member.text()).toContain('<div id="root"></div>');

  // Without JavaScript the page is readable and its links and the home search work.
  const noScript = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto('/');
  await plain.getByLabel('Where do you want to teach?').selectOption('vietnam');
  await plain.getByRole('button', { name: 'Find jobs' }).click();
  await expect(plain).toHaveURL(/\/jobs\?page=1&country=vietnam$/);
  await expect(tiles(plain)).toHaveCount(12);
  await tiles(plain).first().getByRole('link').click();
  await expect(plain.getByRole('heading', { level: 1 })).toBeVisible();
  await noScript.close();

  // With JavaScript the app takes the same HTML over: no hydration error, and the filters respond.
  const page = waitingForTheApp(await browser.newPage({ baseURL }));
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // Stamp the server's first tile before the app's code runs (it starts after the load event).
  await page.addInitScript(() =>
    document.addEventListener('DOMContentLoaded', () =>
      document.querySelector('main article')?.setAttribute('data-from-server', ''),
    ),
  );
  await page.goto('/jobs?country=vietnam&page=1');
  // Hydration kept the server's elements rather than drawing the page again.
  await expect(page.locator('main article[data-from-server]')).toHaveCount(1);
  await page.getByLabel('City', { exact: true }).selectOption('Hanoi');
  await expect(page).toHaveURL(/city=Hanoi/);
  await expect(tiles(page)).toHaveCount(12);
  await page.goBack();
  await expect(tiles(page)).toHaveCount(12);
  await page.goto(`/posting/${jobBoard.featuredJobId}`);
  await page.getByRole('button', { name: 'View photos (3)' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(errors).toEqual([]);
  await page.close();
});

/**
 * Holds the page's requests for `matches` until the test calls the function it returns, so the test
 * decides when they arrive instead of guessing how long to delay them.
 */
async function holdRequests(page: Page, matches: (url: URL) => boolean): Promise<() => void> {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(matches, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Holds back what boot.ts fetches (React DOM and the app) so a test can act before the app takes over. */
async function holdTheApp(page: Page): Promise<() => void> {
  const manifest = JSON.parse(
    fs.readFileSync(path.join(REPO_ROOT, 'apps/web/dist/.vite/manifest.json'), 'utf8'),
  ) as Record<string, { file: string; dynamicImports?: string[] }>;
  const held = new Set(manifest['src/boot.ts']!.dynamicImports!.map((key) => `/${manifest[key]!.file}`));
  expect(held.size).toBe(2);
  return holdRequests(page, (url) => held.has(url.pathname));
}

const isAppReady = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-app-ready'));

test('a click on Save right after the load event is kept and answered once the app runs', async ({
  browser,
  baseURL,
  jobBoard,
}) => {
  // A page of its own: the fixture's page waits for the app in goto, and this test must not.
  const clickRightAfterLoad = async () => {
    const page = await browser.newPage({ baseURL });
    const releaseTheApp = await holdTheApp(page);
    // When the click arrived, counted from the end of the load event, on the page's own clock.
    await page.addInitScript(() =>
      document.addEventListener(
        'click',
        (event) => {
          const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
          (window as { clickAfterLoad?: number }).clickAfterLoad = event.timeStamp - navigation!.loadEventEnd;
        },
        { capture: true, once: true },
      ),
    );
    // The header photo is held back, so the load event waits for the test to be ready to click: the
    // pointer rests on Save with the button held down, and is let go once the page loads.
    const releaseThePhotos = await holdRequests(page, (url) => url.pathname.startsWith('/media/'));
    await page.goto(`/posting/${jobBoard.featuredJobId}`, { waitUntil: 'commit' });
    const save = page.getByRole('button', { name: 'Save', exact: true });
    await save.waitFor();
    const box = (await save.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + box.height / 2;
    await page.mouse.move(x, y);
    await page.mouse.down();
    releaseThePhotos();
    // The button is let go (the click) the moment the page has loaded: straight over the DevTools
    // protocol, as Playwright's own steps each wait a frame or two.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Runtime.evaluate', {
      expression: `new Promise((resolve) => document.readyState === 'complete' ? resolve() : addEventListener('load', () => setTimeout(resolve)))`,
      awaitPromise: true,
    });
    await cdp.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount: 1 });
    expect(await isAppReady(page)).toBe(false);
    const clickAfterLoad = (await page.evaluate(() => (window as { clickAfterLoad?: number }).clickAfterLoad))!;
    expect(clickAfterLoad).toBeGreaterThanOrEqual(0);
    return { page, releaseTheApp, clickAfterLoad };
  };
  // Two trips between the test and the browser separate the load event from the click; on a machine
  // busy with other work they can take longer than 50 ms, so the page is opened again until the click
  // lands inside the window (the app is held back each time, so what follows is the same either way).
  let attempt = await clickRightAfterLoad();
  for (let tries = 1; attempt.clickAfterLoad >= 50 && tries < 5; tries++) {
    await attempt.page.close();
    attempt = await clickRightAfterLoad();
  }
  const { page, releaseTheApp, clickAfterLoad } = attempt;
  expect(clickAfterLoad).toBeLessThan(50);
  // Any button is held the same way, each replayed once, in the order it was pressed.
  await page.getByRole('button', { name: 'View photos (3)' }).click();
  expect(await isAppReady(page)).toBe(false);
  // Now the app arrives, and answers both clicks.
  releaseTheApp();
  await expect(page.getByText('Must be logged in to save')).toBeVisible();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await isAppReady(page)).toBe(true);
  await page.close();
});

test('changing the city before the app runs lands on the filtered search', async ({ browser, baseURL }) => {
  const page = await browser.newPage({ baseURL });
  // The app never arrives on this page: whatever it shows, the server made.
  await holdTheApp(page);
  await page.goto('/jobs?country=vietnam&page=1', { waitUntil: 'load' });
  const leaving = page.waitForEvent('framenavigated');
  await page.getByLabel('City', { exact: true }).selectOption('Hanoi');
  // The page left before the app had run: the server answered the filtered search itself.
  await leaving;
  expect(await isAppReady(page)).toBe(false);
  await expect(page).toHaveURL(/\/jobs\?country=vietnam&city=Hanoi&page=1$/);
  // The filtered search, as the server rendered it: thirteen Hanoi jobs, twelve on the first page.
  await expect(page.getByRole('heading', { level: 1, name: 'Vietnam Jobs' })).toBeVisible();
  await expect(tiles(page)).toHaveCount(12);
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Hanoi');
  expect(await isAppReady(page)).toBe(false);
  await page.unrouteAll({ behavior: 'ignoreErrors' });
  await page.close();
});

test('without scripts the filters are a plain GET form', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/jobs?country=vietnam&page=1');
  await page.getByLabel('Student age group').selectOption('Adults');
  await page.getByRole('button', { name: 'Show jobs' }).click();
  // The contract sheet's fields go too, empty, as any GET form sends them (an empty filter is none).
  await expect(page).toHaveURL(/\/jobs\?q=&country=vietnam&city=&ageGroup=Adults&minPay=&maxTeachingHours=&page=1$/);
  // Three Da Nang jobs for adults and the featured one.
  await expect(tiles(page)).toHaveCount(4);
  await context.close();
});

test('keyword search: words in the box, q in the address, the words marked in titles', async ({ page }) => {
  await page.goto('/jobs?country=vietnam&page=1');
  await page.getByLabel('Keywords').fill('business trainer');
  await page.getByLabel('Keywords').press('Enter');
  await expect(page).toHaveURL(/\/jobs\?country=vietnam&q=business\+trainer&page=1$/);
  const featured = tiles(page).filter({ hasText: FEATURED_COMPANY });
  await expect(featured).toHaveCount(1);
  await expect(featured.locator('mark')).toHaveText(['Business', 'Trainer']);
  // Title and school hits come first: the featured job has both words in its title.
  await expect(tiles(page).first().locator('mark')).toHaveCount(2);
  // Nothing matches: the spec's no-results text, as for the filters.
  await page.getByLabel('Keywords').fill('"no such words anywhere"');
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText('Sorry, there are no results for this criteria.')).toBeVisible();
  await expect(tiles(page)).toHaveCount(0);
  // Back brings the previous words into the box with their results.
  await page.goBack();
  await expect(page.getByLabel('Keywords')).toHaveValue('business trainer');
  await expect(featured).toHaveCount(1);
});

test('a shared address with q arrives rendered by the server, even without scripts', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/jobs?country=vietnam&q=%22friendly+centre+by+the+beach%22&page=1');
  await expect(tiles(page)).toHaveCount(1);
  await expect(tiles(page).first()).toContainText(FEATURED_TITLE);
  await expect(page.getByLabel('Keywords')).toHaveValue('"friendly centre by the beach"');
  // The plain form carries the words on: narrowing by age group keeps them.
  await page.getByLabel('Student age group').selectOption('Children');
  await page.getByRole('button', { name: 'Show jobs' }).click();
  await expect(page).toHaveURL(/q=%22friendly\+centre\+by\+the\+beach%22/);
  await expect(tiles(page)).toHaveCount(0);
  await context.close();
});

test('on a phone the filters fold behind one button and the first result is in the first screen', async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await page.goto('/jobs?country=vietnam&city=Hanoi&page=1');
  const filters = page.getByRole('button', { name: 'Filters (1)' });
  await expect(filters).toBeVisible();
  await expect(page.getByLabel('Keywords')).toBeVisible();
  await expect(page.getByLabel('City', { exact: true })).toBeHidden();
  await expect(tiles(page).first()).toBeVisible();
  const box = await tiles(page).first().boundingBox();
  expect(box).not.toBeNull();
  expect(box!.y).toBeLessThan(844);
  await filters.click();
  await expect(filters).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('City', { exact: true })).toHaveValue('Hanoi');
  await context.close();
});

test('search engines get a JobPosting for a live posting, none for a closed one, and only live postings in the sitemap and feed', async ({
  page,
  request,
  jobBoard,
  baseURL,
}) => {
  const structuredData = () =>
    page.evaluate(() => ({
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
      ),
      robots: document.querySelector('meta[name="robots"]')?.getAttribute('content') ?? null,
      ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute('content') ?? null,
    }));

  await page.goto(`/posting/${jobBoard.featuredJobId}`);
  const live = await structuredData();
  expect(live.robots).toBeNull();
  expect(live.ogImage).toMatch(new RegExp(`^${baseURL}/media/img/e2e-0-`));
  expect(live.jsonLd).toHaveLength(1);
  expect(live.jsonLd[0]).toMatchObject({
    '@type': 'JobPosting',
    title: FEATURED_TITLE,
    hiringOrganization: { '@type': 'Organization', name: FEATURED_COMPANY, sameAs: `${FEATURED_WEBSITE}/` },
    jobLocation: { address: { addressLocality: 'Da Nang', addressCountry: 'VN' } },
    identifier: { value: jobBoard.featuredJobId },
  });

  const closed = await page.goto(`/posting/${jobBoard.expiredJobId}`);
  expect(closed?.status()).toBe(200);
  await expect(page.getByText('This job is closed.')).toBeVisible();
  expect(await structuredData()).toMatchObject({ jsonLd: [], robots: 'noindex' });

  // The sitemap names every live posting and never the closed one; the feed starts with the newest.
  const sitemap = await (await request.get('/sitemap.xml')).text();
  const feed = await (await request.get('/feed.xml?country=vietnam')).text();
  const read = await page.evaluate(
    ([sitemapXml, feedXml]) => {
      const parse = (text: string) => new DOMParser().parseFromString(text, 'application/xml');
      const map = parse(sitemapXml);
      const atom = parse(feedXml);
      return {
        wellFormed: !map.querySelector('parsererror') && !atom.querySelector('parsererror'),
        locs: [...map.getElementsByTagName('loc')].map((l) => l.textContent ?? ''),
        entries: [...atom.getElementsByTagName('entry')].map(
          (e) => e.getElementsByTagName('link')[0]?.getAttribute('href') ?? '',
        ),
      };
    },
    [sitemap, feed] as const,
  );
  expect(read.wellFormed).toBe(true);
  const postings = read.locs.filter((loc) => loc.includes('/posting/'));
  expect(postings).toHaveLength(17);
  expect(postings).toContain(`${baseURL}/posting/${jobBoard.featuredJobId}`);
  expect(read.locs.join(' ')).not.toContain(jobBoard.expiredJobId);
  expect(read.locs).toContain(`${baseURL}/jobs?country=vietnam&page=1`);
  expect(read.entries).toHaveLength(17);
  expect(read.entries[0]).toBe(`${baseURL}/posting/${jobBoard.featuredJobId}`);
  expect(read.entries.join(' ')).not.toContain(jobBoard.expiredJobId);
});
