// An operator's takedown closes a posting for good, keeping when and why.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('taken_down_at', 'bigint').execute();
  await db.schema.alterTable('jobs').addColumn('taken_down_reason', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('taken_down_reason').execute();
  await db.schema.alterTable('jobs').dropColumn('taken_down_at').execute();
}
