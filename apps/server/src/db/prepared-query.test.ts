// A fixed read answers what Kysely would for the same query: the same rows, each an object with the
// statement's columns as keys, on SQLite's own array rows as on PostgreSQL's named statements.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { dialect, migratedTestDb } from '../../test/harness.js';
import { writeWithoutWaitingForDisk } from './create-db.js';
import { preparedQuery, preparedWrite } from './prepared-query.js';

const usersSince = preparedQuery((db, p: { since: number }) =>
  db
    .selectFrom('users')
    .select(['id', 'email as address', 'created_at'])
    .select(sql<string>`upper(email)`.as('shout'))
    .where('created_at', '>=', p.since)
    .orderBy('created_at'),
);

const userById = preparedQuery((db, p: { id: string }) =>
  db.selectFrom('users').select(['id', 'confirmed_at']).where('id', '=', p.id),
);

/** A user made, or an existing one's created_at moved on by `add`: a write with values in its expressions. */
const userAdded = preparedWrite((db, p: { id: string; add: number }) =>
  db
    .insertInto('users')
    .values({ id: p.id, email: p.id, password_hash: 'x', created_at: p.add })
    .onConflict((oc) => oc.column('id').doUpdateSet((eb) => ({ created_at: eb('users.created_at', '+', p.add) }))),
);

describe(`prepared reads (${dialect})`, () => {
  const database = migratedTestDb();
  beforeAll(async () => {
    await database.db
      .insertInto('users')
      .values(
        [1, 2, 3].map((n) => ({
          id: `user-${n}`,
          email: `user-${n}@example.com`,
          password_hash: 'x',
          confirmed_at: n === 2 ? null : n,
          created_at: n * 1000,
        })),
      )
      .execute();
  });

  it('answers rows as objects keyed by the columns and their aliases, as Kysely does', async () => {
    const { db } = database;
    const rows = await usersSince(db, { since: 2000 });
    expect(rows).toEqual([
      { id: 'user-2', address: 'user-2@example.com', created_at: 2000, shout: 'USER-2@EXAMPLE.COM' },
      { id: 'user-3', address: 'user-3@example.com', created_at: 3000, shout: 'USER-3@EXAMPLE.COM' },
    ]);
    const viaKysely = await db
      .selectFrom('users')
      .select(['id', 'email as address', 'created_at'])
      .select(sql<string>`upper(email)`.as('shout'))
      .where('created_at', '>=', 2000)
      .orderBy('created_at')
      .execute();
    expect(rows).toEqual(viaKysely);
    expect(Object.keys(rows[0]!)).toEqual(['id', 'address', 'created_at', 'shout']);
  });

  it('answers nulls, no rows, and each call with its own values', async () => {
    const { db } = database;
    expect(await userById(db, { id: 'user-2' })).toEqual([{ id: 'user-2', confirmed_at: null }]);
    expect(await userById(db, { id: 'user-1' })).toEqual([{ id: 'user-1', confirmed_at: 1 }]);
    expect(await userById(db, { id: 'nobody' })).toEqual([]);
  });

  it('reads inside a transaction through it, seeing its own writes', async () => {
    const { db } = database;
    await db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('users').set({ confirmed_at: 42 }).where('id', '=', 'user-2').execute();
        expect(await userById(trx, { id: 'user-2' })).toEqual([{ id: 'user-2', confirmed_at: 42 }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await userById(db, { id: 'user-2' })).toEqual([{ id: 'user-2', confirmed_at: null }]);
  });
});

describe(`prepared writes (${dialect})`, () => {
  const database = migratedTestDb();

  it('run each call with its own values, through executeQuery and without waiting for the disk', async () => {
    const { db } = database;
    await db.executeQuery(userAdded(db, { id: 'w-1', add: 5 }));
    expect(await writeWithoutWaitingForDisk(db, userAdded(db, { id: 'w-1', add: 7 }))).toBe(1);
    await writeWithoutWaitingForDisk(db, userAdded(db, { id: 'w-2', add: 100 }));
    const rows = await db
      .selectFrom('users')
      .select(['id', 'created_at'])
      .where('id', 'like', 'w-%')
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { id: 'w-1', created_at: 12 },
      { id: 'w-2', created_at: 100 },
    ]);
  });

  it('refuse a parameter that shapes the query instead of being bound in it', () => {
    const shaped = preparedWrite((db, p: { id: string; times: number }) =>
      db.deleteFrom('users').where('id', '=', p.id).limit(Number(p.times)),
    );
    expect(() => shaped(database.db, { id: 'w-1', times: 2 })).toThrow(/times not bound/);
  });
});
