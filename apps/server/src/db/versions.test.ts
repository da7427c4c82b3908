// The versions the database keeps itself (migrations/006-read-paths.ts), and the prepared reads
// (prepared-query.ts) around transactions: what lets a kept page or page map trust a version.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../test/harness.js';
import { createDb, readPrepared, type DbOrTrx } from './create-db.js';
import { preparedQuery } from './prepared-query.js';

const versionByName = preparedQuery((db, p: { name: string }) =>
  db.selectFrom('content_versions').select(['name', 'version']).where('name', '=', p.name),
);

describe(`versions kept by the ${dialect} database`, () => {
  let t: TestApp;
  let ownerId: string;

  beforeAll(async () => {
    t = await createTestApp();
    ownerId = (await createUser(t)).id;
  });
  afterAll(async () => t.close());

  async function jobsVersion(): Promise<number> {
    const row = await t.db
      .selectFrom('content_versions')
      .select('version')
      .where('name', '=', 'jobs')
      .executeTakeFirstOrThrow();
    return Number(row.version);
  }

  async function postingVersion(id: string): Promise<number> {
    const row = await t.db.selectFrom('jobs').select('version').where('id', '=', id).executeTakeFirstOrThrow();
    return Number(row.version);
  }

  async function savesVersion(id: string): Promise<number> {
    const row = await t.db.selectFrom('job_saves').select('version').where('job_id', '=', id).executeTakeFirst();
    return Number(row?.version ?? 0);
  }

  /** The jobs version, each posting's own version and the version of who saved each. */
  async function versions(...ids: string[]) {
    return {
      jobs: await jobsVersion(),
      postings: await Promise.all(ids.map(postingVersion)),
      saves: await Promise.all(ids.map(savesVersion)),
    };
  }

  it('moves the jobs version with every insert, update and delete of a job', async () => {
    const beforeInsert = await jobsVersion();
    const id = await createPublishedJob(t, ownerId, { title: 'Science Teacher' });
    const afterInsert = await versions(id);
    expect(afterInsert.jobs).toBeGreaterThan(beforeInsert);

    await t.db.updateTable('jobs').set({ title: 'Maths Teacher' }).where('id', '=', id).execute();
    const afterUpdate = await versions(id);
    expect(afterUpdate.jobs).toBeGreaterThan(afterInsert.jobs);
    expect(afterUpdate.postings[0]).toBeGreaterThan(afterInsert.postings[0]!);

    // Any column, even one no page shows, and each row of a statement that updates several.
    const other = await createPublishedJob(t, ownerId);
    const beforeBoth = await versions(id, other);
    await t.db
      .updateTable('jobs')
      .set({ updated_at: t.clock.now() + 1 })
      .where('id', 'in', [id, other])
      .execute();
    const afterBoth = await versions(id, other);
    expect(afterBoth.jobs).toBeGreaterThan(beforeBoth.jobs);
    expect(afterBoth.postings[0]).toBeGreaterThan(beforeBoth.postings[0]!);
    expect(afterBoth.postings[1]).toBeGreaterThan(beforeBoth.postings[1]!);

    await t.db.deleteFrom('jobs').where('id', '=', id).execute();
    expect(await jobsVersion()).toBeGreaterThan(afterBoth.jobs);
  });

  it("moves a country's version with a change to its published jobs only, and not with a draft's", async () => {
    const country = async (name: string) => {
      const row = await t.db
        .selectFrom('content_versions')
        .select('version')
        .where('name', '=', `jobs:${name}`)
        .executeTakeFirst();
      return Number(row?.version ?? 0);
    };
    const countries = async () => ({ japan: await country('japan'), korea: await country('south-korea') });
    /** Runs the write and returns which countries' versions it moved. */
    const moved = async (write: () => Promise<unknown>) => {
      const before = await countries();
      await write();
      const after = await countries();
      return { japan: after.japan > before.japan, korea: after.korea > before.korea };
    };
    const update = (id: string, set: { title?: string; country?: string; published_at?: number }) =>
      t.db.updateTable('jobs').set(set).where('id', '=', id).execute();

    let live = '';
    expect(await moved(async () => (live = await createPublishedJob(t, ownerId, { country: 'japan' })))).toEqual({
      japan: true,
      korea: false,
    });
    expect(await moved(() => update(live, { title: 'Physics Teacher' }))).toEqual({ japan: true, korea: false });
    let draft = '';
    const drafted = await moved(
      async () => (draft = await createPublishedJob(t, ownerId, { country: 'japan', published_at: null })),
    );
    expect(drafted).toEqual({ japan: false, korea: false });
    expect(await moved(() => update(draft, { title: 'Still a draft' }))).toEqual({ japan: false, korea: false });
    expect(await moved(() => update(draft, { published_at: t.clock.now() }))).toEqual({ japan: true, korea: false });
    expect(await moved(() => update(live, { country: 'south-korea' }))).toEqual({ japan: true, korea: true });
    const fan = await createUser(t);
    const save = () => t.db.insertInto('favorites').values({ user_id: fan.id, job_id: live, created_at: 1 }).execute();
    expect(await moved(save)).toEqual({ japan: false, korea: false });
    expect(await moved(() => t.db.deleteFrom('jobs').where('id', '=', live).execute())).toEqual({
      japan: false,
      korea: true,
    });
  });

  it("writes each move of a country's version to the change feed with the job that moved it, and keeps the last 1,000", async () => {
    const name = 'jobs:thailand';
    const feed = async () =>
      (
        await t.db
          .selectFrom('job_changes')
          .select(['version', 'job_id'])
          .where('name', '=', name)
          .orderBy('version')
          .execute()
      ).map((row) => ({ version: Number(row.version), job_id: row.job_id }));
    const version = async () => Number((await versionByName(t.db, { name }))[0]!.version);
    const a = await createPublishedJob(t, ownerId, { country: 'thailand', city: 'Bangkok' });
    const b = await createPublishedJob(t, ownerId, { country: 'thailand', city: 'Bangkok' });
    await t.db.updateTable('jobs').set({ title: 'Art Teacher' }).where('id', '=', a).execute();
    // A draft moves nothing, so it is not in the feed.
    await createPublishedJob(t, ownerId, { country: 'thailand', published_at: null });
    const now = await version();
    expect((await feed()).slice(-3)).toEqual([
      { version: now - 2, job_id: a },
      { version: now - 1, job_id: b },
      { version: now, job_id: a },
    ]);
    // Moved to another country: the job is in both countries' feeds.
    await t.db.updateTable('jobs').set({ country: 'taiwan', city: 'Taipei' }).where('id', '=', b).execute();
    expect((await feed()).at(-1)).toEqual({ version: now + 1, job_id: b });
    const [taiwan] = await t.db
      .selectFrom('job_changes')
      .select('job_id')
      .where('name', '=', 'jobs:taiwan')
      .orderBy('version', 'desc')
      .limit(1)
      .execute();
    expect(taiwan?.job_id).toBe(b);

    await t.db.transaction().execute(async (trx) => {
      for (let i = 0; i < 1_005; i++) {
        await trx
          .updateTable('jobs')
          .set({ title: `Teacher ${i}` })
          .where('id', '=', a)
          .execute();
      }
    });
    const last = await version();
    const kept = await feed();
    expect(kept).toHaveLength(1_000);
    expect(kept[0]!.version).toBe(last - 999);
    expect(kept.at(-1)).toEqual({ version: last, job_id: a });
  });

  it("moves only the version of who saved a posting when it is saved or unsaved, and only the posting's own when its photos change", async () => {
    const saved = await createPublishedJob(t, ownerId);
    const bystander = await createPublishedJob(t, ownerId);
    const fan = await createUser(t);

    /** Runs the write and checks it moved `saved`'s savers version only: not its page's, not the lists'. */
    async function expectSaversOnly(write: () => Promise<unknown>) {
      const before = await versions(saved, bystander);
      await write();
      const after = await versions(saved, bystander);
      expect(after.jobs).toBe(before.jobs);
      expect(after.postings).toEqual(before.postings);
      expect(after.saves[0]).toBeGreaterThan(before.saves[0]!);
      expect(after.saves[1]).toBe(before.saves[1]);
    }
    /** Runs the write and checks it moved `saved`'s own version only. */
    async function expectPostingOnly(write: () => Promise<unknown>) {
      const before = await versions(saved, bystander);
      await write();
      const after = await versions(saved, bystander);
      expect(after.jobs).toBe(before.jobs);
      expect(after.postings[0]).toBeGreaterThan(before.postings[0]!);
      expect(after.postings[1]).toBe(before.postings[1]);
      expect(after.saves).toEqual(before.saves);
    }

    await expectSaversOnly(() =>
      t.db.insertInto('favorites').values({ user_id: fan.id, job_id: saved, created_at: t.clock.now() }).execute(),
    );
    await expectSaversOnly(() =>
      t.db.deleteFrom('favorites').where('user_id', '=', fan.id).where('job_id', '=', saved).execute(),
    );
    // The same through the product's own routes.
    await expectSaversOnly(async () => {
      const res = await t.inject({ method: 'POST', url: `/api/favorites/${fan.id}/${saved}`, headers: fan.auth });
      expect(res.statusCode).toBe(200);
    });
    await expectSaversOnly(async () => {
      const res = await t.inject({
        method: 'POST',
        url: `/api/favorites/remove/${fan.id}/${saved}`,
        headers: fan.auth,
      });
      expect(res.statusCode).toBe(200);
    });

    const imageId = randomUUID();
    await expectPostingOnly(() =>
      t.db
        .insertInto('job_images')
        .values({ id: imageId, job_id: saved, position: 0, url: '/media/a.webp', created_at: t.clock.now() })
        .execute(),
    );
    await expectPostingOnly(() =>
      t.db.updateTable('job_images').set({ position: 1 }).where('id', '=', imageId).execute(),
    );
    await expectPostingOnly(() => t.db.deleteFrom('job_images').where('id', '=', imageId).execute());

    // A save that goes with its account (a cascade) changes who saved the posting too.
    const leaver = await createUser(t);
    await t.db
      .insertInto('favorites')
      .values({ user_id: leaver.id, job_id: saved, created_at: t.clock.now() })
      .execute();
    await expectSaversOnly(() => t.db.deleteFrom('users').where('id', '=', leaver.id).execute());

    // A change of the posting itself moves both, and still not the other posting's.
    const before = await versions(saved, bystander);
    await t.db.updateTable('jobs').set({ company_name: 'Moonrise Academy' }).where('id', '=', saved).execute();
    const after = await versions(saved, bystander);
    expect(after.jobs).toBeGreaterThan(before.jobs);
    expect(after.postings[0]).toBeGreaterThan(before.postings[0]!);
    expect(after.postings[1]).toBe(before.postings[1]);
  });

  it('deletes a saved posting with photos, and moves the jobs version', async () => {
    const id = await createPublishedJob(t, ownerId);
    const fan = await createUser(t);
    await t.db.insertInto('favorites').values({ user_id: fan.id, job_id: id, created_at: t.clock.now() }).execute();
    await t.db
      .insertInto('job_images')
      .values({ id: randomUUID(), job_id: id, position: 0, url: '/media/b.webp', created_at: t.clock.now() })
      .execute();
    const before = await jobsVersion();
    await t.db.deleteFrom('jobs').where('id', '=', id).execute();
    expect(await jobsVersion()).toBeGreaterThan(before);
    expect(await t.db.selectFrom('favorites').select('job_id').where('job_id', '=', id).execute()).toEqual([]);
    // Its saves' version goes with it, and deleting its saves made none again.
    expect(await t.db.selectFrom('job_saves').select('job_id').where('job_id', '=', id).execute()).toEqual([]);
  });
});

// PostgreSQL only: SQLite has one writer at a time, and two connections in one process would wait on
// each other's busy timeout with the event loop blocked.
if (dialect === 'postgres')
  describe('versions under concurrent writes on PostgreSQL', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    });
    afterAll(async () => t.close());

    it('never deadlocks a job edit against an account deletion that unsaves the same job', async () => {
      const owner = await createUser(t);
      const leaver = await createUser(t);
      const saved = await createPublishedJob(t, owner.id);
      const draft = await createPublishedJob(t, leaver.id, { published_at: null });
      await t.db.insertInto('favorites').values({ user_id: leaver.id, job_id: saved, created_at: 1 }).execute();
      const other = createDb(t.config.databaseUrl);
      try {
        // The deletion writes a job first (its draft), then, through the cascade of its saves, the saved job;
        // the edit holds the saved job in between. The list version must not be the lock they both wait for.
        const deletion = t.db.transaction().execute(async (trx) => {
          await trx.deleteFrom('jobs').where('id', '=', draft).execute();
          await sleep(100);
          await trx.deleteFrom('users').where('id', '=', leaver.id).execute();
        });
        const edit = other.transaction().execute(async (trx) => {
          await sleep(30);
          await trx.updateTable('jobs').set({ title: 'Edited meanwhile' }).where('id', '=', saved).execute();
          await sleep(200);
        });
        await expect(Promise.all([deletion, edit])).resolves.toBeDefined();
      } finally {
        await other.destroy();
      }
      const row = await t.db.selectFrom('jobs').select('title').where('id', '=', saved).executeTakeFirstOrThrow();
      expect(row.title).toBe('Edited meanwhile');
    });
  });

describe(`prepared reads and transactions (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('binds the values of each call into the statement compiled once', async () => {
    await t.db.insertInto('content_versions').values({ name: 'probe-a', version: 5 }).execute();
    expect(await versionByName(t.db, { name: 'probe-a' })).toEqual([{ name: 'probe-a', version: 5 }]);
    expect(await versionByName(t.db, { name: 'jobs' })).toEqual([
      { name: 'jobs', version: expect.any(Number) as number },
    ]);
    expect(await versionByName(t.db, { name: 'nothing' })).toEqual([]);
  });

  it('refuses a parameter that decides the shape of the query instead of being bound', async () => {
    const shaped = preparedQuery((db, p: { name: string; many: number }) =>
      db
        .selectFrom('content_versions')
        .select('name')
        .where('name', '=', p.name)
        .limit(p.many > 1 ? 10 : 1),
    );
    await expect(shaped(t.db, { name: 'jobs', many: 5 })).rejects.toThrow('compiled once: many not bound');
  });

  it('reads past Kysely only on the database itself, and on SQLite only while no transaction is open', async () => {
    const query = `select version from content_versions where name = ${dialect === 'sqlite' ? '?' : '$1'}`;
    const read = (db: DbOrTrx, name: string) => readPrepared(db, 'versions_test_probe', query, [name]);
    const outside = read(t.db, 'jobs');
    // SQLite answers at once from the statement it keeps; PostgreSQL from a named statement of the pool.
    if (dialect === 'sqlite') expect(outside).toEqual([{ version: expect.any(Number) as number }]);
    else expect(await outside).toEqual([{ version: expect.any(Number) as number }]);
    await t.db.transaction().execute(async (trx) => {
      await trx.insertInto('content_versions').values({ name: 'probe-b', version: 1 }).execute();
      // A transaction is read through Kysely, on its own connection.
      expect(read(trx, 'probe-b')).toBeUndefined();
      // SQLite's one connection is inside the transaction: a read straight on it would see its
      // uncommitted row. PostgreSQL reads on another connection of the pool, which does not.
      if (dialect === 'sqlite') expect(read(t.db, 'probe-b')).toBeUndefined();
      else expect(await read(t.db, 'probe-b')).toEqual([]);
    });
    expect(await read(t.db, 'probe-b')).toEqual([{ version: 1 }]);
  });

  it("sees a transaction's writes inside it, and never from outside it before it commits", async () => {
    const name = `probe-${randomUUID().slice(0, 8)}`;
    let outside: Promise<unknown[]> | undefined;
    let hasOutsideAnswered = false;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await trx.insertInto('content_versions').values({ name, version: 7 }).execute();
        expect(await versionByName(trx, { name })).toEqual([{ name, version: 7 }]);
        // A read through the database (not the transaction) while the transaction is open.
        outside = versionByName(t.db, { name });
        void outside.then(() => (hasOutsideAnswered = true));
        if (dialect === 'postgres') {
          // Another connection of the pool: it answers now, without the uncommitted row.
          expect(await outside).toEqual([]);
        } else {
          // SQLite's one connection is inside the transaction: the read waits for it to end,
          // where a read straight on the connection would have seen the uncommitted row at once.
          await sleep(50);
          expect(hasOutsideAnswered).toBe(false);
        }
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await outside).toEqual([]);
    expect(await versionByName(t.db, { name })).toEqual([]);

    // Committed, the row is there for every read.
    await t.db.transaction().execute(async (trx) => {
      await trx.insertInto('content_versions').values({ name, version: 8 }).execute();
      expect(await versionByName(trx, { name })).toEqual([{ name, version: 8 }]);
    });
    expect(await versionByName(t.db, { name })).toEqual([{ name, version: 8 }]);
  });
});
