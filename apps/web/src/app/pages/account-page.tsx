import { AccountDataSection } from '../../features/account-data/components/account-data-section';
import { JobAlertList } from '../../features/alerts/components/job-alert-list';
import { AccountJobs } from '../../features/employers/components/account-jobs';
import { SavedJobs } from '../../features/jobs/components/saved-jobs';
import { SubscriptionPanel } from '../../features/subscriptions/components/subscription-panel';
import { Page } from '../../ui/page';

// A thin composition of five features: the resume board subscription (only while active), the
// user's job postings with their credit balance and, in the same tabs, their job alerts, the jobs
// they saved, and their own data.
export function AccountPage() {
  return (
    <Page title="Account">
      <SubscriptionPanel />
      <AccountJobs alertsPanel={<JobAlertList />} />
      <SavedJobs />
      <AccountDataSection />
    </Page>
  );
}
