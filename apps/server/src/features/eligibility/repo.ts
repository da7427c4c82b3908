// The teacher's saved eligibility facts, one row per account.
import type { DbOrTrx } from '../../db/create-db.js';

export async function findFacts(db: DbOrTrx, userId: string): Promise<string | null> {
  const row = await db.selectFrom('eligibility_facts').select('facts').where('user_id', '=', userId).executeTakeFirst();
  return row?.facts ?? null;
}

export async function saveFacts(db: DbOrTrx, userId: string, facts: string, now: number): Promise<void> {
  await db
    .insertInto('eligibility_facts')
    .values({ user_id: userId, facts, updated_at: now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ facts, updated_at: now }))
    .execute();
}

/** The permit a job's contract sheet names (a sponsored visa's), and whether anyone but its owner may see it. */
export function findJobPermit(db: DbOrTrx, jobId: string) {
  return db.selectFrom('jobs').select(['user_id', 'published_at', 'terms']).where('id', '=', jobId).executeTakeFirst();
}
