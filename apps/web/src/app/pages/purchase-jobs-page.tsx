import { PurchaseJobs } from '../../features/employers/components/purchase-jobs';
import { Page } from '../../ui/page';
import { PAGE_HEADS } from '../static-pages';

export function PurchaseJobsPage() {
  return (
    <Page title="Post a teaching job" documentTitle={PAGE_HEADS['purchase-jobs-page'].title}>
      <PurchaseJobs />
    </Page>
  );
}
