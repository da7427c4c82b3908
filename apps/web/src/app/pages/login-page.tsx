import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { LoginForm } from '../../features/auth/components/login-form';
import { Page } from '../../ui/page';
import { PAGE_HEADS } from '../static-pages';

export function LoginPage() {
  const navigate = useNavigate();
  return (
    <Page title={PAGE_HEADS['login-page'].title} width="narrow">
      <div className="card">
        <LoginForm onLoggedIn={() => navigate(paths.home(), { replace: true })} />
        <p className="card__footer">
          <Link to={paths.forgotPassword()}>Forgot password?</Link>
        </p>
      </div>
      <p className="page__aside">
        New to TeachEast? <Link to={paths.register()}>Create an account</Link>
      </p>
    </Page>
  );
}
