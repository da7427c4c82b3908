import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { RegisterForm } from '../../features/auth/components/register-form';
import { Page } from '../../ui/page';
import { PAGE_HEADS } from '../static-pages';

export function RegisterPage() {
  return (
    <Page
      title={PAGE_HEADS['register-page'].title}
      documentTitle="Register"
      width="narrow"
      intro={<p>An account is needed to post a resume, post a job and access the Resume Board.</p>}
    >
      <div className="card">
        <RegisterForm />
      </div>
      <p className="page__aside">
        Already have an account? <Link to={paths.login()}>Log in</Link>
      </p>
    </Page>
  );
}
