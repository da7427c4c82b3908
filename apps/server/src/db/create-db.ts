// Opens the database named by DATABASE_URL: SQLite (embedded default) or PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresAdapter, PostgresDialect, sql, SqliteDialect, type LogEvent, type Transaction } from 'kysely';
import pg from 'pg';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** One round trip to the database: the readiness check's question. Throws when it cannot answer. */
export async function pingDb(db: DbOrTrx): Promise<void> {
  await sql`select 1`.execute(db);
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

/** `logQuery` hears of every query with its duration (Kysely's `log`; the query-time histogram). */
export function createDb(databaseUrl: string, options: { logQuery?: (event: LogEvent) => void } = {}): Db {
  const log = options.logQuery;
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
    return new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  }
  const file = databaseUrl.slice('sqlite:'.length);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file === ':memory:' ? ':memory:' : file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = FULL');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }), log });
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
