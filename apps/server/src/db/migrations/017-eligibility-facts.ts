// The teacher's facts for visa eligibility (BEYOND §7): passports, highest degree, TEFL hours and
// years of teaching, one row per account, private to it (features/eligibility). Deleted with the
// account.
// Expand only: a new table the previous release never reads.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('eligibility_facts')
    .addColumn('user_id', 'varchar(36)', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    // The facts as JSON (EligibilityFactsSchema): each may be missing.
    .addColumn('facts', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('eligibility_facts').execute();
}
