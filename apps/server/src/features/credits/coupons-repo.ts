// The coupons' queries: codes an operator hands out, each used at most once.
import type { DbOrTrx } from '../../db/create-db.js';

export async function insertCoupons(db: DbOrTrx, codes: string[], now: number): Promise<void> {
  if (codes.length === 0) return;
  await db
    .insertInto('coupons')
    .values(codes.map((code) => ({ code, created_at: now, redeemed_by: null, redeemed_at: null })))
    .execute();
}

export async function findCoupon(db: DbOrTrx, code: string) {
  return db.selectFrom('coupons').selectAll().where('code', '=', code).executeTakeFirst();
}

/** Marks a coupon used; false when someone else used it first (the condition makes it single use). */
export async function redeemCouponOnce(db: DbOrTrx, code: string, userId: string, now: number): Promise<boolean> {
  const res = await db
    .updateTable('coupons')
    .set({ redeemed_by: userId, redeemed_at: now })
    .where('code', '=', code)
    .where('redeemed_at', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
