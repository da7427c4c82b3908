// What search engines and link previews read: a posting whose school typed markup into its title and
// name still has one intact JobPosting, intact head tags, and a feed and sitemap that parse as XML,
// in Chromium; and a path that names nothing is a real 404.
import type { BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { publishJob } from './publish-job';

const HOSTILE_TITLE = '</script><script>window.__xss=1</script><!-- a\u2028b';
const HOSTILE_SCHOOL = '"Quote" & <b>Co</b> \u2029 ]]> x';

async function openPage(context: BrowserContext, path: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

/** The document's head as search engines and link previews read it. */
function readHead(page: Page) {
  return page.evaluate(() => {
    const content = (selector: string) => document.querySelector(selector)?.getAttribute('content') ?? null;
    return {
      title: document.title,
      description: content('meta[name="description"]'),
      canonical: document.querySelector('link[rel="canonical"]')?.getAttribute('href') ?? null,
      robots: content('meta[name="robots"]'),
      ogTitle: content('meta[property="og:title"]'),
      ogUrl: content('meta[property="og:url"]'),
      ogImage: content('meta[property="og:image"]'),
      ogType: content('meta[property="og:type"]'),
      twitterCard: content('meta[name="twitter:card"]'),
      feeds: [...document.querySelectorAll('link[rel="alternate"][type="application/atom+xml"]')].map((l) =>
        l.getAttribute('href'),
      ),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map(
        (s) => JSON.parse(s.textContent ?? '') as Record<string, unknown>,
      ),
      // Script elements that would run and carry the school's words: none may exist.
      injected: [...document.scripts].filter(
        (s) => !['application/ld+json', 'application/json'].includes(s.type) && (s.textContent ?? '').includes('__xss'),
      ).length,
      xss: (window as unknown as { __xss?: unknown }).__xss,
    };
  });
}

test('markup typed by a school breaks neither the posting page, its structured data, nor the feed', async ({
  browser,
  page,
  request,
  accounts,
  baseURL,
}) => {
  const school = await accounts.createConfirmedUser('seo-school');
  const uuid = await publishJob(request, school, {
    details: {
      title: HOSTILE_TITLE,
      companyName: HOSTILE_SCHOOL,
      email: 'hr@safe.example',
      country: 'japan',
      city: 'Tokyo',
      pay: '2,500 USD per month',
      ageGroup: 'Children',
      duration: '3',
      link: 'https://safe.example',
    },
    descriptionHTML: '<p>Teach &lt;/script&gt; &lt;!-- well.</p>',
  });
  const dialogs: string[] = [];
  page.on('dialog', async (d) => {
    dialogs.push(d.message());
    await d.dismiss();
  });

  // The page as it arrives, as a crawler that runs no script reads it.
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const served = await readHead(await openPage(context, `/posting/${uuid}`));
  await context.close();
  expect(served.injected).toBe(0);
  expect(served.xss).toBeUndefined();
  expect(served.jsonLd).toHaveLength(1);
  const [posting] = served.jsonLd as [Record<string, unknown> & { hiringOrganization: { name: string } }];
  expect(posting['@type']).toBe('JobPosting');
  expect(posting.title).toBe(HOSTILE_TITLE);
  expect(posting.hiringOrganization.name).toBe(HOSTILE_SCHOOL);
  expect(posting.employmentType).toBe('CONTRACTOR');
  expect(posting.baseSalary).toEqual({
    '@type': 'MonetaryAmount',
    currency: 'USD',
    value: { '@type': 'QuantitativeValue', value: 2500, unitText: 'MONTH' },
  });
  expect(served.title).toBe(`${HOSTILE_SCHOOL}, Tokyo, Japan | TeachEast`);
  expect(served.ogTitle).toBe(`${HOSTILE_TITLE} at ${HOSTILE_SCHOOL}`);
  expect(served.description).toContain(HOSTILE_TITLE);
  expect(served.canonical).toBe(`${baseURL}/posting/${uuid}`);
  expect(served.ogUrl).toBe(served.canonical);
  expect(served.ogImage).toMatch(new RegExp(`^${baseURL}/media/`));
  expect(served.ogType).toBe('article');
  expect(served.twitterCard).toBe('summary_large_image');
  expect(served.robots).toBeNull();
  expect(served.feeds).toEqual([`${baseURL}/feed.xml?country=japan`]);

  // Taken over by the app: still one JobPosting, nothing injected ran.
  await page.goto(`/posting/${uuid}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(HOSTILE_TITLE);
  const live = await readHead(page);
  expect(live.xss).toBeUndefined();
  expect(live.jsonLd).toEqual(served.jsonLd);
  expect(dialogs).toEqual([]);

  // The feeds read back as XML in the browser, with the school's words as typed.
  for (const feed of ['/feed.xml', '/feed.xml?country=japan']) {
    const xml = await (await request.get(feed)).text();
    const entry = await page.evaluate(
      ([text, id]) => {
        const doc = new DOMParser().parseFromString(text, 'application/xml');
        if (doc.querySelector('parsererror')) return null;
        const found = [...doc.getElementsByTagName('entry')].find((e) =>
          [...e.getElementsByTagName('link')].some((l) => l.getAttribute('href')?.endsWith(`/posting/${id}`)),
        );
        return found
          ? {
              title: found.getElementsByTagName('title')[0]?.textContent,
              summary: found.getElementsByTagName('summary')[0]?.textContent,
            }
          : undefined;
      },
      [xml, uuid] as const,
    );
    expect(entry, feed).toBeTruthy();
    expect(entry!.title, feed).toBe(HOSTILE_TITLE);
    expect(entry!.summary, feed).toContain(HOSTILE_SCHOOL);
  }
});

test('a posting that does not exist and a path that names nothing answer 404 with a page that says so', async ({
  page,
}) => {
  const missing = await page.goto('/posting/00000000-0000-4000-8000-000000000000');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Job not found' })).toBeVisible();
  expect((await readHead(page)).robots).toBe('noindex');

  const malformed = await page.goto('/posting/not-a-uuid');
  expect(malformed?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Job not found' })).toBeVisible();

  const unknown = await page.goto('/no/such/page');
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  expect(await page.title()).toBe('Page not found | TeachEast');
  await page.getByRole('link', { name: 'Find teaching jobs' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('every public page has its own title, description and canonical address', async ({ page, request, baseURL }) => {
  const picture = await request.get('/og-image.png');
  expect(picture.status()).toBe(200);
  expect(picture.headers()['content-type']).toBe('image/png');
  const seen = new Map<string, string>();
  for (const path of [
    '/',
    '/jobs?country=japan&page=1',
    '/about-us',
    '/contact-us',
    '/terms-of-service',
    '/post-job',
  ]) {
    await page.goto(path);
    const head = await readHead(page);
    expect(head.canonical, path).toBe(`${baseURL}${path}`);
    expect(head.robots, path).toBeNull();
    expect(head.description, path).toBeTruthy();
    expect(head.ogImage, path).toBe(`${baseURL}/og-image.png`);
    expect(seen.has(head.title), `${path} shares its title with ${seen.get(head.title)}`).toBe(false);
    seen.set(head.title, path);
  }
  const descriptions = new Set<string>();
  for (const path of ['/', '/about-us', '/contact-us', '/terms-of-service']) {
    await page.goto(path);
    descriptions.add((await readHead(page)).description!);
  }
  expect(descriptions.size).toBe(4);
});
