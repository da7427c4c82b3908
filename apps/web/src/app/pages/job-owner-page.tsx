// The owner's page of one job, at two addresses: /job/metrics/{uuid} (visits, saves and applications
// over time) and /job/applicants/{uuid} (the applications, and the decisions on them). One page, so one
// entry in the route table that every first download carries (docs/decisions/005-lean-first-load.md).
import { countryLabel } from '@teacheast/shared';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useJob, useJobMetrics } from '../../features/jobs/api';
import { MetricsChart } from '../../features/jobs/components/metrics-chart';
import '../../features/jobs/components/jobs.css';
import { isApiError } from '../../lib/api-error';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';

// Loaded by this page rather than with it: as its own dependencies, the view's files would be named
// in the route table too.
const ApplicantsView = lazy(() =>
  import('../../features/applications/components/applicants-view').then((module) => ({
    default: module.ApplicantsView,
  })),
);

export function JobOwnerPage() {
  const { uuid = '' } = useParams();
  // The address says which of the two (useLocation, not useMatch: the first download has no useMatch).
  const isApplicants = useLocation().pathname.startsWith('/job/applicants/');
  const job = useJob(uuid);
  const name = job.data
    ? `${job.data.companyName || 'Untitled job'}, ${job.data.city}, ${countryLabel(job.data.country)}`
    : null;
  const intro = name ? <p>{name}</p> : undefined;
  const isPublished = job.data?.status === 'published';
  if (!isApplicants) return <JobMetrics uuid={uuid} intro={intro} isPublished={isPublished} />;

  return (
    <Page title="Applicants" intro={intro}>
      <Suspense fallback={<Spinner label="Loading the applicants" />}>
        <ApplicantsView jobUuid={uuid} />
      </Suspense>
      <p className="page__aside">
        <Link to={paths.jobMetrics(uuid)}>Metrics for this job</Link>
        {isPublished && (
          <>
            {' · '}
            <Link to={paths.posting(uuid)}>Open the posting</Link>
          </>
        )}
      </p>
    </Page>
  );
}

function JobMetrics({ uuid, intro, isPublished }: { uuid: string; intro: ReactNode; isPublished: boolean }) {
  const metrics = useJobMetrics(uuid);

  return (
    <Page title="Job Metrics" intro={intro}>
      {metrics.isPending && <Spinner label="Loading the metrics" />}
      {metrics.isError && (
        <p className="jobs-error" role="alert">
          {isApiError(metrics.error) && metrics.error.status === 403
            ? 'Only the owner of this job can see its metrics.'
            : metrics.error.message}
        </p>
      )}
      {metrics.data && (
        <>
          <dl className="metrics-summary">
            <div>
              <dt>Number of clicks</dt>
              <dd>{metrics.data.numberOfClicks}</dd>
            </div>
            <div>
              <dt>Total time spent (seconds)</dt>
              <dd>{metrics.data.timeSpent}</dd>
            </div>
            <div>
              <dt>Average time spent (seconds)</dt>
              <dd>
                {metrics.data.numberOfClicks > 0 ? Math.round(metrics.data.timeSpent / metrics.data.numberOfClicks) : 0}
              </dd>
            </div>
            <div>
              <dt>Number of saves</dt>
              <dd>{metrics.data.favoritedBy}</dd>
            </div>
            <div>
              <dt>Number of applications</dt>
              <dd>{metrics.data.applications}</dd>
            </div>
          </dl>
          <h2>The last 45 days</h2>
          <MetricsChart daily={metrics.data.daily} />
          <p className="page__aside">
            <Link to={paths.jobApplicants(uuid)}>See the applicants</Link>
          </p>
          {isPublished && (
            <p className="page__aside">
              <Link to={paths.posting(uuid)}>Open the posting</Link>
            </p>
          )}
        </>
      )}
    </Page>
  );
}
