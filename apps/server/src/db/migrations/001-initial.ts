// The product's whole schema. Written with Kysely's schema builder so it runs on SQLite and PostgreSQL.
import { PostgresAdapter, sql, type ColumnDefinitionBuilder, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  const isPostgres = db.getExecutor().adapter instanceof PostgresAdapter;
  // SQLite's INTEGER PRIMARY KEY is its row id and counts up by itself.
  const identity = (c: ColumnDefinitionBuilder) =>
    isPostgres ? c.primaryKey().generatedByDefaultAsIdentity() : c.primaryKey();
  const binary = isPostgres ? sql`bytea` : sql`blob`;

  await db.schema
    .createTable('users')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(254)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('confirmed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('payment_customer_id', 'varchar(255)')
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('email_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('email_tokens_user_idx').on('email_tokens').column('user_id').execute();

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('company_name', 'varchar(120)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('country', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('city', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('pay', 'varchar(80)', (c) => c.notNull().defaultTo(''))
    .addColumn('age_group', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('duration', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('class_size', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('start_date', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('phone', 'varchar(40)', (c) => c.notNull().defaultTo(''))
    .addColumn('link', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('description_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('thumbnail', 'varchar(255)')
    .addColumn('tile_thumbnail', 'varchar(255)')
    .addColumn('published_at', 'bigint')
    .addColumn('relisted_from', 'varchar(36)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  // Search: country (+ city / age group), newest first, id as the stable tie-break.
  await db.schema
    .createIndex('jobs_search_idx')
    .on('jobs')
    .columns(['country', 'published_at', 'id'])
    .where(sql.ref('published_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('jobs_search_city_idx')
    .on('jobs')
    .columns(['country', 'city', 'published_at', 'id'])
    .where(sql.ref('published_at'), 'is not', null)
    .execute();
  await db.schema
    .createIndex('jobs_search_age_idx')
    .on('jobs')
    .columns(['country', 'age_group', 'published_at', 'id'])
    .where(sql.ref('published_at'), 'is not', null)
    .execute();
  await db.schema.createIndex('jobs_user_idx').on('jobs').columns(['user_id', 'published_at']).execute();

  await db.schema
    .createTable('job_images')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('url', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('job_images_job_idx').on('job_images').columns(['job_id', 'position']).execute();

  await db.schema
    .createTable('favorites')
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('favorites_pk', ['user_id', 'job_id'])
    .execute();
  await db.schema.createIndex('favorites_job_idx').on('favorites').column('job_id').execute();

  await db.schema
    .createTable('job_metrics_daily')
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('day', 'varchar(10)', (c) => c.notNull())
    .addColumn('clicks', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('time_spent', 'bigint', (c) => c.notNull().defaultTo(0))
    .addColumn('saves', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('job_metrics_daily_pk', ['job_id', 'day'])
    .execute();

  await db.schema
    .createTable('resumes')
    .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull().defaultTo(''))
    .addColumn('email', 'varchar(254)', (c) => c.notNull().defaultTo(''))
    .addColumn('nationality', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('education', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('experience', 'varchar(8)', (c) => c.notNull().defaultTo(''))
    .addColumn('desired_country', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('desired_start_date', 'varchar(16)', (c) => c.notNull().defaultTo(''))
    .addColumn('desired_age_group', 'varchar(32)', (c) => c.notNull().defaultTo(''))
    .addColumn('profile_image', 'varchar(255)')
    .addColumn('resume_html', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('resume_pdf_key', 'varchar(255)')
    .addColumn('published_at', 'bigint')
    .addColumn('last_updated_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('resumes_board_idx')
    .on('resumes')
    .columns(['last_updated_at', 'id'])
    .where(sql.ref('published_at'), 'is not', null)
    .execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'integer', identity)
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('reason', 'varchar(16)', (c) => c.notNull())
    .addColumn('reference', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('credit_ledger_reference_uq', ['reason', 'reference'])
    .execute();
  await db.schema.createIndex('credit_ledger_user_idx').on('credit_ledger').column('user_id').execute();

  await db.schema
    .createTable('payments')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('quantity', 'varchar(8)')
    .addColumn('amount_cents', 'integer', (c) => c.notNull())
    .addColumn('status', 'varchar(16)', (c) => c.notNull())
    .addColumn('client_secret', 'varchar(255)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payments_user_idx').on('payments').column('user_id').execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('type', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(36)', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'varchar(16)', (c) => c.notNull())
    .addColumn('status', 'varchar(32)', (c) => c.notNull())
    .addColumn('cancel_at_period_end', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('current_period_end', 'bigint', (c) => c.notNull())
    .addColumn('payment_method_id', 'varchar(255)')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('subscriptions_user_idx').on('subscriptions').column('user_id').execute();
  // One live subscription per user, enforced by the database.
  await db.schema
    .createIndex('subscriptions_one_live_uq')
    .on('subscriptions')
    .column('user_id')
    .unique()
    .where(sql.ref('status'), 'in', ['active', 'incomplete', 'past_due'])
    .execute();

  await db.schema
    .createTable('coupons')
    .addColumn('code', 'varchar(36)', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('redeemed_by', 'varchar(36)', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('redeemed_at', 'bigint')
    .execute();

  await db.schema
    .createTable('contact_messages')
    .addColumn('id', 'integer', identity)
    .addColumn('email', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(200)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('mail_outbox')
    .addColumn('id', 'integer', identity)
    .addColumn('to_address', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint')
    .addColumn('error', 'text')
    .execute();

  await db.schema
    .createTable('expiry_notices')
    .addColumn('job_id', 'varchar(36)', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('published_at', 'bigint', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('expiry_notices_pk', ['job_id', 'published_at'])
    .execute();

  await db.schema
    .createTable('blobs')
    .addColumn('key', 'varchar(255)', (c) => c.primaryKey())
    .addColumn('content_type', 'varchar(100)', (c) => c.notNull())
    .addColumn('data', binary, (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The initial migration cannot be reverted; restore a backup instead.');
}
