// /schools: the schools directory (BEYOND §8), by country and city. Rendered in the browser.
import { useSearchParams } from 'react-router';
import { directoryTitle, readDirectoryQuery } from '../../features/schools/directory-query';
import { SchoolDirectory } from '../../features/schools/components/school-directory';
import { Page } from '../../ui/page';

export function SchoolsPage() {
  const [search] = useSearchParams();
  return (
    <Page
      title="Schools"
      documentTitle={directoryTitle(readDirectoryQuery(search))}
      intro={<p>The schools and recruiters hiring English teachers on TeachEast. Choose a country or a city.</p>}
    >
      <SchoolDirectory />
    </Page>
  );
}
