// The postings' pages rendered ahead (migration 024; features/job-board/posting-pages.ts).
import type { DbOrTrx } from '../../db/create-db.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { NewPostingPage } from '../../db/schema.js';

/**
 * A posting's stored page and what it was rendered at. Apart from the job's version (repo.ts), not
 * joined to it: SQLite answered the join in 28 µs and the two reads in 16 µs together.
 */
export const findStoredPage = preparedQuery((db, p: { id: string }) =>
  db
    .selectFrom('posting_pages')
    .select(['job_version', 'status', 'build', 'valid_until', 'gzipped'])
    .where('job_id', '=', p.id),
);

/** The next `limit` jobs by id after `after`, each with the stamp of its stored page (none: nulls). */
export const findPageStamps = preparedQuery((db, p: { after: string; limit: number }) =>
  db
    .selectFrom('jobs')
    .leftJoin('posting_pages', 'posting_pages.job_id', 'jobs.id')
    .select([
      'jobs.id',
      'jobs.version',
      'jobs.published_at',
      'posting_pages.job_version',
      'posting_pages.status',
      'posting_pages.build',
      'posting_pages.valid_until',
    ])
    .where('jobs.id', '>', p.after)
    .orderBy('jobs.id')
    .limit(p.limit),
);

/** Stores a posting's page in place of the one it had. */
export async function storePostingPage(db: DbOrTrx, page: NewPostingPage): Promise<void> {
  const { job_id: _id, ...rest } = page;
  await db
    .insertInto('posting_pages')
    .values(page)
    .onConflict((oc) => oc.column('job_id').doUpdateSet(rest))
    .execute();
}
