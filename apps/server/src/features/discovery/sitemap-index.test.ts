// The sitemap reads its postings from its own index (migration 010) on SQLite, whatever else indexes
// jobs by id: left to choose, SQLite's planner walked the posting pages' stamp index and read every
// row (64 ms against 4 at 100,000 jobs).
import SQLite from 'better-sqlite3';
import type { CompiledQuery } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialect, migratedTestDb } from '../../../test/harness.js';
import { findLivePostingsAfter, hasLivePostingAt } from './repo.js';

/** sqlite_stat1 of the jobs table of the benchmark's 100,000 jobs. */
const JOBS_STATISTICS: Record<string, string> = {
  sqlite_autoindex_jobs_1: '100000 1',
  jobs_page_stamp_idx: '100000 1 1 1',
  jobs_sitemap_idx: '100000 1 1 1',
  jobs_school_idx: '100000 100000 1',
  jobs_user_idx: '100000 50 1',
  jobs_terms_idx: '80094 11442 407 1',
  jobs_search_age_idx: '100000 14286 3572 1 1',
  jobs_search_city_idx: '100000 14286 111 1 1',
  jobs_tiles_idx: '100000 14286 1 1 1 1 1 1 1 1 1 1 1 1 1 1 1',
};

describe('the sitemap reads', () => {
  const queries: CompiledQuery[] = [];
  const database = migratedTestDb({ logQuery: (event) => queries.push(event.query) });

  it('find the live postings from the sitemap index', async () => {
    const { db, url } = database;
    queries.length = 0;
    const now = Date.now();
    expect(await hasLivePostingAt(db, now, 49_000)).toBe(false);
    expect(await findLivePostingsAfter(db, now, { from: '80', before: '81' }, '80a', 2_000)).toEqual([]);
    expect(await findLivePostingsAfter(db, now, { from: null, before: null }, null, 2_000)).toEqual([]);
    expect(queries).toHaveLength(3);
    if (dialect === 'sqlite') {
      const file = new SQLite(url.slice('sqlite:'.length));
      try {
        // The planner's statistics of a site of 100,000 jobs, as ANALYZE wrote them there.
        file.exec('analyze');
        file.exec("delete from sqlite_stat1 where tbl = 'jobs'");
        const stat = file.prepare("insert into sqlite_stat1 (tbl, idx, stat) values ('jobs', ?, ?)");
        for (const [index, row] of Object.entries(JOBS_STATISTICS)) stat.run(index, row);
        file.exec('analyze sqlite_schema');
        for (const query of queries) {
          const plan = file.prepare(`explain query plan ${query.sql}`).all(...query.parameters) as { detail: string }[];
          expect(plan.map((row) => row.detail).join('; '), query.sql).toMatch(/USING INDEX jobs_sitemap_idx/);
        }
      } finally {
        file.close();
      }
    }
  });
});
