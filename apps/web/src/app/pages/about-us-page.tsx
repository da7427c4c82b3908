import { Page } from '../../ui/page';

/** SPEC §1: the about page is a placeholder that only says About Us. */
export function AboutUsPage() {
  return <Page title="About Us" />;
}
