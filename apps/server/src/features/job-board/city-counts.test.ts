// The search page's city counts are kept per country (city-counts.ts): they must always be the counts
// the database gives now, whoever wrote and however time moved on.
import { POSTING_LIFETIME_DAYS } from '@teacheast/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { createDb } from '../../db/create-db.js';

const DAY = 86_400_000;
const LIFETIME = POSTING_LIFETIME_DAYS * DAY;

describe(`city counts (${dialect})`, () => {
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t)).id;
  });
  afterAll(async () => t.close());

  const counts = async (country = 'japan') => {
    const res = await t.inject({ method: 'GET', url: `/api/jobs/cities/${country}` });
    expect(res.statusCode).toBe(200);
    return res.json<{ city: string; count: number }[]>();
  };

  it('counts again after a write from anywhere, and when the oldest live posting expires', async () => {
    const now = t.clock.now();
    const oldest = await createPublishedJob(t, ownerId, {
      country: 'japan',
      city: 'Osaka',
      published_at: now - LIFETIME + DAY,
    });
    await createPublishedJob(t, ownerId, { country: 'japan', city: 'Osaka', published_at: now - 2 * DAY });
    const tokyo = await createPublishedJob(t, ownerId, { country: 'japan', city: 'Tokyo', published_at: now - DAY });
    await createPublishedJob(t, ownerId, { country: 'japan', city: 'Kyoto', published_at: null });
    await createPublishedJob(t, ownerId, { country: 'china', city: 'Beijing', published_at: now });
    expect(await counts()).toEqual([
      { city: 'Osaka', count: 2 },
      { city: 'Tokyo', count: 1 },
    ]);
    // Asked again with nothing changed: the same answer.
    const again = await counts();
    expect(again).toEqual([
      { city: 'Osaka', count: 2 },
      { city: 'Tokyo', count: 1 },
    ]);

    // Another instance, or an operator, moves a job to Kyoto behind this server's back.
    const other = createDb(t.config.databaseUrl);
    try {
      await sql`update jobs set city = ${'Kyoto'} where id = ${tokyo}`.execute(other);
    } finally {
      await other.destroy();
    }
    expect(await counts()).toEqual([
      { city: 'Kyoto', count: 1 },
      { city: 'Osaka', count: 2 },
    ]);
    expect(await counts('china')).toEqual([{ city: 'Beijing', count: 1 }]);

    // Time alone: the oldest Osaka posting expires, with no write at all.
    t.clock.set(now + DAY);
    expect(await counts()).toEqual([
      { city: 'Kyoto', count: 1 },
      { city: 'Osaka', count: 1 },
    ]);
    expect(oldest).toBeTruthy();
  });
});
