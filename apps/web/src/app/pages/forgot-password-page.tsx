import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';
import { Page } from '../../ui/page';
import { PAGE_HEADS } from '../static-pages';

export function ForgotPasswordPage() {
  return (
    <Page
      title={PAGE_HEADS['forgot-password-page'].title}
      width="narrow"
      intro={
        <p>
          Enter the e-mail address of your account and we will send you a link to choose a new password. The link works
          for one hour.
        </p>
      }
    >
      <div className="card">
        <ForgotPasswordForm />
      </div>
      <p className="page__aside">
        <Link to={paths.login()}>Or just log in?</Link>
      </p>
    </Page>
  );
}
