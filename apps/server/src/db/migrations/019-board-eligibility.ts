// The resume board's `eligibleFor={permit}` filter (BEYOND §7) reads each published resume's owner's
// eligibility facts, so a change of facts moves the board's version (content_versions.resumes,
// migration 009) as a change of the resume itself does; on PostgreSQL at commit, as 009's.
// Expand only: the previous release writes facts through the same triggers and reads the version
// as before.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

const EVENTS = ['insert', 'update', 'delete'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const event of EVENTS) {
    const name = sql.id(`eligibility_facts_board_version_${event}`);
    await (
      postgres
        ? sql`
          create constraint trigger ${name} after ${sql.raw(event)} on eligibility_facts
          deferrable initially deferred for each row execute function resumes_bump_board_version()`
        : sql`
          create trigger ${name} after ${sql.raw(event)} on eligibility_facts begin
            update content_versions set version = version + 1 where name = 'resumes';
          end`
    ).execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter;
  for (const event of EVENTS) {
    await sql`drop trigger if exists ${sql.id(`eligibility_facts_board_version_${event}`)}${
      postgres ? sql` on eligibility_facts` : sql``
    }`.execute(db);
  }
}
