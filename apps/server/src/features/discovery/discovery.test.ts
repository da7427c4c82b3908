import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { COUNTRIES, DEFAULT_JOB_TITLE, ErrorBodySchema, isIndexablePath, writeRobotsTxt } from '@teacheast/shared';
import { registerErrorHandler } from '../../http/error-handler.js';
import { POSTING_LIFETIME_MS } from '../jobs/lifecycle.js';
import { takeDownJob } from '../jobs/service.js';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { registerDiscoveryRoutes } from './routes.js';
import { FEED_SIZE, openSitemap } from './service.js';
import { xmlText } from './xml.js';

const DAY = 86_400_000;
const BASE = 'http://teacheast.test';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const ATOM_NS = 'http://www.w3.org/2005/Atom';
const PAGE_URLS = [
  `${BASE}/`,
  `${BASE}/about-us`,
  `${BASE}/contact-us`,
  `${BASE}/terms-of-service`,
  `${BASE}/schools`,
  `${BASE}/safety`,
  `${BASE}/post-job`,
  `${BASE}/post-resume`,
  ...COUNTRIES.map((c) => `${BASE}/jobs?country=${c.value}&page=1`),
];
const postingUrl = (id: string) => `${BASE}/posting/${id}`;

const { DOMParser } = new JSDOM().window;

/** The document, after checking the text is well-formed XML (jsdom answers a parsererror document otherwise). */
function parseXml(text: string): Document {
  const doc = new DOMParser().parseFromString(text, 'application/xml');
  expect(doc.getElementsByTagName('parsererror').length, text.slice(0, 300)).toBe(0);
  return doc;
}

const textsOf = (parent: Document | Element, ns: string, name: string) =>
  Array.from(parent.getElementsByTagNameNS(ns, name), (e) => e.textContent ?? '');

/** Each <url> of a urlset as its location and lastmod. */
function urlsOf(doc: Document): { loc: string; lastmod: string | null }[] {
  expect(doc.documentElement.localName).toBe('urlset');
  expect(doc.documentElement.namespaceURI).toBe(SITEMAP_NS);
  return Array.from(doc.getElementsByTagNameNS(SITEMAP_NS, 'url'), (url) => ({
    loc: textsOf(url, SITEMAP_NS, 'loc')[0]!,
    lastmod: textsOf(url, SITEMAP_NS, 'lastmod')[0] ?? null,
  }));
}

describe(`discovery: robots.txt, sitemaps and the feed (${dialect})`, () => {
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t)).id;
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('jobs').execute();
  });

  /**
   * `count` postings in one statement per 200, with updated_at set apart from published_at; answers
   * the live ones' last changes by id.
   */
  async function insertJobs(
    count: number,
    publishedAt: (i: number) => number | null,
    idOf: (i: number) => string = () => randomUUID(),
  ): Promise<Map<string, number>> {
    const now = t.clock.now();
    const updated = new Map<string, number>();
    const rows = Array.from({ length: count }, (_, i) => {
      const id = idOf(i);
      const published = publishedAt(i);
      if (published !== null && published > now - POSTING_LIFETIME_MS) updated.set(id, now - i);
      return {
        id,
        user_id: ownerId,
        company_name: `School ${i}`,
        email: 'jobs@school.example',
        country: COUNTRIES[i % COUNTRIES.length]!.value,
        city: 'Somewhere',
        pay: '',
        age_group: 'Children',
        duration: '12',
        class_size: '11 - 20',
        start_date: '4',
        phone: '',
        link: '',
        description_html: '<p>Teach.</p>',
        thumbnail: null,
        tile_thumbnail: null,
        published_at: published,
        relisted_from: null,
        created_at: now,
        updated_at: now - i,
      };
    });
    for (let i = 0; i < rows.length; i += 200)
      await t.db
        .insertInto('jobs')
        .values(rows.slice(i, i + 200))
        .execute();
    return updated;
  }

  /** The app's discovery routes alone, with a small sitemap limit. */
  async function smallSitemapApp(sitemapUrlsMax: number, deps = t.deps): Promise<FastifyInstance> {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandler(app);
    registerDiscoveryRoutes(app, deps, { sitemapUrlsMax });
    await app.ready();
    return app;
  }

  describe('robots.txt', () => {
    it('allows the public pages, disallows the private ones and names the sitemap', async () => {
      const res = await t.inject({ url: '/robots.txt' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
      expect(res.headers['cache-control']).toMatch(/no-cache|must-revalidate/);
      const lines = res.body.split('\n').filter(Boolean);
      expect(lines[0]).toBe('User-agent: *');
      expect(lines).toContain('Allow: /');
      const disallowed = lines.filter((l) => l.startsWith('Disallow:')).map((l) => l.slice('Disallow:'.length).trim());
      expect(disallowed.sort()).toEqual(
        [
          '/api/',
          '/account',
          '/compare',
          '/post-job/',
          '/post-resume/',
          '/purchase-form',
          '/subscription',
          '/resume-board',
          '/resume/',
          '/job/metrics',
          '/job/applicants',
          '/job-alerts/',
          '/change-password',
          '/confirmation',
          '/special-register',
          '/login',
          '/register',
          '/forgot-password',
        ].sort(),
      );
      // Nothing a teacher or a school should find is shut out; the wizards behind the entry pages are.
      for (const path of ['/posting/', '/jobs', '/about-us', '/post-job', '/post-resume']) {
        expect(disallowed.some((d) => path.startsWith(d))).toBe(false);
      }
      expect(lines).toContain(`Sitemap: ${BASE}/sitemap.xml`);
      const head = await t.inject({ method: 'HEAD', url: '/robots.txt' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('text/plain; charset=utf-8');
    });
  });

  it("offers search engines nothing robots.txt shuts out: the sitemap's every address, and no disallowed path indexable", async () => {
    const now = t.clock.now();
    const jobId = await createPublishedJob(t, ownerId, { published_at: now - DAY });
    const robots = await t.inject({ url: '/robots.txt' });
    expect(robots.body).toBe(writeRobotsTxt(`${BASE}/sitemap.xml`));
    const disallowed = robots.body
      .split('\n')
      .filter((l) => l.startsWith('Disallow:'))
      .map((l) => l.slice('Disallow:'.length).trim());
    expect(disallowed.length).toBeGreaterThan(0);
    const sitemap = await t.inject({ url: '/sitemap.xml' });
    const paths = urlsOf(parseXml(sitemap.body)).map(({ loc }) => new URL(loc).pathname + new URL(loc).search);
    expect(paths).toContain(`/posting/${jobId}`);
    for (const path of paths) {
      expect(
        disallowed.filter((prefix) => path.startsWith(prefix)),
        path,
      ).toEqual([]);
      expect(isIndexablePath(new URL(path, BASE).pathname), path).toBe(true);
    }
    for (const prefix of disallowed) expect(isIndexablePath(prefix), prefix).toBe(false);
  });

  describe('sitemap', () => {
    it('lists home, the static pages, every country search and every live posting with its last change', async () => {
      const now = t.clock.now();
      const fresh = await createPublishedJob(t, ownerId, { country: 'vietnam', published_at: now - DAY });
      const older = await createPublishedJob(t, ownerId, { country: 'japan', published_at: now - 30 * DAY });
      const aboutToExpire = await createPublishedJob(t, ownerId, { published_at: now - 44 * DAY });
      const expired = await createPublishedJob(t, ownerId, { published_at: now - 50 * DAY });
      const unpublished = await createPublishedJob(t, ownerId, { published_at: null });
      const takenDown = await createPublishedJob(t, ownerId, { published_at: now - DAY });
      expect(await takeDownJob(t.db, takenDown, 'spam', now)).toBe(true);
      // Marked taken down, whatever its dates say.
      const flagged = await createPublishedJob(t, ownerId, { published_at: now - DAY });
      await t.db.updateTable('jobs').set({ taken_down_at: now }).where('id', '=', flagged).execute();
      await t.db.updateTable('jobs').set({ updated_at: 1_700_000_123_456 }).where('id', '=', older).execute();

      const lastmods = async () => {
        const res = await t.inject({ url: '/sitemap.xml' });
        expect(res.statusCode).toBe(200);
        return new Map(urlsOf(parseXml(res.body)).map((u) => [u.loc, u.lastmod]));
      };
      const before = await lastmods();
      const jobUrls = (m: Map<string, string | null>) =>
        [...m.keys()].filter((loc) => loc.includes('/posting/')).sort();
      expect([...before.keys()].filter((loc) => !loc.includes('/posting/'))).toEqual(PAGE_URLS);
      expect(jobUrls(before)).toEqual([fresh, older, aboutToExpire].map(postingUrl).sort());
      expect(before.get(postingUrl(older))).toBe('2023-11-14T22:15:23.456Z');
      expect(before.get(postingUrl(fresh))).toBe(new Date(now).toISOString());
      for (const gone of [expired, unpublished, takenDown, flagged]) expect(before.has(postingUrl(gone))).toBe(false);

      // Two days later the 44-day-old posting has expired and leaves the sitemap.
      t.clock.advance(2 * DAY);
      const after = await lastmods();
      expect(jobUrls(after)).toEqual([fresh, older].map(postingUrl).sort());
    });

    it('is XML with escaped query strings, sent as application/xml to anyone', async () => {
      const user = await createUser(t);
      await createPublishedJob(t, ownerId);
      const anonymous = await t.inject({ url: '/sitemap.xml' });
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(anonymous.headers['cache-control']).toMatch(/no-cache|must-revalidate/);
      expect(anonymous.body.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
      expect(anonymous.body).toContain(`<loc>${BASE}/jobs?country=china&amp;page=1</loc>`);
      const member = await t.inject({ url: '/sitemap.xml', headers: user.auth });
      expect(member.body).toBe(anonymous.body);
      const head = await t.inject({ method: 'HEAD', url: '/sitemap.xml' });
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-type']).toBe('application/xml; charset=utf-8');
      expect(head.body).toBe('');
    });

    it('holds thousands of postings, read in batches, each exactly once', async () => {
      const now = t.clock.now();
      // Every fifth one expired, so the live postings are scattered through the id order.
      const live = await insertJobs(4_321, (i) => (i % 5 === 0 ? now - 60 * DAY : now - (i % 40) * DAY - 1000));
      const res = await t.inject({ url: '/sitemap.xml' });
      const urls = urlsOf(parseXml(res.body)).filter((u) => u.loc.includes('/posting/'));
      expect(urls.length).toBe(live.size);
      expect(new Set(urls.map((u) => u.loc)).size).toBe(live.size);
      for (const url of urls) {
        const id = url.loc.slice(`${BASE}/posting/`.length);
        expect(url.lastmod).toBe(new Date(live.get(id)!).toISOString());
      }
    });

    it('becomes an index of 256 parts past the limit, every live posting in exactly one part', async () => {
      const app = await smallSitemapApp(1_500);
      try {
        const now = t.clock.now();
        // One in five a draft, one in five expired, one in five taken down: scattered through the id order.
        const live = await insertJobs(4_321, (i) => (i % 5 === 0 ? null : i % 5 === 1 ? now - 60 * DAY : now - DAY));
        const takenDown = (await t.db.selectFrom('jobs').select('id').execute())
          .map((row) => row.id)
          .filter((id) => live.has(id))
          .filter((_, i) => i % 20 === 0);
        for (const id of takenDown) {
          expect(await takeDownJob(t.db, id, 'spam', now)).toBe(true);
          live.delete(id);
        }
        // Ids that are not lowercase hex still land in a part: the first part is open below, the last above.
        const odd = await insertJobs(
          3,
          () => now - DAY,
          (i) => ['!first', `${randomUUID().toUpperCase()}`, '~last'][i]!,
        );
        for (const [id, updatedAt] of odd) live.set(id, updatedAt);

        const indexRes = await app.inject({ url: '/sitemap.xml' });
        expect(indexRes.headers['content-type']).toBe('application/xml; charset=utf-8');
        const index = parseXml(indexRes.body);
        expect(index.documentElement.localName).toBe('sitemapindex');
        expect(index.documentElement.namespaceURI).toBe(SITEMAP_NS);
        const hex = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
        const parts = textsOf(index, SITEMAP_NS, 'loc');
        expect(parts).toEqual([`${BASE}/sitemap-pages.xml`, ...hex.map((h) => `${BASE}/sitemap-jobs-${h}.xml`)]);

        const pages = await app.inject({ url: '/sitemap-pages.xml' });
        expect(urlsOf(parseXml(pages.body)).map((u) => u.loc)).toEqual(PAGE_URLS);
        const seen: string[] = [];
        for (const h of hex) {
          const res = await app.inject({ url: `/sitemap-jobs-${h}.xml` });
          expect(res.statusCode, h).toBe(200);
          expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
          for (const url of urlsOf(parseXml(res.body))) {
            const id = url.loc.slice(`${BASE}/posting/`.length);
            if (/^[0-9a-f]{2}/.test(id)) expect(id.slice(0, 2), url.loc).toBe(h);
            expect(url.lastmod, url.loc).toBe(new Date(live.get(id)!).toISOString());
            seen.push(id);
          }
        }
        expect(seen.length).toBe(new Set(seen).size);
        expect(seen.sort()).toEqual([...live.keys()].sort());

        for (const missing of [
          // The numbered parts of earlier releases: their postings are all in the parts the index names.
          '/sitemap-jobs-1.xml',
          '/sitemap-jobs-3.xml',
          '/sitemap-jobs-0.xml',
          '/sitemap-jobs-100.xml',
          '/sitemap-jobs-A0.xml',
          '/sitemap-jobs-0g.xml',
          '/sitemap-jobs-x.xml',
          '/sitemap-jobs-%2000.xml',
        ]) {
          const res = await app.inject({ url: missing });
          expect(res.statusCode, missing).toBe(404);
          expect(ErrorBodySchema.safeParse(res.json()).success, missing).toBe(true);
        }
      } finally {
        await app.close();
      }
    });

    it('stays one urlset up to the limit exactly and splits one URL past it, counting live postings alone', async () => {
      const app = await smallSitemapApp(20);
      try {
        const rootOf = async () => parseXml((await app.inject({ url: '/sitemap.xml' })).body).documentElement.localName;
        const now = t.clock.now();
        await insertJobs(20 - PAGE_URLS.length, () => now - DAY);
        // Drafts and expired postings sit in the index beside the live ones, and take no room.
        await insertJobs(6, (i) => (i % 2 === 0 ? null : now - 60 * DAY));
        const takenDown = await createPublishedJob(t, ownerId, { published_at: now - DAY });
        expect(await takeDownJob(t.db, takenDown, 'spam', now)).toBe(true);
        expect(await rootOf()).toBe('urlset');
        await insertJobs(1, () => now - DAY);
        expect(await rootOf()).toBe('sitemapindex');
      } finally {
        await app.close();
      }
    });

    it('is an index when the pages alone fill the limit and a posting is live', async () => {
      const app = await smallSitemapApp(PAGE_URLS.length);
      try {
        const rootOf = async () => parseXml((await app.inject({ url: '/sitemap.xml' })).body).documentElement.localName;
        expect(await rootOf()).toBe('urlset');
        await createPublishedJob(t, ownerId);
        expect(await rootOf()).toBe('sitemapindex');
      } finally {
        await app.close();
      }
      const tooSmall = await smallSitemapApp(PAGE_URLS.length - 1);
      try {
        expect(parseXml((await tooSmall.inject({ url: '/sitemap.xml' })).body).documentElement.localName).toBe(
          'sitemapindex',
        );
      } finally {
        await tooSmall.close();
      }
    });

    it('never grows past the limit while postings are published during the read', async () => {
      await insertJobs(20 - PAGE_URLS.length, () => t.clock.now() - DAY);
      const chunks = await openSitemap(t.deps, 20);
      await insertJobs(5, () => t.clock.now() - DAY);
      let xml = '';
      for await (const chunk of chunks) xml += chunk;
      expect(urlsOf(parseXml(xml))).toHaveLength(20);
    });

    it('serves every part of a small site too, an empty one as an empty urlset', async () => {
      const empty = await t.inject({ url: '/sitemap-jobs-00.xml' });
      expect(empty.statusCode).toBe(200);
      expect(urlsOf(parseXml(empty.body))).toEqual([]);

      const id = await createPublishedJob(t, ownerId);
      const pages = await t.inject({ url: '/sitemap-pages.xml' });
      expect(urlsOf(parseXml(pages.body)).map((u) => u.loc)).toEqual(PAGE_URLS);
      const own = await t.inject({ url: `/sitemap-jobs-${id.slice(0, 2)}.xml` });
      expect(own.statusCode).toBe(200);
      expect(urlsOf(parseXml(own.body)).map((u) => u.loc)).toEqual([postingUrl(id)]);
      const other = (parseInt(id.slice(0, 2), 16) ^ 0x80).toString(16).padStart(2, '0');
      expect(urlsOf(parseXml((await t.inject({ url: `/sitemap-jobs-${other}.xml` })).body))).toEqual([]);
      const head = await t.inject({ method: 'HEAD', url: `/sitemap-jobs-${id.slice(0, 2)}.xml` });
      expect(head.statusCode).toBe(200);
      expect(head.body).toBe('');
      const old = await t.inject({ url: '/sitemap-jobs-1.xml' });
      expect(old.statusCode).toBe(404);
      expect(ErrorBodySchema.safeParse(old.json()).success).toBe(true);
    });

    it('answers the error body, never half a sitemap, when the database cannot answer', async () => {
      const down = {
        selectFrom: () => {
          throw new Error('the database is down');
        },
      } as unknown as TestApp['deps']['db'];
      const app = await smallSitemapApp(20, { ...t.deps, db: down });
      try {
        for (const url of ['/sitemap.xml', '/sitemap-jobs-00.xml', '/sitemap-jobs-ff.xml']) {
          const res = await app.inject({ url });
          expect(res.statusCode, url).toBe(500);
          expect(ErrorBodySchema.safeParse(res.json()).success, url).toBe(true);
        }
      } finally {
        await app.close();
      }
    });
  });

  describe('feed', () => {
    interface Entry {
      id: string;
      title: string;
      link: string | null;
      updated: string;
      published: string;
      summary: string;
    }

    function feedOf(text: string) {
      const doc = parseXml(text);
      const feed = doc.documentElement;
      expect(feed.localName).toBe('feed');
      expect(feed.namespaceURI).toBe(ATOM_NS);
      const child = (parent: Element, name: string) =>
        Array.from(parent.children).find((e) => e.localName === name && e.namespaceURI === ATOM_NS);
      const links = Array.from(feed.children).filter((e) => e.localName === 'link');
      const entries: Entry[] = Array.from(doc.getElementsByTagNameNS(ATOM_NS, 'entry'), (entry) => ({
        id: child(entry, 'id')?.textContent ?? '',
        title: child(entry, 'title')?.textContent ?? '',
        link: child(entry, 'link')?.getAttribute('href') ?? null,
        updated: child(entry, 'updated')?.textContent ?? '',
        published: child(entry, 'published')?.textContent ?? '',
        summary: child(entry, 'summary')?.textContent ?? '',
      }));
      return {
        id: child(feed, 'id')?.textContent,
        title: child(feed, 'title')?.textContent,
        updated: child(feed, 'updated')?.textContent,
        author: child(child(feed, 'author')!, 'name')?.textContent,
        self: links.find((l) => l.getAttribute('rel') === 'self')?.getAttribute('href'),
        alternate: links.find((l) => l.getAttribute('rel') === 'alternate')?.getAttribute('href'),
        entries,
      };
    }

    it('is an Atom feed of the 50 newest live postings, newest first', async () => {
      const now = t.clock.now();
      const live: { id: string; publishedAt: number }[] = [];
      for (let i = 0; i < FEED_SIZE + 5; i++) {
        const publishedAt = now - (i + 1) * 60_000;
        const id = await createPublishedJob(t, ownerId, {
          country: COUNTRIES[i % COUNTRIES.length]!.value,
          title: i % 2 === 0 ? `Teacher ${i}` : '',
          city: `City ${i}`,
          company_name: `School ${i}`,
          published_at: publishedAt,
        });
        live.push({ id, publishedAt });
      }
      // Never published: PostgreSQL sorts it first among the newest unless it is left out.
      await createPublishedJob(t, ownerId, { published_at: null });
      t.clock.advance(60_000);
      const newestUpdate = now + 12_345;
      await t.db.updateTable('jobs').set({ updated_at: newestUpdate }).where('id', '=', live[3]!.id).execute();

      const res = await t.inject({ url: '/feed.xml' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/atom+xml; charset=utf-8');
      expect(res.headers['cache-control']).toMatch(/no-cache|must-revalidate/);
      const feed = feedOf(res.body);
      expect(feed.title).toBe('TeachEast: teaching jobs');
      expect(feed.id).toBe(`${BASE}/feed.xml`);
      expect(feed.self).toBe(`${BASE}/feed.xml`);
      expect(feed.alternate).toBe(`${BASE}/`);
      expect(feed.author).toBe('TeachEast');
      expect(feed.updated).toBe(new Date(newestUpdate).toISOString());
      expect(feed.entries.map((e) => e.id)).toEqual(live.slice(0, FEED_SIZE).map((j) => `urn:uuid:${j.id}`));

      const first = feed.entries[0]!;
      expect(first).toEqual({
        id: `urn:uuid:${live[0]!.id}`,
        title: 'Teacher 0',
        link: postingUrl(live[0]!.id),
        updated: new Date(now).toISOString(),
        published: new Date(live[0]!.publishedAt).toISOString(),
        summary: 'School 0 in City 0, China',
      });
      expect(feed.entries[1]!.title).toBe(DEFAULT_JOB_TITLE);
      expect(feed.entries[1]!.summary).toBe('School 1 in City 1, Indonesia');
      expect(feed.entries[3]!.updated).toBe(new Date(newestUpdate).toISOString());
    });

    it("shows one country's postings with its own title and links", async () => {
      const now = t.clock.now();
      const hanoi = await createPublishedJob(t, ownerId, {
        country: 'vietnam',
        city: 'Hanoi',
        published_at: now - 2000,
      });
      const danang = await createPublishedJob(t, ownerId, {
        country: 'vietnam',
        city: 'Da Nang',
        published_at: now - 1000,
      });
      await createPublishedJob(t, ownerId, { country: 'japan', published_at: now });
      // Not live: a draft, a takedown, and one that expires when the clock moves on.
      await createPublishedJob(t, ownerId, { country: 'vietnam', published_at: null });
      const takenDown = await createPublishedJob(t, ownerId, { country: 'vietnam', published_at: now - 500 });
      expect(await takeDownJob(t.db, takenDown, 'spam', now)).toBe(true);
      const expiring = await createPublishedJob(t, ownerId, {
        country: 'vietnam',
        published_at: now - 45 * DAY + 30_000,
      });
      expect(feedOf((await t.inject({ url: '/feed.xml?country=vietnam' })).body).entries.map((e) => e.id)).toContain(
        `urn:uuid:${expiring}`,
      );
      t.clock.advance(60_000);

      const feed = feedOf((await t.inject({ url: '/feed.xml?country=vietnam' })).body);
      expect(feed.title).toBe('TeachEast: teaching jobs in Vietnam');
      expect(feed.self).toBe(`${BASE}/feed.xml?country=vietnam`);
      expect(feed.id).toBe(`${BASE}/feed.xml?country=vietnam`);
      expect(feed.alternate).toBe(`${BASE}/jobs?country=vietnam&page=1`);
      expect(feed.entries.map((e) => e.id)).toEqual([`urn:uuid:${danang}`, `urn:uuid:${hanoi}`]);
      expect(feed.entries.map((e) => e.summary)).toEqual([
        'Sunrise Academy in Da Nang, Vietnam',
        'Sunrise Academy in Hanoi, Vietnam',
      ]);
      // An empty country filter means every country.
      expect(feedOf((await t.inject({ url: '/feed.xml?country=' })).body).entries).toHaveLength(3);
      const empty = feedOf((await t.inject({ url: '/feed.xml?country=taiwan' })).body);
      expect(empty.entries).toEqual([]);
      expect(empty.updated).toBe(new Date(t.clock.now()).toISOString());
    });

    it('orders postings published at the same moment by id, across countries as within one', async () => {
      const at = t.clock.now() - 1000;
      const japan = [
        await createPublishedJob(t, ownerId, { country: 'japan', published_at: at }),
        await createPublishedJob(t, ownerId, { country: 'japan', published_at: at }),
      ];
      const others = [
        await createPublishedJob(t, ownerId, { country: 'china', published_at: at }),
        await createPublishedJob(t, ownerId, { country: 'vietnam', published_at: at }),
      ];
      const newer = await createPublishedJob(t, ownerId, { country: 'china', published_at: at + 1 });
      const byIdDesc = (ids: string[]) => [...ids].sort().reverse();
      const entries = async (url: string) =>
        feedOf((await t.inject({ url })).body).entries.map((e) => e.id.replace('urn:uuid:', ''));
      expect(await entries('/feed.xml')).toEqual([newer, ...byIdDesc([...japan, ...others])]);
      expect(await entries('/feed.xml?country=japan')).toEqual(byIdDesc(japan));
    });

    it('refuses an unknown country with the error body', async () => {
      for (const country of ['atlantis', 'Japan', '%00']) {
        const res = await t.inject({ url: `/feed.xml?country=${country}` });
        expect(res.statusCode, country).toBe(400);
        const body = res.json() as unknown;
        expect(ErrorBodySchema.safeParse(body).success).toBe(true);
        expect(body).toMatchObject({ error: true, errorType: 'VALIDATION' });
      }
      expect((await t.inject({ url: '/feed.xml?country=atlantis' })).json()).toMatchObject({
        fields: { country: expect.any(String) as string },
      });
    });

    it('answers 304 to a reader that has the same feed', async () => {
      await createPublishedJob(t, ownerId);
      const first = await t.inject({ url: '/feed.xml' });
      const etag = String(first.headers.etag);
      expect(etag).toMatch(/^W\/".+"$/);
      const again = await t.inject({ url: '/feed.xml', headers: { 'if-none-match': etag } });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      await createPublishedJob(t, ownerId);
      const changed = await t.inject({ url: '/feed.xml', headers: { 'if-none-match': etag } });
      expect(changed.statusCode).toBe(200);
      expect(feedOf(changed.body).entries).toHaveLength(2);
    });

    it('writes hostile titles, schools and cities as well-formed XML that reads back as typed', async () => {
      const hostile = [
        '</title><script>alert(1)</script>',
        ']]><![CDATA[ & <b>bold</b> &amp; &#x26;',
        `"quoted" and 'single' <tags> & ampersands`,
        'Emoji 🍜👩🏽‍🏫🇻🇳 and a surrogate pair 𝔘',
        'مدرسة اللغة \u202Eevil\u202C עברית',
        'tab\tnewline\ncarriage\r\nreturn',
        '<!-- comment --> <?pi?> <!DOCTYPE x>',
      ];
      const forbidden = 'Bell\u0007 null-ish\u0001 escape\u001B vertical\u000B \uFFFE\uFFFF end';
      const now = t.clock.now();
      for (const [i, text] of [...hostile, forbidden].entries()) {
        await createPublishedJob(t, ownerId, {
          title: text,
          company_name: text,
          city: `City ${text}`,
          country: 'japan',
          published_at: now - i * 1000,
        });
      }
      const res = await t.inject({ url: '/feed.xml?country=japan' });
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/<script/i);
      expect(res.body).not.toContain('<b>');
      const feed = feedOf(res.body);
      const readable = [...hostile, 'Bell null-ish escape vertical  end'];
      expect(feed.entries.map((e) => e.title)).toEqual(readable);
      expect(feed.entries.map((e) => e.summary)).toEqual(readable.map((text) => `${text} in City ${text}, Japan`));
    });
  });

  describe('xmlText', () => {
    it('escapes markup and drops what XML 1.0 forbids, keeping whole surrogate pairs', () => {
      expect(xmlText(`<a href="x">Tom & Jerry's</a>`)).toBe(
        '&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&apos;s&lt;/a&gt;',
      );
      expect(xmlText('a\u0000b\u0008c\u000Bd\u000Ce\u001Ff\uFFFEg\uFFFFh')).toBe('abcdefgh');
      expect(xmlText('tab\tnewline\nreturn\r')).toBe('tab\tnewline\nreturn&#13;');
      expect(xmlText('lone \uD800 high, lone \uDC00 low, pair \uD83C\uDF5C')).toBe('lone  high, lone  low, pair 🍜');
      expect(xmlText('\u007F\u0085 kept')).toBe('\u007F\u0085 kept');
    });

    it('is checked by a parser that refuses what it drops', () => {
      for (const c of ['\u0001', '\u001F', '\uFFFE']) {
        const doc = new DOMParser().parseFromString(`<a>${c}</a>`, 'application/xml');
        expect(doc.getElementsByTagName('parsererror').length, JSON.stringify(c)).toBeGreaterThan(0);
      }
    });
  });
});
