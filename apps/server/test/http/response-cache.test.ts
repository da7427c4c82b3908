// The answer cache kept by version (http/response-cache.ts, http/answer-versions.ts): an answer is
// served again only at the version it was made at, so a write makes stale exactly the answers it
// changes, whoever wrote it: the instance that took the write at once, every other instance from its
// next event-loop turn (the requests of one turn share a version read), with nothing sent between them.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { refreshKeywordIndex } from '../../src/features/job-board/kept-keyword-index.js';
import { liveSince, POSTING_LIFETIME_MS } from '../../src/features/jobs/lifecycle.js';
import { registerResponseCache } from '../../src/http/response-cache.js';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../harness.js';

const MINUTE = 60_000;

/** All the cache reads of its dependencies: the clock. */
const CLOCK = { clock: { now: () => Date.now() } } as never;

/** Lets the event loop finish its turn: the versions its requests shared are read again after it. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

interface Tiles {
  results: { uuid?: string; id?: string; title: string }[];
}

describe(`the answer cache kept by version (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { RESPONSE_CACHE_MS: '60000' } });
  });
  afterAll(async () => t.close());

  const search = (country: string) => t.inject({ method: 'GET', url: `/api/filter-jobs?country=${country}&page=1` });
  const titles = async (country: string) => (await search(country)).json<Tiles>().results.map((r) => r.title);

  /**
   * A change the cache cannot see: a job's title written with its country's version put back, so only
   * a kept answer still shows the old title, and an answer made again shows the new one.
   */
  const changeUnseen = async (id: string, country: string, title: string) => {
    const version = (name: string) =>
      t.db.selectFrom('content_versions').select('version').where('name', '=', name).executeTakeFirst();
    const before = await version(`jobs:${country}`);
    await t.db.updateTable('jobs').set({ title }).where('id', '=', id).execute();
    await t.db
      .updateTable('content_versions')
      .set({ version: before?.version ?? 0 })
      .where('name', '=', `jobs:${country}`)
      .execute();
  };

  it('keeps a list while no job of its country changes: a save moves only its posting, answered anew', async () => {
    const owner = await createUser(t);
    const live = await createPublishedJob(t, owner.id, { country: 'vietnam', title: 'Art Teacher' });
    expect(await titles('vietnam')).toContain('Art Teacher');
    const posting = await t.inject({ method: 'GET', url: `/api/job/${live}` });
    expect(posting.json<{ job: { favoritedBy: string[] } }>().job.favoritedBy).toEqual([]);
    await changeUnseen(live, 'vietnam', 'Unseen Title');
    const fan = await createUser(t);
    const saved = await t.inject({ method: 'POST', url: `/api/favorites/${fan.id}/${live}`, headers: fan.auth });
    expect(saved.statusCode).toBe(200);
    await nextTurn();
    expect(await titles('vietnam')).toContain('Art Teacher'); // kept: a save changes no list
    const after = await t.inject({ method: 'GET', url: `/api/job/${live}` });
    expect(after.json<{ job: { favoritedBy: string[] } }>().job.favoritedBy).toEqual([fan.id]);
    // A change in another country leaves this country's list kept.
    await createPublishedJob(t, owner.id, { country: 'japan' });
    await nextTurn();
    expect(await titles('vietnam')).toContain('Art Teacher');
  });

  it('makes a list stale when a job of its country changes, written behind the server by any instance or command', async () => {
    const owner = await createUser(t);
    const job = await createPublishedJob(t, owner.id, { country: 'thailand', title: 'Drama Teacher' });
    expect(await titles('thailand')).toContain('Drama Teacher');
    // That read started the making of the country's keyword index in the background. It is kept per
    // database, so the other instance below shares it, and it holds the tiles as written: the old
    // title. While it is still being made, the other instance's first read would go to the database
    // and see the title changed behind it.
    await refreshKeywordIndex(t.db, liveSince(t.clock.now()));
    await changeUnseen(job, 'thailand', 'Dance Teacher');
    expect(await titles('thailand')).toContain('Drama Teacher'); // kept
    // Another instance, as the cluster runs it: the same database, a cache of its own.
    const other = await buildApp(t.deps);
    try {
      const otherTitles = async () =>
        (await other.inject({ method: 'GET', url: '/api/filter-jobs?country=thailand&page=1' }))
          .json<Tiles>()
          .results.map((r) => r.title);
      expect(await otherTitles()).toContain('Drama Teacher'); // its first read, kept there from now on
      await createPublishedJob(t, owner.id, { country: 'thailand', title: 'Choir Teacher' }); // a command
      await nextTurn();
      for (const seen of [await titles('thailand'), await otherTitles()]) {
        expect(seen).toContain('Dance Teacher');
        expect(seen).toContain('Choir Teacher');
      }
    } finally {
      await other.close();
    }
  });

  it('ends a kept list when a posting in it expires, with no write', async () => {
    const owner = await createUser(t);
    await createPublishedJob(t, owner.id, {
      country: 'indonesia',
      title: 'Leaving Soon',
      published_at: t.clock.now() - POSTING_LIFETIME_MS + MINUTE,
    });
    await createPublishedJob(t, owner.id, { country: 'indonesia', title: 'Staying' });
    expect(await titles('indonesia')).toEqual(expect.arrayContaining(['Leaving Soon', 'Staying']));
    t.clock.advance(2 * MINUTE);
    await nextTurn();
    expect(await titles('indonesia')).toEqual(['Staying']);
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
    registerResponseCache(app, CLOCK, {
      ttlMs: 60_000,
      versions: { '/value': async () => ({ tag: String(version), validUntil: Infinity }) },
    });
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
    registerResponseCache(app, CLOCK, {
      ttlMs: 60_000,
      versions: {
        '/value': (_deps, _request, turn) =>
          turn.get('value', async () => (reads++, { tag: String(version), validUntil: Infinity })),
      },
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
    registerResponseCache(app, CLOCK, { ttlMs: 60_000, versions: {} });
    expect(() => app.get('/unversioned', { config: { cache: 'public' } }, async () => ({}))).toThrow(
      /no version in http\/answer-versions.ts/,
    );
    await app.close();
  });
});
