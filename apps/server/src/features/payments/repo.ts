// Every query of the payments feature: payments and the webhook events already applied.
import type { DbOrTrx } from '../../db/create-db.js';
import type { PaymentsTable } from '../../db/schema.js';

export async function insertPayment(
  db: DbOrTrx,
  p: {
    id: string;
    provider: PaymentsTable['provider'];
    userId: string;
    quantity: string;
    amountCents: number;
    clientSecret: string;
    now: number;
  },
): Promise<void> {
  await db
    .insertInto('payments')
    .values({
      id: p.id,
      provider: p.provider,
      user_id: p.userId,
      kind: 'credits',
      quantity: p.quantity,
      amount_cents: p.amountCents,
      status: 'pending',
      client_secret: p.clientSecret,
      created_at: p.now,
      updated_at: p.now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export async function findPayment(db: DbOrTrx, id: string) {
  return db.selectFrom('payments').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Moves a payment to succeeded (from any state) or to failed (only from pending): never backwards. */
export async function markPaymentSucceeded(db: DbOrTrx, id: string, now: number): Promise<void> {
  await db.updateTable('payments').set({ status: 'succeeded', updated_at: now }).where('id', '=', id).execute();
}

export async function markPaymentFailed(db: DbOrTrx, id: string, now: number): Promise<void> {
  await db
    .updateTable('payments')
    .set({ status: 'failed', updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .execute();
}

/** Records a provider event; false when it was seen before (a retry or a duplicate). */
export async function recordPaymentEvent(
  db: DbOrTrx,
  e: { id: string; provider: string; type: string; now: number },
): Promise<boolean> {
  const res = await db
    .insertInto('payment_events')
    .values({ id: e.id, provider: e.provider, type: e.type.slice(0, 64), created_at: e.now })
    .onConflict((oc) => oc.column('id').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0n) > 0;
}
