// The tiles the database writes as JSON for the plain searches (repo.ts tileJson) against the API's
// own presenter (toJobTile) and answer schema, on both databases, with text that JSON must escape:
// both made from the job field table (db/job-fields.ts), whose every tile column is written here.
import { JobSearchAnswerSchema, PAGE_SIZE } from '@teacheast/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { HOSTILE_TEXT } from '../../../test/hostile-text.js';
import { createDb } from '../../db/create-db.js';
import { TILE_WRITTEN_FIELDS } from '../../db/job-fields.js';
import { TILE_COLUMNS, toJobTile } from '../jobs/presenters.js';
import { PAGES_BY_OFFSET } from './page-starts.js';

describe(`tiles written by the ${dialect} database`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const owner = await createUser(t);
    const base = t.clock.now() - 86_400_000;
    // Milliseconds that need padding (7 → .007), none (0 → .000), and all three digits.
    const millis = [7, 0, 999, 40, 123];
    for (let i = 0; i < (PAGES_BY_OFFSET + 1) * PAGE_SIZE + 3; i++) {
      const text = HOSTILE_TEXT[i % HOSTILE_TEXT.length]!;
      await createPublishedJob(t, owner.id, {
        country: 'vietnam',
        city: i % 2 ? 'Da Nang' : 'Hanoi',
        title: i % 3 ? text.slice(0, 80) : '',
        company_name: `${text} ${i}`.slice(0, 120),
        published_at: base - i * 60_000 - (base % 1000) + millis[i % millis.length]!,
        thumbnail: i % 4 ? `/media/img/${i}-tile.webp` : null,
      });
    }
  });
  afterAll(async () => t.close());

  async function presented(page: number, city?: string, country = 'vietnam') {
    let rows = t.db
      .selectFrom('jobs')
      .select(TILE_COLUMNS)
      .where('country', '=', country)
      .where('published_at', 'is not', null);
    if (city) rows = rows.where('city', '=', city);
    const all = await rows.orderBy('published_at', 'desc').orderBy('id', 'desc').execute();
    return all.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE).map(toJobTile);
  }

  it('are the presenter’s tiles, by offset and by key, with and without a filter', async () => {
    for (const page of [1, 2, PAGES_BY_OFFSET, PAGES_BY_OFFSET + 1, PAGES_BY_OFFSET + 2]) {
      for (const city of [undefined, 'Hanoi']) {
        const query = `country=vietnam&page=${page}${city ? `&city=${encodeURIComponent(city)}` : ''}`;
        const res = await t.inject({ method: 'GET', url: `/api/filter-jobs?${query}` });
        expect(res.statusCode).toBe(200);
        expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
        const answer = JobSearchAnswerSchema.strict().parse(res.json());
        expect(answer.results, query).toEqual(await presented(page, city));
      }
    }
  });

  it('write every character of the text back as it was stored', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/filter-jobs?country=vietnam&page=1' });
    const names = res.json<{ results: { companyName: string }[] }>().results.map((r) => r.companyName);
    for (const text of HOSTILE_TEXT.slice(0, 3)) expect(names.some((n) => n.startsWith(text))).toBe(true);
  });

  it('follow a write of each tile column of the field table, by anyone', async () => {
    const first = (await t.inject({ method: 'GET', url: '/api/filter-jobs?country=vietnam&page=1' })).json<{
      results: { uuid: string }[];
    }>().results[0]!;
    // Another instance or an operator, straight to the database, one column at a time; the id, the
    // key every other table refers to, is never rewritten. Short values: some columns hold 8 characters.
    const columns = TILE_WRITTEN_FIELDS.filter(([, column]) => column !== 'id');
    // A JSON column (the contract sheet's, db/job-terms.ts) holds JSON: its value as written and as read.
    const jsonValues: Record<string, unknown> = {
      tile_salary: { currency: 'USD', min: 9, max: null, period: 'hour' },
      tile_badges: ['visa'],
      tile_school: { slug: 'ab', name: 'AB', kind: 'recruiter', verified: false },
    };
    const other = createDb(t.config.databaseUrl);
    // Its country moves it to another country's search.
    let country = 'vietnam';
    try {
      for (const [i, [, column, json]] of columns.entries()) {
        const read = json ? jsonValues[column] : column === 'country' ? 'japan' : `"\\q${i}`;
        expect(read, column).toBeDefined();
        const value = json ? JSON.stringify(read) : read;
        if (column === 'country') country = 'japan';
        await sql`update jobs set ${sql.id(column)} = ${value} where id = ${first.uuid}`.execute(other);
        const res = await t.inject({ method: 'GET', url: `/api/filter-jobs?country=${country}&page=1` });
        const tile = res.json<{ results: Record<string, unknown>[] }>().results.find((r) => r.uuid === first.uuid);
        expect(tile, column).toEqual((await presented(1, undefined, country)).find((r) => r.uuid === first.uuid));
        expect(Object.values(tile!), column).toContainEqual(read);
      }
    } finally {
      await other.destroy();
    }
  });
});
