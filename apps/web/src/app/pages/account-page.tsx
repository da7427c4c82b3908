import { lazy, Suspense } from 'react';
import { AccountDataSection } from '../../features/account-data/components/account-data-section';
import { JobAlertList } from '../../features/alerts/components/job-alert-list';
import { CreditBalance } from '../../features/credit-purchase/components/purchase-jobs';
import { AccountJobs } from '../../features/account-jobs/components/account-jobs';
import { SavedJobs } from '../../features/jobs/components/saved-jobs';
import { SubscriptionPanel } from '../../features/subscriptions/components/subscription-panel';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';

// The Applications tab's code (and the schemas it checks answers with) loads when the tab opens: as
// a dependency of this page, each of its files would be named in the route table of every first
// download (docs/decisions/005-lean-first-load.md).
const MyApplications = lazy(() =>
  import('../../features/applications/components/my-applications').then((module) => ({
    default: module.MyApplications,
  })),
);

// The Schools tab's code (its forms, the rich-text editor, the schemas) loads when the tab opens, for
// the same reason.
const MySchools = lazy(() =>
  import('../../features/schools/components/my-schools').then((module) => ({ default: module.MySchools })),
);

// A thin composition of eight features: the resume board subscription (only while active), the
// user's job postings with their credit balance and, in the same tabs, their schools, their job
// alerts and the applications they sent, the jobs they saved, and their own data.
export function AccountPage() {
  return (
    <Page title="Account">
      <SubscriptionPanel />
      <AccountJobs
        creditBalance={<CreditBalance />}
        schoolsPanel={
          <Suspense fallback={<Spinner label="Loading your schools" />}>
            <MySchools />
          </Suspense>
        }
        alertsPanel={<JobAlertList />}
        applicationsPanel={
          <Suspense fallback={<Spinner label="Loading your applications" />}>
            <MyApplications />
          </Suspense>
        }
      />
      <SavedJobs />
      <AccountDataSection />
    </Page>
  );
}
