import { AccountJobs } from '../../features/employers/components/account-jobs';
import { SavedJobs } from '../../features/jobs/components/saved-jobs';
import { SubscriptionPanel } from '../../features/subscriptions/components/subscription-panel';
import { Page } from '../../ui/page';

// A thin composition of three features: the resume board subscription (only while active), the
// user's job postings with their credit balance, and the jobs they saved.
export function AccountPage() {
  return (
    <Page title="Account">
      <SubscriptionPanel />
      <AccountJobs />
      <SavedJobs />
    </Page>
  );
}
