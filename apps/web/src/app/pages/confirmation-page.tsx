import type { FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useConfirmAccount } from '../../features/auth/api';
import { toastError, toastResult } from '../../lib/toast';
import { Page } from '../../ui/page';
import { SubmitButton } from '../../ui/submit-button';

/**
 * The link in the sign-up mail. The token is posted only when the button is pressed: mail providers'
 * link scanners open every link, and one must not confirm an account for its owner (or for whoever
 * used their address). Then the person moves on: to log in, or home with the message.
 */
export function ConfirmationPage() {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const confirm = useConfirmAccount();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Tokens are single use: a second press while the first is on its way posts nothing.
    if (confirm.isPending) return;
    confirm.mutateAsync(token).then(
      (body) => {
        toastResult(body);
        navigate(paths.login(), { replace: true });
      },
      (error: unknown) => {
        toastError(error);
        navigate(paths.home(), { replace: true });
      },
    );
  }

  return (
    <Page title="Confirm your e-mail" width="narrow">
      <form onSubmit={onSubmit}>
        <p>Press the button to confirm this e-mail address and finish making your TeachEast account.</p>
        <SubmitButton isPending={confirm.isPending}>Confirm my e-mail</SubmitButton>
      </form>
    </Page>
  );
}
