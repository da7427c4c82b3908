import type { FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useConfirmJobAlert } from '../../features/alerts/api';
import { ConfirmedJobAlert } from '../../features/alerts/components/confirmed-job-alert';
import { Page } from '../../ui/page';
import { SubmitButton } from '../../ui/submit-button';

/**
 * The link in a job alert's confirmation mail. The token is posted only when the button is pressed:
 * mail providers' link scanners open every link, and one must not start an alert nobody asked for.
 */
export function JobAlertConfirmPage() {
  const { token = '' } = useParams();
  const confirmation = useConfirmJobAlert();

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Tokens are single use: a second press while the first is on its way posts nothing.
    if (confirmation.isPending) return;
    confirmation.mutate(token);
  }

  if (confirmation.isSuccess) {
    return (
      <Page title="Your job alert is on" width="narrow">
        <ConfirmedJobAlert alert={confirmation.data} />
      </Page>
    );
  }
  if (confirmation.isError) {
    return (
      <Page title="This link did not work" width="narrow">
        <p role="alert">{confirmation.error.message}</p>
        <p>
          <Link to={paths.home()}>Go to the home page</Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title="Start your job alert" width="narrow">
      <form onSubmit={onSubmit}>
        <p>Press the button to start the job alert you asked for: new jobs like it will come by e-mail.</p>
        <SubmitButton isPending={confirmation.isPending}>Confirm this alert</SubmitButton>
      </form>
    </Page>
  );
}
