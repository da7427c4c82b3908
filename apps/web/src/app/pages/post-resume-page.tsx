import { Link, Navigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSessionUser } from '../../lib/session';
import { Page } from '../../ui/page';
import { PAGE_HEADS } from '../static-pages';

/** /post-resume: the wizard for a logged-in user, an invitation to sign up for anyone else. */
export function PostResumePage() {
  const user = useSessionUser();
  if (user) return <Navigate to={paths.postResumeStep('details', user.uuid)} replace />;
  return (
    <Page title={PAGE_HEADS['post-resume-page'].title} width="narrow">
      <div className="card">
        <p>
          Schools across East and Southeast Asia search the TeachEast Resume Board for teachers. To post your resume you
          need a free account: it keeps your resume yours to edit and publish.
        </p>
        <p className="card__actions">
          <Link className="button button--primary" to={paths.register()}>
            Create an account
          </Link>
          <Link className="button button--secondary" to={paths.login()}>
            Log in
          </Link>
        </p>
      </div>
    </Page>
  );
}
