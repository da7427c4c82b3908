import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useConfirmAccount } from '../../features/auth/api';
import { toastError, toastResult } from '../../lib/toast';
import { FullPageSpinner } from '../../ui/spinner';
import { usePageTitle } from '../../ui/use-page-title';

/** Only a spinner; the token is posted once on load, then the person moves on. */
export function ConfirmationPage() {
  usePageTitle('Confirming your account');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { mutateAsync: confirm } = useConfirmAccount();
  // Tokens are single use: StrictMode's second effect run must not post it again.
  const hasPosted = useRef(false);

  useEffect(() => {
    if (hasPosted.current) return;
    hasPosted.current = true;
    confirm(token).then(
      (body) => {
        toastResult(body);
        navigate(paths.login(), { replace: true });
      },
      (error: unknown) => {
        toastError(error);
        navigate(paths.home(), { replace: true });
      },
    );
  }, [confirm, navigate, token]);

  return <FullPageSpinner label="Confirming your account" />;
}
