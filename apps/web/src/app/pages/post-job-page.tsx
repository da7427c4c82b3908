import { PurchaseJobs } from '../../features/credit-purchase/components/purchase-jobs';
import { CreateJobButton } from '../../features/job-wizard/components/create-job-button';
import { Page } from '../../ui/page';
import { PAGE_HEADS } from '../static-pages';

/** /post-job: the same content as the purchase page, so the entry point is never empty. */
export function PostJobPage() {
  return (
    <Page title="Post a teaching job" documentTitle={PAGE_HEADS['post-job-page'].title}>
      <PurchaseJobs createJobButton={(showPacks) => <CreateJobButton onNoCredits={showPacks} />} />
    </Page>
  );
}
