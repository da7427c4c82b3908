// /schools: the schools directory (BEYOND §8), by country and city. Rendered in the browser.
import { SchoolDirectory } from '../../features/schools/components/school-directory';
import { Page } from '../../ui/page';

export function SchoolsPage() {
  return (
    <Page
      title="Schools"
      intro={<p>The schools and recruiters hiring English teachers on TeachEast. Choose a country or a city.</p>}
    >
      <SchoolDirectory />
    </Page>
  );
}
