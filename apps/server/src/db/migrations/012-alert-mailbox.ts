// Job alerts made with an address are counted by the mailbox it reaches (`email_key`,
// integrations/mail/mailbox.ts), so a `+tag` or Gmail's dots no longer make a new address for the
// per-address cap, and an account's deletion finds the alerts made with its address before it signed
// up. Unconfirmed alerts are deleted after a week, found by their own small index.
// Expand only: the previous release neither reads nor writes the column; an alert it makes while the
// releases overlap has none, and is left out of the counts by mailbox (the minutes a deploy takes).
import { sql, type Kysely } from 'kysely';
import { mailboxKey } from '../../integrations/mail/mailbox.js';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('job_alerts').addColumn('email_key', 'varchar(254)').execute();
  await db.schema.createIndex('job_alerts_email_key_idx').on('job_alerts').column('email_key').execute();
  await db.schema
    .createIndex('job_alerts_unconfirmed_idx')
    .on('job_alerts')
    .column('created_at')
    .where(sql.ref('confirmed_at'), 'is', null)
    .execute();

  // The alerts already there, a page at a time.
  const alerts = db as unknown as Kysely<{
    job_alerts: { id: string; email: string | null; email_key: string | null };
  }>;
  let after = '';
  for (;;) {
    const page = await alerts
      .selectFrom('job_alerts')
      .select(['id', 'email'])
      .where('id', '>', after)
      .where('email', 'is not', null)
      .orderBy('id')
      .limit(500)
      .execute();
    for (const alert of page) {
      await alerts
        .updateTable('job_alerts')
        .set({ email_key: mailboxKey(alert.email!) })
        .where('id', '=', alert.id)
        .execute();
    }
    if (page.length < 500) break;
    after = page[page.length - 1]!.id;
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('job_alerts_unconfirmed_idx').execute();
  await db.schema.dropIndex('job_alerts_email_key_idx').execute();
  await db.schema.alterTable('job_alerts').dropColumn('email_key').execute();
}
