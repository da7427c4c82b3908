import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useConfirmJobAlertOnce } from '../../features/alerts/api';
import { ConfirmedJobAlert } from '../../features/alerts/components/confirmed-job-alert';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';

/** The link in a job alert's confirmation mail: the token is posted once, and the alert starts. */
export function JobAlertConfirmPage() {
  const { token = '' } = useParams();
  const confirmation = useConfirmJobAlertOnce(token);

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
    <Page title="Starting your job alert" width="narrow">
      <Spinner label="Starting your job alert" />
    </Page>
  );
}
