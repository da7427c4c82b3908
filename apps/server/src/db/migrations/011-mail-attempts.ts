// How many times each outbox mail was taken on for sending: the outbox gives up on a mail after a
// bounded number of tries (integrations/mail/mailer.ts) and blanks its text, so a mail that never
// goes keeps no link at rest. Expand only: the previous release neither reads nor writes it.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('mail_outbox')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('attempts').execute();
}
