import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form';
import { Page } from '../../ui/page';

export function ChangePasswordPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  return (
    <Page
      title="Choose a new password"
      documentTitle="Change password"
      width="narrow"
      intro={<p>Your new password logs you out everywhere else.</p>}
    >
      <div className="card">
        <ChangePasswordForm token={token} onChanged={() => navigate(paths.login(), { replace: true })} />
      </div>
    </Page>
  );
}
