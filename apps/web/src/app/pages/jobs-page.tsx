import { Suspense } from 'react';
import { JobSearch } from '../../features/jobs/components/job-search/job-search';
import { JobAlertOffer } from '../router';

/**
 * The job search, with the offer to e-mail new jobs like those shown. The offer's code arrives after the
 * page's (on a page the server rendered, its button is in the HTML already), and its form's code only
 * when the button is pressed.
 */
export function JobsPage() {
  return (
    <JobSearch
      searchActions={(search) => (
        <Suspense>
          <JobAlertOffer search={search} />
        </Suspense>
      )}
    />
  );
}
