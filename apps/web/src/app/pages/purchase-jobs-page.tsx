import { PurchaseJobs } from '../../features/employers/components/purchase-jobs';
import { Page } from '../../ui/page';

export function PurchaseJobsPage() {
  return (
    <Page title="Post a teaching job" documentTitle="Purchase jobs">
      <PurchaseJobs />
    </Page>
  );
}
