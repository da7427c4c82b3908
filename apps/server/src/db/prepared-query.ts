// Queries of a fixed shape, built and compiled once per dialect: later calls only bind their values.
// Kysely builds and compiles a query anew on every call, which costs more than running a short
// indexed query; the hottest reads (search pages, a posting) and the most frequent writes (a visit
// counted) skip that work here.
import { CompiledQuery, type Compilable } from 'kysely';
import { createHash } from 'node:crypto';
import { isPostgres, readPrepared, type DbOrTrx } from './create-db.js';

type Value = string | number | null;

/** A placeholder no request can carry: text with NUL is refused at the edge. */
const SLOT = '\u0000slot:';

interface Compiled {
  /** The statement's name where the database keeps it prepared (PostgreSQL). */
  name: string;
  sql: string;
  /** Each bound value: a parameter's name, or a constant the builder put there. */
  values: ({ name: string } | { constant: unknown })[];
}

/**
 * The query `build` makes, compiled once per dialect. `build` receives stand-ins for the parameters
 * and must use each one as a bound value (a comparison, a limit, a value written), never to decide
 * the query's shape: one that does is refused here.
 */
function compiledOnce<P extends Record<string, Value>>(
  build: (db: DbOrTrx, params: P) => Compilable<unknown>,
): (db: DbOrTrx) => Compiled {
  const byDialect = new Map<boolean, Compiled>();
  return (db) => {
    const dialect = isPostgres(db);
    let compiled = byDialect.get(dialect);
    if (!compiled) {
      const used = new Set<string>();
      const stand = new Proxy({} as P, {
        get: (_target, name) => {
          used.add(String(name));
          return `${SLOT}${String(name)}`;
        },
      });
      const query = build(db, stand).compile();
      compiled = {
        name: `q_${createHash('sha1').update(query.sql).digest('hex').slice(0, 20)}`,
        sql: query.sql,
        values: query.parameters.map((v) =>
          typeof v === 'string' && v.startsWith(SLOT) ? { name: v.slice(SLOT.length) } : { constant: v },
        ),
      };
      const bound = new Set(compiled.values.flatMap((v) => ('name' in v ? [v.name] : [])));
      const unbound = [...used].filter((name) => !bound.has(name));
      if (unbound.length > 0) throw new Error(`compiled once: ${unbound.join(', ')} not bound in ${compiled.sql}`);
      byDialect.set(dialect, compiled);
    }
    return compiled;
  };
}

/** The values `compiled` is run with: each parameter's, and the builder's constants. */
const valuesOf = (compiled: Compiled, params: Record<string, Value>): unknown[] =>
  compiled.values.map((v) => ('name' in v ? params[v.name] : v.constant));

/** A read of a fixed shape (compiledOnce), run on a statement the database keeps prepared. */
export function preparedQuery<P extends Record<string, Value>, R>(
  build: (db: DbOrTrx, params: P) => Compilable<R>,
): (db: DbOrTrx, params: P) => Promise<R[]> {
  const compiledFor = compiledOnce(build);
  return async (db, params) => {
    const compiled = compiledFor(db);
    const values = valuesOf(compiled, params);
    const rows = readPrepared<R>(db, compiled.name, compiled.sql, values);
    if (rows) return rows;
    const result = await db.executeQuery<R>(CompiledQuery.raw(compiled.sql, values));
    return result.rows;
  };
}

/**
 * A write of a fixed shape (compiledOnce): a query that compiles to the kept SQL with these values, run
 * as any other (`executeQuery`, writeWithoutWaitingForDisk). A write a request makes often is neither
 * built nor compiled again each time: among the reads, that work ran cold and cost a visit counted
 * more than the write itself (docs/PERFORMANCE.md, 2026-11-30, evening).
 */
export function preparedWrite<P extends Record<string, Value>>(
  build: (db: DbOrTrx, params: P) => Compilable<unknown>,
): (db: DbOrTrx, params: P) => Compilable<unknown> {
  const compiledFor = compiledOnce(build);
  return (db, params) => {
    const compiled = compiledFor(db);
    return { compile: () => CompiledQuery.raw(compiled.sql, valuesOf(compiled, params)) };
  };
}
