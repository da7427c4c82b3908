// The answer cache kept by version (http/response-cache.ts, http/answer-versions.ts): an answer is
// served again only at the version it was made at, so a write makes stale exactly the answers it
// changes, whoever wrote it: the instance that took the write at once, every other instance from its
// next event-loop turn (the requests of one turn share a version read), with nothing sent between them.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { POSTING_LIFETIME_MS } from '../../src/features/jobs/lifecycle.js';
import { registerResponseCache } from '../../src/http/response-cache.js';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../harness.js';

const MINUTE = 60_000;

/** Lets the event loop finish its turn: the versions its requests shared are read again after it. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Tiles {
  results: { uuid?: string; id?: string }[];
}

describe(`the answer cache kept by version (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RESPONSE_CACHE_MS: '60000' } });
  });
  afterAll(async () => t.close());

  const search = (country: string) => t.inject({ method: 'GET', url: `/api/filter-jobs?country=${country}&page=1` });
  const count = async (country: string) => (await search(country)).json<Tiles>().results.length;

  /**
   * A job about to expire: the test clock passing its end changes the list without moving any version,
   * so whether the list still shows it tells a kept answer from one made again.
   */
  const witness = async (ownerId: string, country: string) =>
    createPublishedJob(t, ownerId, { country, published_at: t.clock.now() - POSTING_LIFETIME_MS + MINUTE });

  it('keeps a list while no job changes: a save moves only its posting, and the posting is answered anew', async () => {
    const owner = await createUser(t);
    await witness(owner.id, 'vietnam');
    const live = await createPublishedJob(t, owner.id, { country: 'vietnam' });
    expect(await count('vietnam')).toBe(2);
    const posting = await t.inject({ method: 'GET', url: `/api/job/${live}` });
    expect(posting.json<{ job: { favoritedBy: string[] } }>().job.favoritedBy).toEqual([]);
    t.clock.advance(2 * MINUTE); // the witness has expired: an answer made now would not show it
    const fan = await createUser(t);
    const saved = await t.inject({ method: 'POST', url: `/api/favorites/${fan.id}/${live}`, headers: fan.auth });
    expect(saved.statusCode).toBe(200);
    expect(await count('vietnam')).toBe(2); // kept: a save changes no list
    const after = await t.inject({ method: 'GET', url: `/api/job/${live}` });
    expect(after.json<{ job: { favoritedBy: string[] } }>().job.favoritedBy).toEqual([fan.id]);
  });

  it('makes a list stale when any job changes, written behind the server by any instance or command', async () => {
    const owner = await createUser(t);
    await witness(owner.id, 'thailand');
    await createPublishedJob(t, owner.id, { country: 'thailand' });
    expect(await count('thailand')).toBe(2);
    t.clock.advance(2 * MINUTE);
    expect(await count('thailand')).toBe(2); // kept
    // Another instance, as the cluster runs it: the same database, a cache of its own.
    const other = await buildApp(t.deps);
    try {
      const otherCount = async () =>
        (await other.inject({ method: 'GET', url: '/api/filter-jobs?country=thailand&page=1' })).json<Tiles>().results
          .length;
      expect(await otherCount()).toBe(1);
      await createPublishedJob(t, owner.id, { country: 'thailand' }); // a command, neither instance
      await nextTurn();
      expect(await count('thailand')).toBe(2); // the witness gone, the new job in
      expect(await otherCount()).toBe(2);
    } finally {
      await other.close();
    }
  });

  it('answers 304 from the cache when the ETag matches', async () => {
    const first = await search('vietnam');
    const again = await t.inject({
      method: 'GET',
      url: '/api/filter-jobs?country=vietnam&page=1',
      headers: { 'if-none-match': String(first.headers['etag']) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers['content-security-policy']).toBeDefined();
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

  it('ends a per-session answer with its session: after logging out, the token sees what anyone sees', async () => {
    const owner = await createUser(t);
    const draft = await createPublishedJob(t, owner.id, { published_at: null });
    const read = () => t.inject({ method: 'GET', url: `/api/job/${draft}`, headers: owner.auth });
    expect((await read()).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(200);
    expect((await t.inject({ method: 'POST', url: '/api/logout', headers: owner.auth })).statusCode).toBe(200);
    expect((await read()).statusCode).toBe(404);
  });
});

describe(`the answer cache's version, read before the answer is made (${dialect})`, () => {
  it('does not serve an answer read while a write went through', async () => {
    let value = 'before';
    let version = 1;
    /** While set, the handler reads the value, says so, and answers once released. */
    let held: { entered: () => void; released: Promise<void> } | null = null;
    const hold = () => {
      let release = () => {};
      let entered = () => {};
      const inHandler = new Promise<void>((resolve) => (entered = resolve));
      held = { entered, released: new Promise<void>((resolve) => (release = resolve)) };
      return { inHandler, release };
    };
    const app = Fastify();
    registerResponseCache(app, {} as never, { ttlMs: 60_000, versions: { '/value': async () => String(version) } });
    app.get('/value', { config: { cache: 'public' } }, async () => {
      const read = value; // read before the write…
      const gate = held;
      held = null;
      gate?.entered();
      await gate?.released; // …answered after it
      return { value: read };
    });
    await app.ready();
    const slow = hold();
    const answer = app.inject({ url: '/value' });
    await slow.inHandler;
    value = 'after'; // the write, and the version the database moves with it
    version++;
    slow.release();
    expect((await answer).json()).toEqual({ value: 'before' }); // sent as it was read
    const reads: string[] = [];
    for (let i = 0; i < 2; i++) reads.push((await app.inject({ url: '/value' })).json<{ value: string }>().value);
    expect(reads).toEqual(['after', 'after']); // never served again
    value = 'changed behind the cache, version unmoved';
    expect((await app.inject({ url: '/value' })).json()).toEqual({ value: 'after' }); // kept at its version
    await app.close();
  });

  it("shares one version read among a turn's requests, reads again the next turn, and forgets it on a write", async () => {
    let version = 1;
    let reads = 0;
    const app = Fastify();
    registerResponseCache(app, {} as never, {
      ttlMs: 60_000,
      versions: { '/value': (_deps, _request, turn) => turn.get('value', async () => (reads++, String(version))) },
    });
    app.get('/value', { config: { cache: 'public' } }, async () => ({ version }));
    app.post('/write', async () => ((version += 1), { ok: true }));
    await app.ready();
    const answers = await Promise.all(Array.from({ length: 5 }, () => app.inject({ url: '/value' })));
    expect(answers.map((a) => a.json<{ version: number }>())).toEqual(Array(5).fill({ version: 1 }));
    expect(reads).toBe(1); // five requests in one turn, one read
    await nextTurn();
    await app.inject({ url: '/value' });
    expect(reads).toBe(2); // a new turn reads again
    // A write through this instance, then its writer's read at once: the shared read is forgotten.
    const [written, after] = await Promise.all([
      app.inject({ method: 'POST', url: '/write' }),
      app.inject({ url: '/value' }).then(() => app.inject({ url: '/value' })),
    ]);
    expect(written.statusCode).toBe(200);
    expect(after.json()).toEqual({ version: 2 });
    await app.close();
  });

  it('refuses a cached route that has no version', async () => {
    const app = Fastify();
    registerResponseCache(app, {} as never, { ttlMs: 60_000, versions: {} });
    expect(() => app.get('/unversioned', { config: { cache: 'public' } }, async () => ({}))).toThrow(
      /no version in http\/answer-versions.ts/,
    );
    await app.close();
  });
});
