import { PurchaseJobs } from '../../features/credit-purchase/components/purchase-jobs';
import { CreateJobButton } from '../../features/job-wizard/components/create-job-button';
import { Page } from '../../ui/page';
import { PAGE_HEADS } from '../static-pages';

export function PurchaseJobsPage() {
  return (
    <Page title="Post a teaching job" documentTitle={PAGE_HEADS['purchase-jobs-page'].title}>
      <PurchaseJobs createJobButton={(showPacks) => <CreateJobButton onNoCredits={showPacks} />} />
    </Page>
  );
}
