// A turn's reads of a row by id (turn-batch.ts): one statement on PostgreSQL, each read at once on
// SQLite and in a transaction, and the same rows either way.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../test/harness.js';
import { findPostingAnswerVersion, findPostingVersion, insertFavoriteIfLive } from '../features/job-board/repo.js';
import type { Db, DbOrTrx } from './create-db.js';
import { turnBatched } from './turn-batch.js';

describe(`reads of a turn gathered on the ${dialect} database`, () => {
  let t: TestApp;
  let jobs: string[];

  beforeAll(async () => {
    t = await createTestApp();
    const owner = (await createUser(t)).id;
    jobs = [];
    for (const title of ['Science Teacher', 'Maths Teacher', 'Art Teacher']) {
      jobs.push(await createPublishedJob(t, owner, { title }));
    }
    const saver = (await createUser(t)).id;
    await insertFavoriteIfLive(t.db, saver, jobs[1]!, t.clock.now(), 0);
  });
  afterAll(async () => t.close());

  /** A batched read of `title`s by id that counts how it was read. */
  function countedTitles() {
    const calls = { one: 0, many: [] as string[][] };
    const read = turnBatched(
      (db: DbOrTrx, id: string) => {
        calls.one++;
        return db.selectFrom('jobs').select('title').where('id', '=', id).executeTakeFirst();
      },
      (db: Db, ids: string[]) => {
        calls.many.push(ids);
        return db.selectFrom('jobs').select(['id', 'title']).where('id', 'in', ids).execute();
      },
    );
    return { calls, read };
  }

  it('reads the rows asked for in one turn, each its own, and nothing for an id with no row', async () => {
    const { calls, read } = countedTitles();
    const missing = randomUUID();
    const rows = await Promise.all([jobs[0]!, jobs[1]!, missing, jobs[0]!, jobs[2]!].map((id) => read(t.db, id)));
    expect(rows.map((row) => row?.title)).toEqual([
      'Science Teacher',
      'Maths Teacher',
      undefined,
      'Science Teacher',
      'Art Teacher',
    ]);
    if (dialect === 'postgres') {
      // One statement for the turn, each id in it once.
      expect(calls.one).toBe(0);
      expect(calls.many).toHaveLength(1);
      expect([...calls.many[0]!].sort()).toEqual([jobs[0]!, jobs[1]!, missing, jobs[2]!].sort());
    } else {
      expect(calls).toEqual({ one: 5, many: [] });
    }
  });

  it('reads again in the next turn, not from the last', async () => {
    const { calls, read } = countedTitles();
    expect((await read(t.db, jobs[2]!))?.title).toBe('Art Teacher');
    await t.db.updateTable('jobs').set({ title: 'Music Teacher' }).where('id', '=', jobs[2]!).execute();
    expect((await read(t.db, jobs[2]!))?.title).toBe('Music Teacher');
    expect(calls.one + calls.many.length).toBe(2);
  });

  it('reads in a transaction at once, on its own connection', async () => {
    const { calls, read } = countedTitles();
    const title = await t.db.transaction().execute(async (trx) => {
      await trx.updateTable('jobs').set({ title: 'Drama Teacher' }).where('id', '=', jobs[0]!).execute();
      return (await read(trx, jobs[0]!))?.title;
    });
    expect(title).toBe('Drama Teacher');
    expect(calls).toEqual({ one: 1, many: [] });
  });

  it("gathers a posting's version, and its savers' version, as each is read alone", async () => {
    const alone = async (id: string) => {
      const [version] = await t.db.transaction().execute((trx) => Promise.all([findPostingAnswerVersion(trx, id)]));
      return version;
    };
    const missing = randomUUID();
    // Gathered, a row carries its id too (what matches it to its read).
    const withoutId = <R extends object>(row: R | undefined) => {
      if (!row) return row;
      const { id: _id, ...rest } = row as R & { id?: string };
      return rest;
    };
    const together = (await Promise.all([...jobs, missing].map((id) => findPostingAnswerVersion(t.db, id)))).map(
      withoutId,
    );
    const each = [];
    for (const id of [...jobs, missing]) each.push(await alone(id));
    expect(together).toEqual(each);
    expect(Number(together[1]!.saves_version)).toBeGreaterThan(0);
    expect(together[0]!.saves_version ?? null).toBeNull();
    expect(together[3]).toBeUndefined();

    const versions = (await Promise.all(jobs.map((id) => findPostingVersion(t.db, id)))).map(withoutId);
    expect(versions).toEqual(
      together.slice(0, 3).map((row) => ({ version: row!.version, published_at: row!.published_at })),
    );
  });
});
