import { JobSearch } from '../../features/jobs/components/job-search';

export function JobsPage() {
  return <JobSearch />;
}
