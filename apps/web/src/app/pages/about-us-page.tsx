import { Page } from '../../ui/page';
import { PAGE_HEADS } from '../static-pages';

/** The about page is a placeholder that only says About Us. */
export function AboutUsPage() {
  return <Page title={PAGE_HEADS['about-us-page'].title} />;
}
