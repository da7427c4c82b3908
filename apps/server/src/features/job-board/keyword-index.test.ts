// The keyword index kept in the process must answer every search it takes exactly as the database's own
// index does (keyword-repo.ts), and must never answer once a write has changed what it holds.
import { AGE_GROUPS, parseKeywords } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../demo/factories.js';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { FTS5_TOKENIZE } from '../../db/search-tokens.js';
import { liveSince } from '../jobs/lifecycle.js';
import { findSearchPage, keywordIndexSize, refreshKeywordIndex } from './kept-keyword-index.js';
import { findLiveJobTilesByKeywords } from './keyword-repo.js';
import { findLiveJobTilesJson } from './repo.js';
import { toJobTile } from '../jobs/presenters.js';

/** A seeded generator (so a failure can be replayed); `int(n)` is below n. */
function random(seed: number) {
  const r = createRandom(seed);
  return { pick: r.pick, int: (n: number) => r.int(0, n - 1) };
}

// Word forms the stemmer folds together (teach/teaching/teacher…), prefixes of one another, and
// accented ones: what separates a faithful index from a nearly faithful one.
const VOCABULARY = [
  'teach',
  'teacher',
  'teachers',
  'teaching',
  'business',
  'businesses',
  'kindergarten',
  'kinder',
  'school',
  'schools',
  'english',
  'weekend',
  'weekends',
  'housing',
  'visa',
  'Đà',
  'Nẵng',
  'café',
  'university',
  'universal',
  'connect',
  'connection',
  'connected',
  'math',
  'mathematics',
  'science',
  'camp',
  'summer',
  'phonics',
  'no',
  '2026',
  'e-learning',
];
const CITIES: Record<string, string[]> = { vietnam: ['Hanoi', 'Da Nang'], japan: ['Tokyo', 'Osaka'] };
const DAY = 86_400_000;

describe(`the kept keyword index (${dialect})`, () => {
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t)).id;
    const r = random(7);
    const words = (n: number) => Array.from({ length: n }, () => r.pick(VOCABULARY)).join(' ');
    const now = t.clock.now();
    for (let i = 0; i < 160; i++) {
      const country = i % 3 === 0 ? 'japan' : 'vietnam';
      await createPublishedJob(t, ownerId, {
        country,
        city: r.pick(CITIES[country]!),
        age_group: r.pick(AGE_GROUPS),
        company_name: `${r.pick(['Sunrise', 'Lotus', 'Maple'])} ${words(1)}`,
        title: r.int(4) === 0 ? '' : words(1 + r.int(3)),
        description_html: `<p>${words(3 + r.int(12))}</p><p>${words(r.int(6))} &amp; more</p>`,
        // A few share a moment, so the id decides their order; some have expired.
        published_at: now - (r.int(4) === 0 ? 5000 : r.int(60) * DAY + r.int(1000)),
      });
    }
  });
  afterAll(async () => t.close());

  const live = () => liveSince(t.clock.now());

  async function both(q: string, filter: { country: string; city?: string; ageGroup?: string }, page: number) {
    const keywords = parseKeywords(q)!;
    const found = await findSearchPage(
      t.db,
      { ...filter, liveSince: live(), offset: (page - 1) * 12, limit: 12 },
      keywords,
    );
    const rows = await findLiveJobTilesByKeywords(t.db, { ...filter, liveSince: live(), page }, keywords);
    return {
      kept: found?.map((job) => job.id) ?? null,
      database: rows.map((row) => row.id),
      keptTiles: found?.map((job) => JSON.parse(job.tile) as unknown) ?? null,
      databaseTiles: rows.map((row) => toJobTile(row)),
    };
  }

  it('is made with the tokenizer of jobs_fts', async () => {
    if (dialect !== 'sqlite') return;
    const table = await t.db
      .selectFrom('sqlite_master' as never)
      .select('sql' as never)
      .where('name' as never, '=', 'jobs_fts' as never)
      .executeTakeFirstOrThrow();
    expect((table as { sql: string }).sql).toContain(FTS5_TOKENIZE);
  });

  /** 400 random searches, each answered alike by the kept index and the database; how many the index took. */
  async function expectRandomSearchesAgree(seed: number): Promise<{ answered: number; nonEmpty: number }> {
    const r = random(seed);
    let answered = 0;
    let nonEmpty = 0;
    for (let i = 0; i < 400; i++) {
      const parts = Array.from({ length: 1 + r.int(3) }, () => r.pick(VOCABULARY));
      if (r.int(4) === 0) parts.push(`-${r.pick(VOCABULARY)}`);
      // The last word is a prefix unless a space follows it; sometimes cut short.
      let q = parts.join(' ');
      if (r.int(3) === 0) q = q.slice(0, -1 - r.int(3));
      if (r.int(4) === 0) q += ' ';
      if (parseKeywords(q) === null) continue;
      const country = r.pick(['vietnam', 'japan']);
      const filter = {
        country,
        ...(r.int(4) === 0 ? { city: r.pick(CITIES[country]!) } : {}),
        ...(r.int(4) === 0 ? { ageGroup: r.pick(AGE_GROUPS) } : {}),
      };
      const page = 1 + (r.int(3) === 0 ? r.int(3) : 0);
      const { kept, database, keptTiles, databaseTiles } = await both(q, filter, page);
      if (kept === null) continue;
      answered++;
      if (database.length > 0) nonEmpty++;
      expect([q, filter, page, kept]).toEqual([q, filter, page, database]);
      expect(keptTiles).toEqual(databaseTiles);
    }
    return { answered, nonEmpty };
  }

  /** Every page of every plain filter of the two countries, alike tile for tile; how many pages held jobs. */
  async function expectPlainPagesAgree(countries: string[]): Promise<number> {
    let nonEmpty = 0;
    for (const country of countries) {
      const filters = [
        {},
        ...(CITIES[country] ?? []).map((city) => ({ city })),
        ...AGE_GROUPS.map((ageGroup) => ({ ageGroup })),
        { city: CITIES[country]?.[0] ?? 'Bangkok', ageGroup: 'Children' },
      ];
      for (const filter of filters) {
        for (let page = 1; page <= 6; page++) {
          const found = await findSearchPage(
            t.db,
            { country, ...filter, liveSince: live(), offset: (page - 1) * 12, limit: 12 },
            null,
          );
          const database = await findLiveJobTilesJson(t.db, { country, ...filter, liveSince: live(), page });
          if (database.length > 0) nonEmpty++;
          expect([country, filter, page, found?.map((job) => job.tile)]).toEqual([country, filter, page, database]);
        }
      }
    }
    return nonEmpty;
  }

  it('answers 400 random searches exactly as the database does', async () => {
    await refreshKeywordIndex(t.db, live());
    const { answered, nonEmpty } = await expectRandomSearchesAgree(11);
    // Most searches are single words or prefixes the index takes; phrases go to the database.
    expect(answered).toBeGreaterThan(300);
    expect(nonEmpty).toBeGreaterThan(150);
  });

  it('answers plain searches, every page of every filter, as the database does, tile for tile', async () => {
    await refreshKeywordIndex(t.db, live());
    expect(await expectPlainPagesAgree(['vietnam', 'japan', 'thailand'])).toBeGreaterThan(20);
  });

  it('ranks title and school hits above description hits, as the database does, across pages', async () => {
    await refreshKeywordIndex(t.db, live());
    for (const q of ['teacher', 'school english', 'business teach', 'connection kinder']) {
      for (const page of [1, 2, 3]) {
        const { kept, database } = await both(q, { country: 'vietnam' }, page);
        expect([q, page, kept]).toEqual([q, page, database]);
      }
    }
  });

  it('leaves phrases, and words the database splits, to the database', async () => {
    await refreshKeywordIndex(t.db, live());
    expect((await both('"no weekends"', { country: 'vietnam' }, 1)).kept).toBeNull();
    expect((await both('e-learning', { country: 'vietnam' }, 1)).kept).toBeNull();
    expect((await both('-"summer camp"', { country: 'vietnam' }, 1)).kept).toBeNull();
  });

  it('does not answer after a write until it is refreshed, then answers with the write', async () => {
    await refreshKeywordIndex(t.db, live());
    expect((await both('phonics', { country: 'japan' }, 1)).kept).not.toBeNull();

    const id = await createPublishedJob(t, ownerId, {
      country: 'japan',
      company_name: 'Zebra Academy',
      title: 'Phonics Lead',
      published_at: t.clock.now(),
    });
    expect((await both('phonics', { country: 'japan' }, 1)).kept).toBeNull();
    // Only Japan's index is behind: the other countries' go on answering, as the database does.
    const elsewhere = await both('teach', { country: 'vietnam' }, 1);
    expect(elsewhere.kept).not.toBeNull();
    expect(elsewhere.kept).toEqual(elsewhere.database);
    await refreshKeywordIndex(t.db, live());
    const afterInsert = await both('phonics', { country: 'japan' }, 1);
    expect(afterInsert.kept?.[0]).toBe(id);
    expect(afterInsert.kept).toEqual(afterInsert.database);

    // An edit by anyone, straight in the database: the old word no longer finds it.
    await t.db.updateTable('jobs').set({ search_title: 'zoology lead' }).where('id', '=', id).execute();
    expect((await both('zoology', { country: 'japan' }, 1)).kept).toBeNull();
    await refreshKeywordIndex(t.db, live());
    expect((await both('zoology', { country: 'japan' }, 1)).kept).toEqual([id]);
    expect((await both('phonics', { country: 'japan' }, 1)).kept).not.toContain(id);

    // Moved to another country, then taken away: both countries' indexes are behind until refreshed.
    await t.db.updateTable('jobs').set({ country: 'vietnam' }).where('id', '=', id).execute();
    expect((await both('zoology', { country: 'japan' }, 1)).kept).toBeNull();
    expect((await both('zoology', { country: 'vietnam' }, 1)).kept).toBeNull();
    await refreshKeywordIndex(t.db, live());
    expect((await both('zoology', { country: 'japan' }, 1)).kept).toEqual([]);
    expect((await both('zoology', { country: 'vietnam' }, 1)).kept).toEqual([id]);
    await t.db.deleteFrom('jobs').where('id', '=', id).execute();
    await refreshKeywordIndex(t.db, live());
    expect((await both('zoology', { country: 'vietnam' }, 1)).kept).toEqual([]);
  });

  it('lays the jobs written since it was made over it, and answers every search as a fresh index would', async () => {
    await refreshKeywordIndex(t.db, live());
    const r = random(19);
    const words = (n: number) => Array.from({ length: n }, () => r.pick(VOCABULARY)).join(' ');
    const now = t.clock.now();
    const liveIds = async () =>
      (await t.db.selectFrom('jobs').select('id').where('published_at', '>', live()).orderBy('id').execute()).map(
        (row) => row.id,
      );
    /** One write of every kind a job meets, on jobs drawn at random, `n` times. */
    async function writeAtRandom(n: number) {
      for (let i = 0; i < n; i++) {
        const ids = await liveIds();
        const id = r.pick(ids);
        const edit = (
          set: Partial<{
            title: string;
            search_title: string;
            search_body: string;
            country: string;
            city: string;
            age_group: string;
            published_at: number | null;
          }>,
        ) => t.db.updateTable('jobs').set(set).where('id', '=', id).execute();
        switch (r.int(8)) {
          case 0:
          case 1: {
            const title = words(1 + r.int(3));
            await edit({ title, search_title: title.toLowerCase() });
            break;
          }
          case 2:
            await edit({ search_body: words(4 + r.int(8)).toLowerCase() });
            break;
          case 3: {
            const country = r.pick(['vietnam', 'japan']);
            await edit({ country, city: r.pick(CITIES[country]!), age_group: r.pick(AGE_GROUPS) });
            break;
          }
          case 4:
            // Published again, or taken down (its moment moved into the past).
            await edit({ published_at: r.int(2) === 0 ? now - r.int(100) : now - 90 * DAY });
            break;
          case 5:
            await edit({ published_at: null });
            break;
          case 6:
            await t.db.deleteFrom('jobs').where('id', '=', id).execute();
            break;
          default: {
            // A new job, at a moment among the others' (a clock that was behind), or now.
            const country = r.pick(['vietnam', 'japan']);
            await createPublishedJob(t, ownerId, {
              country,
              city: r.pick(CITIES[country]!),
              age_group: r.pick(AGE_GROUPS),
              company_name: `${r.pick(['Sunrise', 'Lotus', 'Maple'])} ${words(1)}`,
              title: words(1 + r.int(3)),
              description_html: `<p>${words(3 + r.int(12))}</p>`,
              published_at: r.int(2) === 0 ? now : now - r.int(50) * DAY,
            });
          }
        }
      }
    }

    await writeAtRandom(40);
    await refreshKeywordIndex(t.db, live());
    const laid = keywordIndexSize(t.db);
    expect(laid.get('vietnam')?.changed).toBeGreaterThan(0);
    expect(laid.get('japan')?.changed).toBeGreaterThan(0);
    const first = await expectRandomSearchesAgree(23);
    expect(first.answered).toBeGreaterThan(300);
    expect(await expectPlainPagesAgree(['vietnam', 'japan'])).toBeGreaterThan(10);

    // Written again, the same jobs among others: what lay over the index is replaced, not added to.
    await writeAtRandom(40);
    await refreshKeywordIndex(t.db, live());
    expect(keywordIndexSize(t.db).get('vietnam')?.changed).toBeGreaterThan(0);
    expect((await expectRandomSearchesAgree(29)).answered).toBeGreaterThan(300);
    await expectPlainPagesAgree(['vietnam', 'japan']);

    // When the feed no longer reaches back to the index, the country is indexed anew.
    await writeAtRandom(10);
    for (const country of ['vietnam', 'japan']) {
      await createPublishedJob(t, ownerId, { country, city: CITIES[country]![0], title: words(2), published_at: now });
    }
    await t.db.deleteFrom('job_changes').execute();
    await refreshKeywordIndex(t.db, live());
    expect(keywordIndexSize(t.db).get('vietnam')?.changed).toBe(0);
    expect(keywordIndexSize(t.db).get('japan')?.changed).toBe(0);
    expect((await expectRandomSearchesAgree(31)).answered).toBeGreaterThan(300);
    await expectPlainPagesAgree(['vietnam', 'japan']);
  });

  it('lets postings expire without a write, and does not answer for a moment before its refresh', async () => {
    const madeAt = live();
    await refreshKeywordIndex(t.db, madeAt);
    const allPages = async () => {
      const pages = await Promise.all([1, 2, 3, 4, 5, 6].map((page) => both('teach', { country: 'vietnam' }, page)));
      return { kept: pages.flatMap((p) => p.kept ?? ['none']), database: pages.flatMap((p) => p.database) };
    };
    // And with no keywords: a country's pages are cut where its live jobs end.
    const plainPages = async () => {
      const pages = [1, 2, 3, 4, 5, 6, 7, 8];
      const kept = await Promise.all(
        pages.map((page) =>
          findSearchPage(t.db, { country: 'vietnam', liveSince: live(), offset: (page - 1) * 12, limit: 12 }, null),
        ),
      );
      const database = await Promise.all(
        pages.map((page) => findLiveJobTilesJson(t.db, { country: 'vietnam', liveSince: live(), page })),
      );
      return { kept: kept.flatMap((found) => found?.map((job) => job.tile) ?? ['none']), database: database.flat() };
    };
    const before = await allPages();
    expect(before.kept).toEqual(before.database);
    const plainBefore = await plainPages();
    expect(plainBefore.kept).toEqual(plainBefore.database);
    t.clock.advance(30 * DAY);
    const later = await allPages();
    expect(later.kept).toEqual(later.database);
    expect(later.kept.length).toBeLessThan(before.kept.length);
    const plainLater = await plainPages();
    expect(plainLater.kept).toEqual(plainLater.database);
    expect(plainLater.kept.length).toBeLessThan(plainBefore.kept.length);
    expect(plainLater.kept.length).toBeGreaterThan(0);
    // A search for a moment before the index was made cannot be answered from it.
    const earlier = { country: 'vietnam', liveSince: madeAt - DAY, offset: 0, limit: 12 };
    expect(await findSearchPage(t.db, earlier, parseKeywords('teach')!)).toBeNull();
  });

  it('serves the route: a search through HTTP answers what the index finds', async () => {
    await refreshKeywordIndex(t.db, live());
    const res = await t.inject({ method: 'GET', url: '/api/filter-jobs?country=vietnam&q=school%20teach&page=1' });
    expect(res.statusCode).toBe(200);
    const ids = (res.json() as { results: { uuid: string }[] }).results.map((r) => r.uuid);
    const { kept } = await both('school teach', { country: 'vietnam' }, 1);
    expect(kept).not.toBeNull();
    expect(ids).toEqual(kept);
    expect(keywordIndexSize(t.db).get('vietnam')?.jobs).toBeGreaterThan(0);
  });
});
