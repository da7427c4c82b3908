// Reads of one row by its id that the requests of one event-loop turn make, gathered on PostgreSQL
// into one statement. Under load Node takes a batch of requests from its sockets in each turn, and
// each of them asks for the version of its own posting: one round trip each, more of them than the
// pool has connections, so most waited for a connection that came back only when a later turn read
// the answer that held it. Gathered, the turn's reads are one statement sent when the turn's
// requests have all asked (setImmediate: after the poll phase that took them), answered in the next.
// On SQLite a read is a call into the process (readPrepared) and is made at once.
import DataLoader from 'dataloader';
import { isPostgres, type Db, type DbOrTrx } from './create-db.js';

/** At most this many ids in one statement; a turn with more sends several. */
const MAX_IDS = 500;

/**
 * `one` for a read of the row of `id`, made with the turn's other reads through `many` (every row of
 * the ids it is given, each with its `id`) on PostgreSQL outside a transaction. Either way the row, or
 * undefined when there is none.
 */
export function turnBatched<R>(
  one: (db: DbOrTrx, id: string) => Promise<R | undefined>,
  many: (db: Db, ids: string[]) => Promise<(R & { id: string })[]>,
): (db: DbOrTrx, id: string) => Promise<R | undefined> {
  const loaders = new WeakMap<DbOrTrx, DataLoader<string, R | undefined>>();
  const loaderOf = (db: Db) =>
    new DataLoader<string, R | undefined>(
      async (ids) => {
        const rows = new Map<string, R>();
        for (const row of await many(db, [...new Set(ids)])) rows.set(row.id, row);
        return ids.map((id) => rows.get(id));
      },
      // Not kept past the batch: a version is read anew each turn (lib/turn-memo.ts says why).
      { cache: false, maxBatchSize: MAX_IDS, batchScheduleFn: (send) => setImmediate(send) },
    );
  return (db, id) => {
    if (db.isTransaction || !isPostgres(db)) return one(db, id);
    let loader = loaders.get(db);
    if (!loader) loaders.set(db, (loader = loaderOf(db as Db)));
    return loader.load(id);
  };
}
