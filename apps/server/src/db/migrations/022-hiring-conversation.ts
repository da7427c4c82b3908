// The hiring conversation (BEYOND §10): messages on an application (read by the other party or not),
// when each party was last mailed about them, interviews proposed as up to five times in the school's
// time zone, offers with their contract sheet, and the calendar invitation a mail carries.
// Expand only: new tables and a nullable column; the previous release reads the new statuses
// (interview, accepted, declined) as stages it does not move.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('application_messages')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('application_id', 'varchar(36)', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('read_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('application_messages_idx')
    .on('application_messages')
    .columns(['application_id', 'created_at'])
    .execute();

  // When each party of a conversation was last mailed about new messages (at most once in 15 minutes).
  await db.schema
    .createTable('conversation_mail')
    .addColumn('application_id', 'varchar(36)', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('mailed_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_mail_pkey', ['application_id', 'recipient'])
    .execute();

  await db.schema
    .createTable('interviews')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('application_id', 'varchar(36)', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    .addColumn('time_zone', 'text', (c) => c.notNull())
    // proposed, accepted or cancelled.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('accepted_slot_id', 'varchar(36)')
    .addColumn('reason', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('interviews_application_idx')
    .on('interviews')
    .columns(['application_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('interview_slots')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('interview_id', 'varchar(36)', (c) => c.notNull().references('interviews.id').onDelete('cascade'))
    .addColumn('starts_at', 'bigint', (c) => c.notNull())
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('mode', 'text', (c) => c.notNull())
    .addColumn('where_text', 'text')
    .execute();
  await db.schema
    .createIndex('interview_slots_interview_idx')
    .on('interview_slots')
    .columns(['interview_id', 'starts_at'])
    .execute();

  await db.schema
    .createTable('offers')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('application_id', 'varchar(36)', (c) => c.notNull().references('applications.id').onDelete('cascade'))
    // The contract sheet offered (JobTermsSchema), as JSON.
    .addColumn('terms', 'text', (c) => c.notNull())
    .addColumn('respond_by', 'text', (c) => c.notNull())
    // open, accepted, declined or withdrawn.
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .execute();
  // One open offer an application, whatever the race.
  await db.schema
    .createIndex('offers_open_idx')
    .on('offers')
    .column('application_id')
    .unique()
    .where(sql.ref('status'), '=', 'open')
    .execute();
  await db.schema
    .createIndex('offers_application_idx')
    .on('offers')
    .columns(['application_id', 'created_at'])
    .execute();

  // A calendar invitation (text/calendar) the mail carries, or null.
  await db.schema.alterTable('mail_outbox').addColumn('ical', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_outbox').dropColumn('ical').execute();
  await db.schema.dropTable('offers').execute();
  await db.schema.dropTable('interview_slots').execute();
  await db.schema.dropTable('interviews').execute();
  await db.schema.dropTable('conversation_mail').execute();
  await db.schema.dropTable('application_messages').execute();
}
