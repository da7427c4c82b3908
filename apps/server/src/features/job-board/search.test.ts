import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_SIZE } from '@teacheast/shared';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';

const DAY = 86_400_000;
const TILE_KEYS = [
  'ageGroup',
  'badges',
  'city',
  'classSize',
  'companyName',
  'country',
  'duration',
  'pay',
  'permit',
  'publishedDate',
  'salary',
  'school',
  'startDate',
  'thumbnail',
  'title',
  'uuid',
].sort();

interface Tile {
  uuid: string;
  companyName: string;
  city: string;
  ageGroup: string;
  publishedDate: string | null;
}

describe(`job search (${dialect})`, () => {
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

  async function search(query: string) {
    const res = await t.inject({ method: 'GET', url: `/api/filter-jobs?${query}` });
    return { res, results: (res.json() as { results?: Tile[] }).results ?? [] };
  }

  it('filters by country, city and age group, alone and combined', async () => {
    const now = t.clock.now();
    const tokyoKids = await createPublishedJob(t, ownerId, {
      country: 'japan',
      city: 'Tokyo',
      age_group: 'Children',
      published_at: now - 1000,
    });
    const tokyoAdults = await createPublishedJob(t, ownerId, {
      country: 'japan',
      city: 'Tokyo',
      age_group: 'Adults',
      published_at: now - 2000,
    });
    const osakaAdults = await createPublishedJob(t, ownerId, {
      country: 'japan',
      city: 'Osaka',
      age_group: 'Adults',
      published_at: now - 3000,
    });
    await createPublishedJob(t, ownerId, {
      country: 'china',
      city: 'Beijing',
      age_group: 'Children',
      published_at: now - 500,
    });

    const ids = async (q: string) => (await search(q)).results.map((r) => r.uuid);
    expect(await ids('country=japan')).toEqual([tokyoKids, tokyoAdults, osakaAdults]);
    expect(await ids('country=japan&city=Tokyo')).toEqual([tokyoKids, tokyoAdults]);
    expect(await ids('country=japan&ageGroup=Adults')).toEqual([tokyoAdults, osakaAdults]);
    expect(await ids('country=japan&city=Tokyo&ageGroup=Adults')).toEqual([tokyoAdults]);
    expect(await ids('country=japan&city=Osaka&ageGroup=Children')).toEqual([]);
    // An unknown city simply finds nothing; empty filters count as absent.
    expect(await ids('country=japan&city=Atlantis')).toEqual([]);
    expect(await ids('country=japan&city=&ageGroup=&page=')).toEqual([tokyoKids, tokyoAdults, osakaAdults]);
    expect((await search('country=china')).results).toHaveLength(1);
  });

  it('pages 25 jobs of one country as 12, 12 and 1, newest first with a stable tie-break', async () => {
    const now = t.clock.now();
    const created: { id: string; at: number }[] = [];
    for (let i = 0; i < 25; i++) {
      // Pairs share a publication time, so the id must settle their order.
      const at = now - Math.floor(i / 2) * 60_000;
      created.push({
        id: await createPublishedJob(t, ownerId, { country: 'thailand', city: 'Bangkok', published_at: at }),
        at,
      });
    }
    await createPublishedJob(t, ownerId, { country: 'vietnam', city: 'Hanoi' });
    const expected = [...created].sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1)).map((c) => c.id);

    const pages = [];
    for (const page of [1, 2, 3, 4]) {
      const { res, results } = await search(`country=thailand&page=${page}`);
      expect(res.statusCode).toBe(200);
      pages.push(results.map((r) => r.uuid));
    }
    expect(pages.map((p) => p.length)).toEqual([PAGE_SIZE, PAGE_SIZE, 1, 0]);
    expect(pages.flat()).toEqual(expected);
    // No page 0 shortcut: without a page the first page comes back.
    expect((await search('country=thailand')).results.map((r) => r.uuid)).toEqual(pages[0]);
  });

  it('never shows expired or unpublished jobs, and a job leaves the results when it expires', async () => {
    const now = t.clock.now();
    const fresh = await createPublishedJob(t, ownerId, {
      country: 'taiwan',
      city: 'Taipei',
      published_at: now - 44 * DAY,
    });
    await createPublishedJob(t, ownerId, { country: 'taiwan', city: 'Taipei', published_at: now - 46 * DAY });
    await createPublishedJob(t, ownerId, { country: 'taiwan', city: 'Tainan', published_at: null });

    expect((await search('country=taiwan')).results.map((r) => r.uuid)).toEqual([fresh]);
    expect(await (await t.inject({ method: 'GET', url: '/api/jobs/cities/taiwan' })).json()).toEqual([
      { city: 'Taipei', count: 1 },
    ]);

    t.clock.advance(2 * DAY);
    expect((await search('country=taiwan')).results).toEqual([]);
    t.clock.set(now);
  });

  it('answers only what a tile needs: never the description, the e-mail or the image list', async () => {
    await createPublishedJob(t, ownerId, {
      country: 'indonesia',
      city: 'Jakarta',
      description_html: '<p>SECRET-DESCRIPTION</p>',
      thumbnail: '/media/img/header.webp',
    });
    const { res, results } = await search('country=indonesia');
    expect(results).toHaveLength(1);
    expect(Object.keys(results[0]!).sort()).toEqual(TILE_KEYS);
    expect(res.body).not.toContain('SECRET-DESCRIPTION');
    expect(res.body).not.toContain('jobs@sunrise.example');
    expect(results[0]).toMatchObject({ companyName: 'Sunrise Academy', country: 'indonesia', city: 'Jakarta' });
    expect(typeof results[0]!.publishedDate).toBe('string');
  });

  it('lists the cities with live jobs and their counts, sorted by name', async () => {
    const now = t.clock.now();
    for (const city of ['Seoul', 'Busan', 'Seoul', 'Daegu', 'Seoul']) {
      await createPublishedJob(t, ownerId, { country: 'south-korea', city, published_at: now - 1000 });
    }
    await createPublishedJob(t, ownerId, { country: 'south-korea', city: 'Incheon', published_at: now - 50 * DAY });
    await createPublishedJob(t, ownerId, { country: 'japan', city: 'Tokyo' });
    const res = await t.inject({ method: 'GET', url: '/api/jobs/cities/south-korea' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { city: 'Busan', count: 1 },
      { city: 'Daegu', count: 1 },
      { city: 'Seoul', count: 3 },
    ]);
    expect((await t.inject({ method: 'GET', url: '/api/jobs/cities/china' })).json()).toEqual([]);
  });

  it.each([
    ['', 'country'],
    ['country=france', 'country'],
    ['country=South%20Korea', 'country'],
    ['country=japan&ageGroup=Babies', 'ageGroup'],
    ['country=japan&page=0', 'page'],
    ['country=japan&page=-1', 'page'],
    ['country=japan&page=abc', 'page'],
    ['country=japan&page=1.5', 'page'],
    ['country=japan&page=99999999999', 'page'],
    ['country=japan&page=1e3x', 'page'],
  ])('answers the malformed search %j with 400 and a message, never 500', async (query, field) => {
    const { res } = await search(query);
    expect(res.statusCode).toBe(400);
    const body = res.json() as { error: boolean; message: string; fields: Record<string, string> };
    expect(body.error).toBe(true);
    expect(body.message).toEqual(expect.any(String));
    expect(Object.keys(body.fields)).toContain(field);
  });

  it('refuses an unknown country in the cities call with 400', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/jobs/cities/france' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: true, message: expect.any(String) as string });
  });

  it('makes browsers and shared caches revalidate every search and city list (ETag), so a write shows at once', async () => {
    // Both answers change with any publication: nothing may reuse them without asking.
    const cities = await t.inject({ method: 'GET', url: '/api/jobs/cities/china' });
    expect(cities.headers['cache-control']).toBe('public, no-cache');
    expect(String(cities.headers.etag)).toMatch(/^W\/".+"$/);
    await createPublishedJob(t, ownerId, { country: 'china', city: 'Shanghai' });
    const first = await t.inject({ method: 'GET', url: '/api/filter-jobs?country=china&page=1' });
    expect(first.headers['cache-control']).toBe('public, no-cache');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    const again = await t.inject({
      method: 'GET',
      url: '/api/filter-jobs?country=china&page=1',
      headers: { 'if-none-match': etag },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A new job changes the answer and so its tag.
    await createPublishedJob(t, ownerId, { country: 'china', city: 'Beijing', published_at: t.clock.now() + 1 });
    const changed = await t.inject({
      method: 'GET',
      url: '/api/filter-jobs?country=china&page=1',
      headers: { 'if-none-match': etag },
    });
    expect(changed.statusCode).toBe(200);
    expect((changed.json() as { results: unknown[] }).results).toHaveLength(2);
  });
});
