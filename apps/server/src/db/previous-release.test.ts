// Expand, then contract (docs/OPERATIONS.md): a migration must leave the release before it working,
// because that release keeps serving while the migration runs and until every instance is replaced.
// The schema's history is stepped through one migration at a time: none drops, retypes or tightens
// a column the release before used, every column it adds to a table that release knew can be left
// out (nullable or with a default), and each release's insert and select of a user and a job (only
// the columns it knew) still work on the latest schema.
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dialect } from '../../test/harness.js';
import { createDb, type Db } from './create-db.js';
import { findLiveJobTilesJson } from '../features/job-board/repo.js';
import { TILE_COLUMNS, toJobTile } from '../features/jobs/presenters.js';
import { MIGRATION_NAMES, migrateToLatest, migrateUpTo } from './migrate.js';

interface Column {
  dataType: string;
  isNullable: boolean;
  /** An insert may leave it out: nullable, a default, or numbered by the database. */
  mayBeLeftOut: boolean;
}
type Schema = Record<string, Record<string, Column>>;

async function schemaOf(db: Db): Promise<Schema> {
  const schema: Schema = {};
  for (const table of await db.introspection.getTables()) {
    schema[table.name] = Object.fromEntries(
      table.columns.map((c) => [
        c.name,
        {
          dataType: c.dataType,
          isNullable: c.isNullable,
          mayBeLeftOut: c.isNullable || c.hasDefaultValue || c.isAutoIncrementing,
        },
      ]),
    );
  }
  return schema;
}

/** What `migration` does that the release before it would trip over, one line each. */
function contractions(before: Schema, after: Schema, migration: string): string[] {
  const problems: string[] = [];
  for (const [table, columns] of Object.entries(before)) {
    const now = after[table];
    if (!now) {
      problems.push(`${migration} drops the table ${table}`);
      continue;
    }
    for (const [name, column] of Object.entries(columns)) {
      const next = now[name];
      if (!next) problems.push(`${migration} drops ${table}.${name}`);
      else if (next.dataType !== column.dataType) problems.push(`${migration} changes the type of ${table}.${name}`);
      else if (column.isNullable && !next.isNullable) problems.push(`${migration} makes ${table}.${name} not null`);
    }
    for (const [name, column] of Object.entries(now)) {
      if (!columns[name] && !column.mayBeLeftOut) {
        problems.push(`${migration} adds ${table}.${name}, which the release before cannot leave out of an insert`);
      }
    }
  }
  return problems;
}

type Row = Record<string, string | number | null>;

/** A user as any release writes it: every column a user has had. */
function userRow(id: string): Row {
  return {
    id,
    email: `${id}@example.com`,
    password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    confirmed_at: 1_700_000_000_000,
    created_at: 1_700_000_000_000,
    payment_customer_id: null,
  };
}

/** A job as any release writes it: every column a job has had that a release writes. */
function jobRow(id: string, userId: string): Row {
  return {
    id,
    user_id: userId,
    company_name: 'Sunrise Academy',
    email: 'jobs@sunrise.example',
    country: 'japan',
    city: 'Tokyo',
    pay: '300,000 JPY',
    age_group: 'Children',
    duration: '12',
    class_size: '11 - 20',
    start_date: '4',
    phone: '',
    link: '',
    description_html: '<p>Teach English.</p>',
    thumbnail: null,
    tile_thumbnail: null,
    published_at: 1_700_000_000_000,
    relisted_from: null,
    taken_down_at: null,
    taken_down_reason: null,
    title: 'English Teacher',
    search_title: 'english teacher',
    search_school: 'sunrise academy',
    search_city: 'tokyo',
    search_body: 'teach english',
    created_at: 1_700_000_000_000,
    updated_at: 1_700_000_000_000,
  };
}

/** The part of `row` a release with these columns writes; a column it must write but `row` lacks is a test to update. */
function asWrittenBy(row: Row, columns: Record<string, Column>, table: string): Row {
  const written: Row = {};
  for (const [name, column] of Object.entries(columns)) {
    if (name in row) written[name] = row[name]!;
    else if (!column.mayBeLeftOut) throw new Error(`Add ${table}.${name} to this test's ${table} row`);
  }
  return written;
}

async function insert(db: Db, table: string, row: Row): Promise<void> {
  const names = Object.keys(row);
  await sql`insert into ${sql.table(table)} (${sql.join(names.map((n) => sql.ref(n)))}) values (${sql.join(
    names.map((n) => row[n]),
  )})`.execute(db);
}

async function select(db: Db, table: string, names: string[], id: string): Promise<unknown> {
  const { rows } =
    await sql`select ${sql.join(names.map((n) => sql.ref(n)))} from ${sql.table(table)} where id = ${id}`.execute(db);
  return rows[0];
}

describe(`every migration keeps the release before it working (${dialect})`, () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let db: Db;
  /** The schema after each migration, by migration name. */
  const history = new Map<string, Schema>();

  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb(database.url);
    for (const name of MIGRATION_NAMES) {
      await migrateUpTo(db, name);
      history.set(name, await schemaOf(db));
    }
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });

  it('no migration drops, retypes or tightens a column, or adds one an older insert cannot leave out', () => {
    const problems = MIGRATION_NAMES.slice(1).flatMap((name, i) =>
      contractions(history.get(MIGRATION_NAMES[i]!)!, history.get(name)!, name),
    );
    expect(problems).toEqual([]);
  });

  it.each(MIGRATION_NAMES.slice(0, -1))(
    'the release at %s writes and reads its user and job on the latest schema',
    async (release) => {
      const schema = history.get(release)!;
      const userId = randomUUID();
      const jobId = randomUUID();
      const user = asWrittenBy(userRow(userId), schema.users!, 'users');
      const job = asWrittenBy(jobRow(jobId, userId), schema.jobs!, 'jobs');
      await insert(db, 'users', user);
      await insert(db, 'jobs', job);
      expect(await select(db, 'users', Object.keys(user), userId)).toEqual(user);
      expect(await select(db, 'jobs', Object.keys(job), jobId)).toEqual(job);
    },
  );
});

describe(`data written before a migration reads the same after it (${dialect})`, () => {
  it('a job written at 006 is a whole tile once 007 has filled what PostgreSQL keeps of it', async () => {
    const database = await createTestDatabase();
    const db = createDb(database.url);
    try {
      await migrateUpTo(db, '006-read-paths');
      const userId = randomUUID();
      const jobId = randomUUID();
      const before = await schemaOf(db);
      await insert(db, 'users', asWrittenBy(userRow(userId), before.users!, 'users'));
      await insert(db, 'jobs', asWrittenBy(jobRow(jobId, userId), before.jobs!, 'jobs'));
      await migrateToLatest(db);
      const tiles = await findLiveJobTilesJson(db, { country: 'japan', page: 1, liveSince: 0 });
      const row = await db.selectFrom('jobs').select(TILE_COLUMNS).where('id', '=', jobId).executeTakeFirstOrThrow();
      expect(tiles.map((tile) => JSON.parse(tile) as unknown)).toEqual([toJobTile(row)]);
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
