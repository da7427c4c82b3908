import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../harness.js';

describe(`the short-lived response cache (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RESPONSE_CACHE_MS: '60000' } });
  });
  afterAll(async () => t.close());

  const search = () => t.inject({ method: 'GET', url: '/api/filter-jobs?country=vietnam&page=1' });

  it('reuses a public answer, and any write through the server empties it', async () => {
    const owner = await createUser(t);
    await createPublishedJob(t, owner.id, { country: 'vietnam', city: 'Hanoi' });
    const first = await search();
    expect(first.json<{ results: unknown[] }>().results).toHaveLength(1);
    // Written behind the server's back: the cached answer is reused while it lives.
    const second = await createPublishedJob(t, owner.id, { country: 'vietnam', city: 'Hanoi' });
    const cached = await search();
    expect(cached.body).toBe(first.body);
    expect(cached.headers['etag']).toBe(first.headers['etag']);
    expect(cached.headers['content-security-policy']).toBeDefined();
    // Any successful write through this server clears it.
    const fan = await createUser(t);
    await t.inject({ method: 'POST', url: `/api/favorites/${fan.id}/${second}`, headers: fan.auth });
    expect((await search()).json<{ results: unknown[] }>().results).toHaveLength(2);
  });

  it('answers 304 from the cache when the ETag matches', async () => {
    const first = await search();
    const again = await t.inject({
      method: 'GET',
      url: '/api/filter-jobs?country=vietnam&page=1',
      headers: { 'if-none-match': String(first.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });

  it('keeps visit counters from emptying it', async () => {
    const before = await search();
    const owner = await createUser(t);
    const jobId = await createPublishedJob(t, owner.id, { country: 'vietnam', city: 'Hanoi' });
    await t.inject({ method: 'POST', url: '/api/job/clicks', payload: { uuid: jobId } });
    expect((await search()).body).toBe(before.body);
  });

  it("never serves one session's private answer to another caller", async () => {
    const owner = await createUser(t);
    const draft = await createPublishedJob(t, owner.id, { published_at: null });
    const mine = await t.inject({ method: 'GET', url: `/api/job/${draft}`, headers: owner.auth });
    expect(mine.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/job/${draft}` })).statusCode).toBe(404);
    const other = await createUser(t);
    expect((await t.inject({ method: 'GET', url: `/api/job/${draft}`, headers: other.auth })).statusCode).toBe(404);
  });
});
