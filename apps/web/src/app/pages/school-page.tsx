// /schools/{slug}: a school's public page (BEYOND §8), rendered ahead by the server like a posting
// (app/prerender.ts): its profile, then its live jobs as the search shows them.
import { countryLabel } from '@teacheast/shared';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { JobTile } from '../../features/jobs/components/job-tile';
import { useSchoolPage } from '../../features/schools/api';
import { SchoolProfile } from '../../features/schools/components/school-profile';
import { liveJobsText, schoolTitle } from '../../features/schools/school-words';
import { isApiError } from '../../lib/api-error';
import { FullPageSpinner } from '../../ui/spinner';
import { usePageTitle } from '../../ui/use-page-title';

export function SchoolPage() {
  const { slug = '' } = useParams();
  const page = useSchoolPage(slug);
  const isMissing = page.isError && isApiError(page.error) && (page.error.status === 404 || page.error.status === 400);
  usePageTitle(page.data ? schoolTitle(page.data.school) : isMissing ? 'School not found' : 'School');

  if (page.isPending) return <FullPageSpinner label="Loading the school" />;

  if (page.isError) {
    return (
      <div className="page page--medium">
        <h1 className="page__title">{isMissing ? 'School not found' : 'Something went wrong'}</h1>
        <p>{isMissing ? 'There is no school at this address.' : page.error.message}</p>
        <p>
          <Link to={paths.schools()}>See all schools</Link>
        </p>
      </div>
    );
  }

  const { school, jobs } = page.data;
  return (
    <div className="page page--wide school-page">
      <SchoolProfile answer={page.data} />
      <section className="school-page__jobs" aria-labelledby="school-jobs-title">
        <h2 id="school-jobs-title">Jobs at {school.name}</h2>
        {jobs.length === 0 ? (
          <p>
            {liveJobsText(0)}.{' '}
            <Link to={paths.jobs({ country: school.country, page: 1 })}>
              See teaching jobs in {countryLabel(school.country)}
            </Link>
          </p>
        ) : (
          <ul className="job-grid">
            {jobs.map((job) => (
              <li key={job.uuid}>
                <JobTile job={job} headingLevel={3} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
