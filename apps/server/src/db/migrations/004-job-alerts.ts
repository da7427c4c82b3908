// Job alerts (a saved search mailed daily or weekly), their one-time and unsubscribe tokens, a row
// per alert and job mailed (so no job is mailed twice to one alert, whatever the number of senders),
// and outbox mail with an HTML part, headers, and a claim so a restarted server sends what it left.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_alerts')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('cascade'))
    // The address of an alert made without an account; null for an account's alert (its address is the user's).
    .addColumn('email', 'varchar(254)')
    .addColumn('country', 'varchar(32)', (c) => c.notNull())
    .addColumn('city', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('age_group', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('q', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('frequency', 'varchar(8)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('unsubscribed_at', 'bigint')
    // Jobs published after this are new to the alert; moved on by each mail.
    .addColumn('new_since', 'bigint', (c) => c.notNull())
    .addColumn('last_mailed_at', 'bigint')
    .execute();
  await db.schema.createIndex('job_alerts_user_idx').on('job_alerts').column('user_id').execute();
  await db.schema.createIndex('job_alerts_email_idx').on('job_alerts').column('email').execute();
  await db.schema
    .createIndex('job_alerts_due_idx')
    .on('job_alerts')
    .columns(['last_mailed_at'])
    .where(sql.ref('confirmed_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('job_alert_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('alert_id', 'varchar(36)', (c) => c.notNull().references('job_alerts.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint')
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('job_alert_tokens_alert_idx').on('job_alert_tokens').column('alert_id').execute();

  await db.schema
    .createTable('job_alert_jobs')
    .addColumn('alert_id', 'varchar(36)', (c) => c.notNull().references('job_alerts.id').onDelete('cascade'))
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('mailed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_alert_jobs_pk', ['alert_id', 'job_id'])
    .execute();
  await db.schema.createIndex('job_alert_jobs_job_idx').on('job_alert_jobs').column('job_id').execute();

  await db.schema.alterTable('mail_outbox').addColumn('html', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('headers', 'text').execute();
  await db.schema.alterTable('mail_outbox').addColumn('claimed_at', 'bigint').execute();
  await db.schema
    .createIndex('mail_outbox_unsent_idx')
    .on('mail_outbox')
    .column('created_at')
    .where(sql.ref('sent_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('mail_outbox_unsent_idx').execute();
  for (const column of ['claimed_at', 'headers', 'html']) {
    await db.schema.alterTable('mail_outbox').dropColumn(column).execute();
  }
  await db.schema.dropTable('job_alert_jobs').execute();
  await db.schema.dropTable('job_alert_tokens').execute();
  await db.schema.dropTable('job_alerts').execute();
}
