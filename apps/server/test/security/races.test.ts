// Races on money and counts that the feature tests don't already run at this scale: one payment
// confirmed ten times at once, and fifty concurrent save/unsave calls on one job.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../harness.js';

describe(`races (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('credits one test-mode payment once when it is confirmed ten times at once', async () => {
    const user = await createUser(t);
    const intent = await t.inject({
      method: 'POST',
      url: '/api/payments-jobs/',
      headers: user.auth,
      payload: { quantity: 'five', userUuid: user.id },
    });
    const secret = (intent.json() as { client_secret: string }).client_secret;
    const card = { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' };
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.inject({
          method: 'POST',
          url: '/api/test-payments/confirm',
          headers: user.auth,
          payload: { client_secret: secret, card },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    const credits = await t.inject({ method: 'GET', url: `/api/credits/${user.id}`, headers: user.auth });
    expect(credits.json()).toEqual({ credits: 5 });
    const ledger = await t.db.selectFrom('credit_ledger').selectAll().where('user_id', '=', user.id).execute();
    expect(ledger).toHaveLength(1);
  });

  it('keeps favourites and save counts consistent under fifty concurrent saves and unsaves', async () => {
    const owner = await createUser(t);
    const jobId = await createPublishedJob(t, owner.id);
    const savers = await Promise.all(Array.from({ length: 10 }, () => createUser(t)));
    const calls = Array.from({ length: 50 }, (_, i) => {
      const user = savers[i % savers.length]!;
      const remove = i % 3 === 2;
      return t.inject({
        method: 'POST',
        url: `/api/favorites/${remove ? 'remove/' : ''}${user.id}/${jobId}`,
        headers: user.auth,
      });
    });
    const results = await Promise.all(calls);
    expect(results.map((r) => r.statusCode).filter((s) => s !== 200)).toEqual([]);

    const favorites = await t.db.selectFrom('favorites').select('user_id').where('job_id', '=', jobId).execute();
    const unique = new Set(favorites.map((f) => f.user_id));
    expect(unique.size).toBe(favorites.length);
    const job = await t.inject({ method: 'GET', url: `/api/job/${jobId}` });
    expect([...(job.json() as { job: { favoritedBy: string[] } }).job.favoritedBy].sort()).toEqual([...unique].sort());
    const metrics = await t.inject({ method: 'GET', url: `/api/job/metrics/${jobId}`, headers: owner.auth });
    const m = metrics.json() as { favoritedBy: number; daily: { saves: number }[] };
    expect(m.favoritedBy).toBe(unique.size);
    // The daily save counts add up to the saves that remain.
    expect(m.daily.reduce((n, d) => n + d.saves, 0)).toBe(unique.size);
  });
});
