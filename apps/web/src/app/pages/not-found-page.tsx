import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Page } from '../../ui/page';
import { PAGE_HEADS } from '../static-pages';

/** Any path the app does not know, and a posting that does not exist: the server answers them 404. */
export function NotFoundPage() {
  const { title } = PAGE_HEADS['not-found-page'];
  return (
    <Page title={title} width="medium">
      <p>There is no page at this address. The link may be mistyped, or the job it named no longer exists.</p>
      <p>
        <Link to={paths.home()}>Find teaching jobs</Link>
      </p>
    </Page>
  );
}
