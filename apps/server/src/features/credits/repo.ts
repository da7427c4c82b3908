// The credit ledger's queries: one row per purchase, grant and use; a balance is their sum.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/create-db.js';
import { isPostgres } from '../../db/create-db.js';
import type { CreditLedgerTable } from '../../db/schema.js';

export async function creditBalance(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('credit_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('delta'), sql<number>`0`).as('balance'))
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return Number(row?.balance ?? 0);
}

/** Adds a ledger row once: the (reason, reference) pair is unique, so a repeat changes nothing. */
export async function addLedgerEntry(
  db: DbOrTrx,
  entry: { userId: string; delta: number; reason: CreditLedgerTable['reason']; reference: string; now: number },
): Promise<boolean> {
  const res = await db
    .insertInto('credit_ledger')
    .values({
      user_id: entry.userId,
      delta: entry.delta,
      reason: entry.reason,
      reference: entry.reference,
      created_at: entry.now,
    })
    .onConflict((oc) => oc.columns(['reason', 'reference']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Serialises a user's credit spending on PostgreSQL; a SQLite transaction is serialised already. */
export async function lockUser(db: DbOrTrx, userId: string): Promise<boolean> {
  let query = db.selectFrom('users').select('id').where('id', '=', userId);
  if (isPostgres(db)) query = query.forUpdate();
  return (await query.executeTakeFirst()) !== undefined;
}
