// Opens the database named by DATABASE_URL: SQLite (embedded default) or PostgreSQL.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  type Compilable,
  PostgresAdapter,
  PostgresDialect,
  sql,
  SqliteDialect,
  type LogEvent,
  type Transaction,
} from 'kysely';
import pg from 'pg';
import { BoundedCache } from '../lib/bounded-cache.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type DbOrTrx = Kysely<Database> | Transaction<Database>;

/** One round trip to the database: the readiness check's question. Throws when it cannot answer. */
export async function pingDb(db: DbOrTrx): Promise<void> {
  await sql`select 1`.execute(db);
}

/** Every commit on SQLite waits for the disk (an fsync of the log), but writeWithoutWaitingForDisk's. */
const SYNCHRONOUS = 'FULL';

/** The connections behind a database made by createDb, for reads that skip Kysely's executor. */
const sqliteHandles = new WeakMap<
  object,
  {
    connection: SQLite.Database;
    read(sql: string): FixedRead;
    /** The statement for `sql`, from the connection's own statement cache. */
    statement(sql: string): SQLite.Statement;
    log?: (event: LogEvent) => void;
  }
>();

/**
 * A fixed read's own statement, answering each row as an array, and the function that makes the row
 * object from it. better-sqlite3 makes a row object in C++ one property at a time, which costs more
 * than the rest of a short read (2 µs of a posting's 15); one object literal with the statement's
 * columns as its keys is made at once, with the same shape every time.
 */
interface FixedRead {
  statement: SQLite.Statement;
  row: (values: unknown[]) => unknown;
}

function fixedRead(sqlite: SQLite.Database, sql: string): FixedRead {
  const statement = sqlite.prepare(sql).raw(true);
  // The names are the statement's own columns (JSON.stringify quotes each as a key); as in
  // better-sqlite3's own rows, the last of two columns of one name wins.
  const names = statement.columns().map((column) => column.name);
  // (A literal's "__proto__" key would set the prototype instead.)
  if (names.includes('__proto__')) throw new Error(`fixedRead: a column named __proto__ in ${sql}`);
  const keys = names.map((name, i) => `${JSON.stringify(name)}: v[${i}]`);
  const row = new Function('v', `return { ${keys.join(', ')} };`) as FixedRead['row'];
  return { statement, row };
}

const pgPools = new WeakMap<object, { pool: PoolsOfOneDatabase; log?: (event: LogEvent) => void }>();

/**
 * A dropped connection must not crash the process: the query in flight fails (answered 503) and the
 * next one reconnects. A client checked out of the pool has no pool listener, so every client gets one.
 */
function quietOnErrors(pool: pg.Pool): pg.Pool {
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  return pool;
}

/**
 * The pool every query goes through, and beside it a small one whose connections commit without
 * waiting for the log to reach the disk (`synchronous_commit = off`, set as each connects): there a
 * write that may be lost in a power cut (writeWithoutWaitingForDisk) is one round trip, not four
 * (`begin`, `set local`, itself, `commit`), each of which waits a turn of a busy event loop. Ended
 * together, by Kysely's destroy. The setting joins the database URL's own `options` (pg lets the
 * URL's win over the pool's, so it is written into the URL).
 */
class PoolsOfOneDatabase extends pg.Pool {
  readonly unsynced: pg.Pool;

  constructor(databaseUrl: string, config: pg.PoolConfig) {
    super({ ...config, connectionString: databaseUrl });
    quietOnErrors(this);
    this.unsynced = quietOnErrors(
      new pg.Pool({
        ...config,
        connectionString: withOption(databaseUrl, '-c synchronous_commit=off'),
        max: 2,
      }),
    );
  }

  override end(): Promise<void>;
  override end(callback: () => void): void;
  override end(callback?: () => void): Promise<void> | undefined {
    const ended = Promise.all([super.end(), this.unsynced.end()]).then(() => undefined);
    if (!callback) return ended;
    void ended.then(callback, callback);
    return undefined;
  }
}

/** `databaseUrl` with `option` added to its `options` parameter (the server's settings at connection). */
function withOption(databaseUrl: string, option: string): string {
  const url = new URL(databaseUrl);
  url.searchParams.set('options', [url.searchParams.get('options'), option].filter(Boolean).join(' '));
  return url.toString();
}

/** Tells `log` (the query-time histogram) of a statement that went past Kysely, as Kysely would. */
function logStatement(log: (event: LogEvent) => void, sql: string, parameters: readonly unknown[], start: number) {
  log({
    level: 'query',
    query: CompiledQuery.raw(sql, [...parameters]),
    queryDurationMillis: performance.now() - start,
  });
}

/**
 * Runs a read of a fixed SQL text on a statement the database keeps prepared, or answers undefined
 * when it cannot, and the caller goes through Kysely:
 * - SQLite: straight on the read's own kept statement (FixedRead), unless a transaction is open on
 *   the one connection (the read then queues behind it and never sees its uncommitted writes). A
 *   synchronous read cannot interleave with anything.
 * - PostgreSQL: a named statement, parsed and planned once per connection instead of every time.
 * A transaction (not the database itself) is never read from here.
 */
export function readPrepared<R>(
  db: DbOrTrx,
  name: string,
  sql: string,
  parameters: readonly unknown[],
): R[] | Promise<R[]> | undefined {
  const start = performance.now();
  const handle = sqliteHandles.get(db);
  if (handle) {
    if (handle.connection.inTransaction) return undefined;
    const read = handle.read(sql);
    const values = read.statement.all(...parameters) as unknown[][];
    const rows = new Array<R>(values.length);
    for (let i = 0; i < values.length; i++) rows[i] = read.row(values[i]!) as R;
    if (handle.log) logStatement(handle.log, sql, parameters, start);
    return rows;
  }
  const postgres = pgPools.get(db);
  if (!postgres) return undefined;
  return postgres.pool.query({ name, text: sql, values: [...parameters] }).then((result) => {
    if (postgres.log) logStatement(postgres.log, sql, parameters, start);
    return result.rows as R[];
  });
}

/**
 * Runs `query`, one write, committed without waiting for the disk, and answers how many rows it changed
 * (its triggers' not counted): for a write whose loss in a power cut or a crash of the operating system
 * is acceptable (a visit counted, the outbox's own bookkeeping), never for one a person is told was
 * kept. A crash of the process loses nothing either way: the commit has reached the operating system.
 * Each commit that waits for the disk takes every earlier one with it.
 * - SQLite (WAL): run on the connection with synchronous=NORMAL for its commit, which then writes the
 *   log without an fsync, and FULL again at once; synchronous, so no other commit can come between.
 *   With a transaction open on the one connection it queues behind it through Kysely, and waits for
 *   the disk as usual.
 * - PostgreSQL: one statement, committed alone on a connection of its own pool, which has
 *   `synchronous_commit = off` (PoolsOfOneDatabase).
 */
export async function writeWithoutWaitingForDisk(db: Db, query: Compilable<unknown>): Promise<number> {
  const compiled = query.compile();
  const handle = sqliteHandles.get(db);
  if (handle && !handle.connection.inTransaction) {
    const start = performance.now();
    handle.statement('pragma synchronous = NORMAL').run();
    let changes: number;
    try {
      changes = handle.statement(compiled.sql).run(...compiled.parameters).changes;
    } finally {
      handle.statement(`pragma synchronous = ${SYNCHRONOUS}`).run();
    }
    if (handle.log) logStatement(handle.log, compiled.sql, compiled.parameters, start);
    return changes;
  }
  const postgres = pgPools.get(db);
  if (postgres) {
    const start = performance.now();
    const result = await postgres.pool.unsynced.query(compiled.sql, [...compiled.parameters]);
    if (postgres.log) logStatement(postgres.log, compiled.sql, compiled.parameters, start);
    return result.rowCount ?? 0;
  }
  return Number((await db.executeQuery(compiled)).numAffectedRows ?? 0n);
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

/** `logQuery` hears of every query with its duration (Kysely's `log`; the query-time histogram). */
export function createDb(databaseUrl: string, options: { logQuery?: (event: LogEvent) => void } = {}): Db {
  const log = options.logQuery;
  if (databaseUrl.startsWith('postgres')) {
    const pool = new PoolsOfOneDatabase(databaseUrl, {
      max: 20,
      connectionTimeoutMillis: 5000,
      idleTimeoutMillis: 30_000,
      types: pgTypes,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
    pgPools.set(db, { pool, log });
    return db;
  }
  // better-sqlite3 13's binary is built for Node 24: an older Node (a bare `node` that is not the
  // project's node_modules/.bin/node) would crash the process at the first query, with no message.
  if (Number(process.versions.node.split('.')[0]) < 24) {
    throw new Error(
      `SQLite needs Node 24 or later, and this is Node ${process.versions.node}: run through npm (npm start, npm run …), which puts the project's Node 24 first in PATH`,
    );
  }
  const file = databaseUrl.slice('sqlite:'.length);
  if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
  const sqlite = new SQLite(file === ':memory:' ? ':memory:' : file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma(`synchronous = ${SYNCHRONOUS}`);
  // Reads map the file instead of copying each page through a read() call, and the hot pages of
  // a large board stay in SQLite's own cache (64 MB) instead of its 2 MB default.
  sqlite.pragma('mmap_size = 1073741824');
  sqlite.pragma('cache_size = -65536');
  withoutHistograms(sqlite);
  const statements = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: statements }), log });
  // Fixed reads are the product's own SQL texts (db/prepared-query.ts), a few dozen: each is kept.
  const reads = new Map<string, FixedRead>();
  const read = (sql: string) => {
    let found = reads.get(sql);
    if (!found) reads.set(sql, (found = fixedRead(sqlite, sql)));
    return found;
  };
  sqliteHandles.set(db, { connection: sqlite, read, statement: (sql) => statements.prepare(sql), log });
  return db;
}

/**
 * Once ANALYZE (or PRAGMA optimize) has written STAT4 histograms, SQLite plans every statement whose
 * bound values might change its plan again on every run: 5 to 10 µs a read here, more than most reads
 * cost, and a keyword search three times slower. The product's reads are index range scans chosen by
 * their shape, so only the STAT1 row counts are kept; the planner reloads them at once.
 */
function withoutHistograms(sqlite: SQLite.Database): void {
  const hasHistograms = sqlite.prepare("select 1 from sqlite_master where name = 'sqlite_stat4'").get();
  if (!hasHistograms) return;
  sqlite.exec('delete from sqlite_stat4');
  sqlite.exec('analyze sqlite_schema');
}

/**
 * Kysely prepares every query anew, and preparing costs more than running a short indexed query.
 * The product issues a few hundred distinct statements, so keeping them prepared is a large win.
 */
function withStatementCache(sqlite: SQLite.Database, max = 500) {
  // The least recently used goes first past `max` (lib/bounded-cache.ts); a statement never goes stale.
  const cache = new BoundedCache<string, SQLite.Statement>(max);
  return {
    close: () => sqlite.close(),
    prepare(sql: string) {
      let statement = cache.get(sql);
      if (!statement) cache.set(sql, (statement = sqlite.prepare(sql)));
      return statement;
    },
  };
}

/**
 * Whether SQLite refused a transaction because another connection to the file wrote first: a write
 * lock held (SQLITE_BUSY, answered at once where waiting could deadlock, as a transaction that read
 * before it writes), or a commit since this transaction read (SQLITE_BUSY_SNAPSHOT). Nothing of the
 * transaction was kept; it may be tried again from its start.
 */
export function isBusy(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return code === 'SQLITE_BUSY' || code === 'SQLITE_BUSY_SNAPSHOT';
}

/** Whether the database refused a write for a unique key (PostgreSQL's code, or SQLite's). */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: string } | undefined)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
