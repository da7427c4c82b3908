// Opens the database named by DATABASE_URL: SQLite (embedded default) or PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, sql, SqliteDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** One round trip to the database: the readiness check's question. Throws when it cannot answer. */
export async function pingDb(db: DbOrTrx): Promise<void> {
  await sql`select 1`.execute(db);
}

/** The connections behind a database made by createDb, for reads that skip Kysely's executor. */
const sqliteHandles = new WeakMap<object, { connection: SQLite.Database; prepare(sql: string): SQLite.Statement }>();
const pgPools = new WeakMap<object, pg.Pool>();

/**
 * Runs a read of a fixed SQL text on a statement the database keeps prepared, or answers undefined
 * when it cannot, and the caller goes through Kysely:
 * - SQLite: straight on the cached statement, unless a transaction is open on the one connection (the
 *   read then queues behind it and never sees its uncommitted writes). A synchronous read cannot
 *   interleave with anything.
 * - PostgreSQL: a named statement, parsed and planned once per connection instead of every time.
 * A transaction (not the database itself) is never read from here.
 */
export function readPrepared<R>(
  db: DbOrTrx,
  name: string,
  sql: string,
  parameters: readonly unknown[],
): R[] | Promise<R[]> | undefined {
  const handle = sqliteHandles.get(db);
  if (handle) return handle.connection.inTransaction ? undefined : (handle.prepare(sql).all(...parameters) as R[]);
  const pool = pgPools.get(db);
  if (!pool) return undefined;
  return pool.query({ name, text: sql, values: [...parameters] }).then((result) => result.rows as R[]);
}

/** DATABASE_URL for a message or a log line: its user and password show as ***. */
export function withoutCredentials(databaseUrl: string): string {
  return databaseUrl.replace(/\/\/[^@/]*@/, '//***@');
}

export function isPostgres(db: DbOrTrx): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// bigint columns hold epoch milliseconds and counters, all far below 2^53.
const pgTypes = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (v: string) => Number(v);
    // pg's own parser for every other type (typed `any` upstream; pg hands each parser the text).
    return pg.types.getTypeParser(oid, format) as (value: string) => unknown;
  },
};

export function createDb(databaseUrl: string): Db {
  if (databaseUrl.startsWith('postgres')) {
    const pool = new pg.Pool({
      connectionString: databaseUrl,
      max: 20,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      types: pgTypes,
    });
    // A dropped connection must not crash the process: the query in flight fails (answered 503) and
    // the next one reconnects. A client checked out of the pool has no pool listener, so give every
    // client its own.
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    pgPools.set(db, pool);
    return db;
  }
  const file = databaseUrl.slice('sqlite:'.length);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file === ':memory:' ? ':memory:' : file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = FULL');
  // Reads map the file instead of copying each page through a read() call, and the hot pages of
  // a large board stay in SQLite's own cache (64 MB) instead of its 2 MB default.
  sqlite.pragma('mmap_size = 1073741824');
  sqlite.pragma('cache_size = -65536');
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }) });
  sqliteHandles.set(db, { connection: sqlite, prepare: (sql) => statements.prepare(sql) });
  return db;
}

/**
 * Kysely prepares every query anew, and preparing costs more than running a short indexed query.
 * The product issues a few hundred distinct statements, so keeping them prepared is a large win.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (statement) {
        cache.delete(sql); // keep the most recently used at the end
      } else {
        statement = sqlite.prepare(sql);
        if (cache.size >= max) cache.delete(cache.keys().next().value!);
      }
      cache.set(sql, statement);
      return statement;
    },
  };
}
