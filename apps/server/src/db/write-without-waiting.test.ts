// A write committed without waiting for the disk (the visit counters) is a write like any other to
// every reader: it is there at once, it never joins a transaction another request has open, and
// every other commit still waits for the disk (on SQLite the next one; on PostgreSQL every other
// connection's). It answers how many rows it changed, as the outbox's claim needs.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialect, migratedTestDb } from '../../test/harness.js';
import { createDb, isPostgres, writeWithoutWaitingForDisk, type Db } from './create-db.js';

const newUser = (db: Db, id: string) =>
  db.insertInto('users').values({ id, email: `${id}@example.com`, password_hash: 'x', confirmed_at: 1, created_at: 1 });

const userIds = async (db: Db) =>
  (await db.selectFrom('users').select('id').orderBy('id').execute()).map((row) => row.id);

describe(`a write that does not wait for the disk (${dialect})`, () => {
  const t = migratedTestDb();

  it('is committed at once without waiting for the disk, and every other commit still waits', async () => {
    const { db } = t;
    await writeWithoutWaitingForDisk(db, newUser(db, 'counted-1'));
    expect(await userIds(db)).toContain('counted-1');
    if (isPostgres(db)) {
      // Opened from a URL with settings of its own, which both pools keep. The row keeps the settings
      // its own statement ran under; the other queries' connections wait for the disk.
      const url = new URL(t.url);
      url.searchParams.set('options', '-c statement_timeout=4321');
      const withOptions = createDb(url.toString());
      try {
        await writeWithoutWaitingForDisk(
          withOptions,
          withOptions.insertInto('users').values({
            id: 'counted-3',
            email: sql<string>`current_setting('synchronous_commit') || '-' || current_setting('statement_timeout') || '@example.com'`,
            password_hash: 'x',
            confirmed_at: 1,
            created_at: 1,
          }),
        );
        const row = await db
          .selectFrom('users')
          .select('email')
          .where('id', '=', 'counted-3')
          .executeTakeFirstOrThrow();
        expect(row.email).toBe('off-4321ms@example.com');
        const { rows } = await sql<{
          settings: string;
        }>`select current_setting('synchronous_commit') || '-' || current_setting('statement_timeout') as settings`.execute(
          withOptions,
        );
        expect(rows).toEqual([{ settings: 'on-4321ms' }]);
      } finally {
        await withOptions.destroy();
      }
    } else {
      // 2 is FULL: the log is synced at every commit.
      const { rows } = await sql<{ synchronous: number }>`pragma synchronous`.execute(db);
      expect(rows).toEqual([{ synchronous: 2 }]);
    }
  });

  it('never joins a transaction open meanwhile: that one rolls back alone', async () => {
    const { db } = t;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('users')
          .values({ id: 'rolled-back', email: 'rolled-back@example.com', password_hash: 'x', created_at: 1 })
          .execute();
        await held;
        throw new Error('rolled back');
      })
      .catch((err: unknown) => err);
    // The transaction has written its row and holds SQLite's one connection.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const counted = writeWithoutWaitingForDisk(db, newUser(db, 'counted-2'));
    release();
    await counted;
    expect(await transaction).toEqual(new Error('rolled back'));
    const ids = await userIds(db);
    expect(ids).toContain('counted-2');
    expect(ids).not.toContain('rolled-back');
  });

  it("answers how many rows it changed, its triggers' rows not counted", async () => {
    const { db } = t;
    expect(await writeWithoutWaitingForDisk(db, newUser(db, 'counted-4'))).toBe(1);
    const confirm = (id: string) => db.updateTable('users').set({ confirmed_at: 9 }).where('id', '=', id);
    expect(await writeWithoutWaitingForDisk(db, confirm('counted-4'))).toBe(1);
    expect(await writeWithoutWaitingForDisk(db, confirm('nobody'))).toBe(0);
    expect(
      await writeWithoutWaitingForDisk(
        db,
        db.updateTable('users').set({ confirmed_at: 10 }).where('id', 'in', ['counted-1', 'counted-2', 'counted-4']),
      ),
    ).toBe(3);
  });
});
