import { PurchaseJobs } from '../../features/employers/components/purchase-jobs';
import { Page } from '../../ui/page';

/** /post-job: the same content as the purchase page, so the entry point is never empty. */
export function PostJobPage() {
  return (
    <Page title="Post a teaching job" documentTitle="Post Job">
      <PurchaseJobs />
    </Page>
  );
}
