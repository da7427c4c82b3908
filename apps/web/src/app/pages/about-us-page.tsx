import { Page } from '../../ui/page';

/** The about page is a placeholder that only says About Us. */
export function AboutUsPage() {
  return <Page title="About Us" />;
}
