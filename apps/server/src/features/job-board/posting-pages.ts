// Postings rendered ahead (migration 024): the page an anonymous visitor gets of each posting, gzipped,
// stored under what it shows: the job's version (the posting and its photos move it, not its saves), its
// status (the clock moves it), the build that rendered it (a deploy moves it) and the moment it stops
// reading the same. It is stored by the visit that rendered it and, before any visit, by each server's
// sweep (http/render-ahead.ts), so a first visit, a crawler's included, is sent a page, not a render.
import type { Deps } from '../../deps.js';
import * as pagesRepo from './posting-pages-repo.js';
import * as repo from './repo.js';
import { postingVersionFrom, type PostingVersion } from './service.js';

/** The column holds no Infinity: a page that reads the same forever is kept until this. */
const FOREVER = Number.MAX_SAFE_INTEGER;

/** What a stored page was rendered at (nulls: there is none). */
interface PageStamp {
  job_version: number | null;
  status: string | null;
  build: string | null;
  valid_until: number | null;
}

/** Whether a page stamped so shows the posting at `version`, rendered by `build`, at `now`. */
function isCurrent(stamp: PageStamp, version: PostingVersion, build: string, now: number): boolean {
  return (
    stamp.build === build &&
    Number(stamp.job_version) === version.version &&
    stamp.status === version.status &&
    Number(stamp.valid_until) > now
  );
}

/** The posting's version now, or null when there is no such job. */
export async function postingVersionNow(deps: Deps, jobId: string): Promise<PostingVersion | null> {
  const job = await repo.findPostingVersion(deps.db, jobId);
  return job ? postingVersionFrom(job, deps.clock.now()) : null;
}

/** The posting's page stored at `version` by `build`, gzipped, while it still reads the same. */
export async function findStoredPage(
  deps: Deps,
  jobId: string,
  version: PostingVersion,
  build: string,
): Promise<{ gzipped: Buffer; validUntil: number } | undefined> {
  const [page] = await pagesRepo.findStoredPage(deps.db, { id: jobId });
  if (!page || !isCurrent(page, version, build, deps.clock.now())) return undefined;
  return { gzipped: page.gzipped, validUntil: Number(page.valid_until) };
}

/** Stores the posting's page rendered at `version` by `build`, in place of the one it had. */
export async function keepPostingPage(
  deps: Deps,
  page: { jobId: string; version: PostingVersion; build: string; validUntil: number; gzipped: Buffer },
): Promise<void> {
  await pagesRepo.storePostingPage(deps.db, {
    job_id: page.jobId,
    job_version: page.version.version,
    status: page.version.status,
    build: page.build,
    valid_until: Math.min(page.validUntil, FOREVER),
    gzipped: page.gzipped,
  });
}

/**
 * Of the next `window` jobs by id after `after`, the live postings whose page is not stored at their
 * version by `build`; `last` is where the next call starts, null once the last job is passed.
 */
export async function postingsToRender(
  deps: Deps,
  build: string,
  after: string,
  window: number,
): Promise<{ ids: string[]; last: string | null }> {
  const rows = await pagesRepo.findPageStamps(deps.db, { after, limit: window });
  const now = deps.clock.now();
  const ids = rows
    .filter((row) => {
      const version = postingVersionFrom(row, now);
      return version.status === 'published' && !isCurrent(row, version, build, now);
    })
    .map((row) => row.id);
  return { ids, last: rows.length < window ? null : rows[rows.length - 1]!.id };
}
