import { COMPARE_MAX, DEFAULT_JOB_TITLE, type JobTile } from '@teacheast/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { jobKeys } from '../../features/jobs/api';
import { COMPARE_PAGE_TITLE, readCompareIds, savedJobsPath, useComparedJobs } from '../../features/jobs/compare-api';
import { CompareTable } from '../../features/jobs/components/compare-table';
import { isApiError } from '../../lib/api-error';
import { useSessionUser } from '../../lib/session';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';

/** /compare?ids=…: up to four jobs side by side (BEYOND §6), rendered ahead like a posting. */
export function ComparePage() {
  const [search] = useSearchParams();
  const ids = readCompareIds(search);
  const compared = useComparedJobs(ids);

  if (ids.length === 0) {
    return (
      <Page title={COMPARE_PAGE_TITLE} width="medium">
        <p>No jobs to compare yet. Choose 2 to 4 of your saved jobs to see their pay and conditions side by side.</p>
        <p>
          <Link to={savedJobsPath()}>Go to your saved jobs</Link>
        </p>
      </Page>
    );
  }

  if (compared.isPending) {
    return (
      <Page title={COMPARE_PAGE_TITLE}>
        <Spinner label="Loading the jobs" />
      </Page>
    );
  }

  if (compared.isError) {
    // 400: too many ids in the address, or one that is not an id (a link cut short, say).
    const isRefused = isApiError(compared.error) && compared.error.status === 400;
    const refusal =
      ids.length > COMPARE_MAX
        ? `You can compare at most ${COMPARE_MAX} jobs at a time.`
        : 'This address does not name jobs that can be compared.';
    return (
      <Page title={COMPARE_PAGE_TITLE} width="medium">
        <p className="compare-page__error" role="alert">
          {isRefused ? refusal : compared.error.message}
        </p>
        <p>
          <Link to={savedJobsPath()}>Choose jobs from your saved jobs</Link>
        </p>
      </Page>
    );
  }

  const { jobs, missing } = compared.data;
  return (
    <Page title={COMPARE_PAGE_TITLE}>
      <div className="compare-page">
        {missing.length > 0 && <MissingJobs ids={ids} missing={missing} />}
        {jobs.length === 0 ? (
          <p>
            None of these jobs is available any more.{' '}
            <Link to={savedJobsPath()}>Choose others from your saved jobs</Link>
          </p>
        ) : (
          <>
            <p className="compare-page__lead">
              {jobs.length > 1
                ? 'Where the jobs differ, each cell of the row says “Differs”.'
                : 'Only one of these jobs is available: choose another to compare it with.'}
            </p>
            <div className="compare-page__actions">
              <button type="button" className="button button--secondary" onClick={() => window.print()}>
                Print
              </button>
              <Link to={savedJobsPath()}>Change the jobs</Link>
            </div>
            <CompareTable jobs={jobs} />
          </>
        )}
      </div>
    </Page>
  );
}

/**
 * The jobs asked for that are unknown, unpublished or expired. The answer says only their ids; a
 * teacher who came from the saved jobs has their names in the cache already.
 */
function MissingJobs({ ids, missing }: { ids: readonly string[]; missing: readonly string[] }) {
  const titleId = useId();
  const user = useSessionUser();
  const client = useQueryClient();
  const saved = user ? client.getQueryData<JobTile[]>(jobKeys.saved(user.uuid)) : undefined;
  const nameOf = (id: string) => {
    const job = saved?.find((tile) => tile.uuid === id);
    if (job) return `${job.title || DEFAULT_JOB_TITLE}, ${job.companyName}`;
    const at = ids.findIndex((asked) => asked.toLowerCase() === id.toLowerCase());
    return at < 0 ? 'A job you chose' : `Job ${at + 1} of the ${ids.length} you chose`;
  };
  return (
    <section className="compare-page__missing" aria-labelledby={titleId}>
      <h2 id={titleId} className="compare-page__missing-title">
        No longer available
      </h2>
      <ul>
        {missing.map((id) => (
          <li key={id}>
            <Link to={paths.posting(id)}>{nameOf(id)}</Link>: no longer available
          </li>
        ))}
      </ul>
    </section>
  );
}
