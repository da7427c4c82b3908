import { countryLabel } from '@teacheast/shared';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useJob, useJobMetrics } from '../../features/jobs/api';
import { MetricsChart } from '../../features/jobs/components/metrics-chart';
import '../../features/jobs/components/jobs.css';
import { isApiError } from '../../lib/api-error';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';

export function JobMetricsPage() {
  const { uuid = '' } = useParams();
  const metrics = useJobMetrics(uuid);
  const job = useJob(uuid);
  const name = job.data
    ? `${job.data.companyName || 'Untitled job'}, ${job.data.city}, ${countryLabel(job.data.country)}`
    : null;

  return (
    <Page title="Job Metrics" intro={name ? <p>{name}</p> : undefined}>
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
          </dl>
          <h2>The last 45 days</h2>
          <MetricsChart daily={metrics.data.daily} />
          {job.data?.status === 'published' && (
            <p className="page__aside">
              <Link to={paths.posting(uuid)}>Open the posting</Link>
            </p>
          )}
        </>
      )}
    </Page>
  );
}
