// The live postings in id order, in an index of their own that holds all a sitemap reads of them: a
// sitemap part counts them, finds the id its part starts after and reads them in batches of 2,000,
// each from this index alone. Without it PostgreSQL read the table itself, whose rows hold the
// descriptions: with 100,000 live postings the count took 0.36 s, finding where the fourth part starts
// 0.47 s, and each batch 58 ms.
// Expand only: the previous release's queries are the same, and may use it.
import { sql, type Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('jobs_sitemap_idx')
    .on('jobs')
    .columns(['id', 'published_at', 'updated_at'])
    .where(sql.ref('published_at'), 'is not', null)
    .where(sql.ref('taken_down_at'), 'is', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('jobs_sitemap_idx').execute();
}
