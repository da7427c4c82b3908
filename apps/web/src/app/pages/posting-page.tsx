import { DEFAULT_JOB_TITLE, type Job } from '@teacheast/shared';
import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ApplyOffer } from '../../features/applications/components/apply-offer';
import { useJob } from '../../features/jobs/api';
import { postingTitle } from '../../features/jobs/components/job-facts';
import { JobPostingView } from '../../features/jobs/components/job-posting-view';
import { ReportJobButton } from '../../features/reports/components/report-button';
import { isApiError } from '../../lib/api-error';
import { FullPageSpinner } from '../../ui/spinner';
import { usePageTitle } from '../../ui/use-page-title';

/**
 * "Visa and eligibility" (BEYOND §7), whose code and visa rules load apart from the page's. It is shown
 * in the browser only, below the fold: in the server's render a part whose code is still loading makes
 * the render wait, and past the first screenful React then sends the part apart behind an inline script,
 * which our CSP refuses.
 */
const PostingEligibility = lazy(() =>
  import('../../features/eligibility/components/posting-eligibility').then((module) => ({
    default: module.PostingEligibility,
  })),
);

const subscribeToNothing = () => () => {};

/** False in the server's render and in the browser's take-over of it; true from then on. */
function useIsInBrowser(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => true,
    () => false,
  );
}

/**
 * The panel once the browser has the page. Its own component, so the switch re-renders it alone: a
 * new prop on the posting view right after hydration would reach parts React has not hydrated yet
 * and make it draw them again, dropping a click held on them (app/early-input.ts).
 */
function PostingEligibilityInBrowser({ job }: { job: Parameters<typeof PostingEligibility>[0]['job'] }) {
  const isInBrowser = useIsInBrowser();
  if (!isInBrowser) return null;
  return (
    <Suspense>
      <PostingEligibility job={job} />
    </Suspense>
  );
}

/** "Kindergarten Teacher at Sakura English": the job as the report form names it. */
const jobInWords = (job: Job) => `${job.title || DEFAULT_JOB_TITLE} at ${job.companyName}`;

export function PostingPage() {
  const { uuid = '' } = useParams();
  const job = useJob(uuid);
  const navigate = useNavigate();
  const location = useLocation();
  const isMissing = job.isError && isApiError(job.error) && (job.error.status === 404 || job.error.status === 400);
  usePageTitle(job.data ? postingTitle(job.data) : isMissing ? 'Job not found' : 'Job posting');

  // Open at the top, like a new page, even when the results list was scrolled. (Braces matter:
  // Chromium's scrollTo now returns a promise, which React would take for a clean-up function.)
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [uuid]);

  // Back to wherever the reader came from; a shared link opened directly goes to the search instead.
  const goBack = () => {
    if (location.key !== 'default') navigate(-1);
    else navigate(job.data ? paths.jobs({ country: job.data.country, page: 1 }) : paths.home());
  };

  if (job.isPending) return <FullPageSpinner label="Loading the job" />;

  if (job.isError) {
    return (
      <div className="page page--medium">
        <h1 className="page__title">{isMissing ? 'Job not found' : 'Something went wrong'}</h1>
        <p>{isMissing ? 'This job does not exist or is no longer available.' : job.error.message}</p>
        <p>
          <Link to={paths.home()}>Find teaching jobs</Link>
        </p>
      </div>
    );
  }

  return (
    <div className="posting-page">
      <div className="posting posting__back-row">
        <button type="button" className="button button--secondary posting__back" onClick={goBack}>
          <span aria-hidden="true">←</span> Go back
        </button>
      </div>
      <JobPostingView
        job={job.data}
        applyAction={<ApplyOffer job={job.data} />}
        eligibility={<PostingEligibilityInBrowser job={job.data} />}
        reportAction={<ReportJobButton jobUuid={job.data.uuid} jobName={jobInWords(job.data)} />}
      />
    </div>
  );
}
