// Search pages past PAGES_BY_OFFSET are read from the first job of each page (page-starts.ts): they
// must be exactly the pages an offset gives, whoever changed the jobs and however time moved on.
import { PAGE_SIZE, POSTING_LIFETIME_DAYS } from '@teacheast/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { createDb } from '../../db/create-db.js';
import { PAGES_BY_OFFSET } from './page-starts.js';

const DAY = 86_400_000;
const MINUTE = 60_000;
const LIFETIME = POSTING_LIFETIME_DAYS * DAY;
const JOBS = 180;
/** Jobs published in the same minute: five a minute, so page boundaries fall inside ties. */
const TIED = 5;
/** Past the last page of every filter below. */
const LAST_PAGE = 17;

interface Posted {
  id: string;
  publishedAt: number;
  city: string;
  ageGroup: string;
}

/** Newest first, the larger id first among jobs published at the same moment. */
function newestFirst(a: Posted, b: Posted): number {
  if (a.publishedAt !== b.publishedAt) return b.publishedAt - a.publishedAt;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}

const FILTERS: { query: string; matches: (job: Posted) => boolean }[] = [
  { query: '', matches: () => true },
  { query: '&city=Tokyo', matches: (j) => j.city === 'Tokyo' },
  { query: '&ageGroup=Children', matches: (j) => j.ageGroup === 'Children' },
  { query: '&city=Tokyo&ageGroup=Children', matches: (j) => j.city === 'Tokyo' && j.ageGroup === 'Children' },
  // Two pages only: its deep pages are past its end.
  { query: '&city=Osaka', matches: (j) => j.city === 'Osaka' },
];

describe(`deep search pages by key (${dialect})`, () => {
  let t: TestApp;
  let ownerId: string;
  /** Every job published in Japan, live or not. */
  const jobs: Posted[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t)).id;
  });
  afterAll(async () => t.close());

  async function publish(publishedAt: number, city: string, ageGroup: string): Promise<Posted> {
    const id = await createPublishedJob(t, ownerId, {
      country: 'japan',
      city,
      age_group: ageGroup,
      published_at: publishedAt,
    });
    const job = { id, publishedAt, city, ageGroup };
    jobs.push(job);
    return job;
  }

  /** Each filter's pages as an offset over the live jobs gives them. */
  function expectedPages(): Record<string, string[]> {
    const liveSince = t.clock.now() - LIFETIME;
    const live = jobs.filter((j) => j.publishedAt > liveSince).sort(newestFirst);
    const pages: Record<string, string[]> = {};
    for (const filter of FILTERS) {
      const ids = live.filter(filter.matches).map((j) => j.id);
      for (let page = 1; page <= LAST_PAGE; page++) {
        pages[`country=japan${filter.query}&page=${page}`] = ids.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);
      }
    }
    return pages;
  }

  async function searchPage(query: string): Promise<string[]> {
    const res = await t.inject({ method: 'GET', url: `/api/filter-jobs?${query}` });
    expect(res.statusCode, query).toBe(200);
    return res.json<{ results: { uuid: string }[] }>().results.map((r) => r.uuid);
  }

  /** Every page of every filter, as the API answers them now. */
  async function answeredPages(): Promise<Record<string, string[]>> {
    const pages: Record<string, string[]> = {};
    for (const query of Object.keys(expectedPages())) pages[query] = await searchPage(query);
    return pages;
  }

  it('answers every page of every filter as the offset would, through writes from anywhere and expiry', async () => {
    const now = t.clock.now();
    const oldest = now - 40 * DAY;
    for (let i = 0; i < JOBS; i++) {
      await publish(
        oldest + Math.floor(i / TIED) * MINUTE,
        i % 12 === 0 ? 'Osaka' : 'Tokyo',
        i % 9 === 0 ? 'Adults' : 'Children',
      );
    }
    // Never in the answers: another country, a draft, a posting that expired before the test began.
    await createPublishedJob(t, ownerId, { country: 'china', city: 'Beijing', published_at: now });
    await createPublishedJob(t, ownerId, { country: 'japan', published_at: null });
    await publish(now - LIFETIME - DAY, 'Tokyo', 'Children');

    // Every filter but Osaka's reaches past the offset pages, so its deep pages are read by key.
    const first = expectedPages();
    for (const filter of FILTERS.slice(0, 4)) {
      expect(first[`country=japan${filter.query}&page=${PAGES_BY_OFFSET + 2}`], filter.query).toHaveLength(PAGE_SIZE);
    }
    expect(first['country=japan&page=15']).toHaveLength(PAGE_SIZE);
    expect(first['country=japan&page=16']).toEqual([]);
    const answered = await answeredPages();
    expect(answered).toEqual(first);

    // A newer job moves every job one place down: page 12 starts with page 11's last job.
    await publish(now, 'Tokyo', 'Children');
    const afterPublish = await answeredPages();
    expect(afterPublish).toEqual(expectedPages());
    expect(afterPublish['country=japan&page=12']).toEqual([
      answered['country=japan&page=11']!.at(-1),
      ...answered['country=japan&page=12']!.slice(0, -1),
    ]);
    expect(afterPublish['country=japan&page=16']).toHaveLength(1);

    // Another instance, or an operator, moves the oldest live job to the top, behind this server's back.
    const other = createDb(t.config.databaseUrl);
    const moved = jobs
      .filter((j) => j.publishedAt > now - LIFETIME)
      .sort(newestFirst)
      .at(-1)!;
    try {
      moved.publishedAt = now + MINUTE;
      await sql`update jobs set published_at = ${moved.publishedAt} where id = ${moved.id}`.execute(other);
    } finally {
      await other.destroy();
    }
    const afterMove = await answeredPages();
    expect(afterMove).toEqual(expectedPages());
    expect(afterMove['country=japan&page=1']![0]).toBe(moved.id);
    expect(afterMove['country=japan&page=12']).toEqual([
      afterPublish['country=japan&page=11']!.at(-1),
      ...afterPublish['country=japan&page=12']!.slice(0, -1),
    ]);

    // Time alone: the three oldest minutes of jobs expire, with no write at all.
    t.clock.set(oldest + LIFETIME + 2 * MINUTE + MINUTE / 2);
    const afterExpiry = await answeredPages();
    const expected = expectedPages();
    expect(afterExpiry).toEqual(expected);
    // The first three minutes' jobs but the one moved to the top, and the one expired from the start.
    expect(jobs.filter((j) => j.publishedAt <= t.clock.now() - LIFETIME)).toHaveLength(3 * TIED);
    expect(afterExpiry['country=japan&page=14']!.length).toBeGreaterThan(0);
    expect(afterExpiry['country=japan&page=15']).toEqual([]);
    expect(afterExpiry['country=japan&page=16']).toEqual([]);
  });

  it('answers an empty page far past the end, and for a city with no jobs', async () => {
    expect(await searchPage('country=japan&page=400')).toEqual([]);
    expect(await searchPage(`country=japan&city=Kyoto&page=${PAGES_BY_OFFSET + 1}`)).toEqual([]);
    expect(await searchPage(`country=vietnam&page=${PAGES_BY_OFFSET + 1}`)).toEqual([]);
  });
});
