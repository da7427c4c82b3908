import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { SpecialRegisterForm } from '../../features/auth/components/special-register-form';
import { Page } from '../../ui/page';

export function SpecialRegisterPage() {
  const { uuid = '' } = useParams();
  return (
    <Page
      title="Claim your free job posting"
      documentTitle="Sign up"
      width="narrow"
      intro={
        <>
          <p>
            Sign up below. You will land on your account page, where your free job posting is waiting: click it to fill
            in the details and publish it.
          </p>
          <p>
            Forgot your password later? There is a forgot-password link on the{' '}
            <Link to={paths.login()}>login page</Link>.
          </p>
        </>
      }
    >
      <div className="card">
        <SpecialRegisterForm code={uuid} />
      </div>
    </Page>
  );
}
