// /operator: the operators' console (BEYOND §9). To anyone who is not an operator, signed in or
// not, it is the page of an unknown address: the server answers 404 to their /api/operator/ calls,
// and the page shows the not-found page's words, so the console does not reveal itself.
import { OperatorConsole } from '../../features/operator/components/operator-console';
import { When } from '../../features/operator/components/when';
import { useOperatorMe } from '../../features/operator/api';
import { isApiError } from '../../lib/api-error';
import { useSessionUser } from '../../lib/session';
import { Page } from '../../ui/page';
import { FullPageSpinner } from '../../ui/spinner';
import { NotFoundPage } from './not-found-page';

export function OperatorPage() {
  const user = useSessionUser();
  const me = useOperatorMe(user?.uuid ?? null);

  if (!user) return <NotFoundPage />;
  // Says nothing of what is loading: a stranger sees the same while their 404 comes back.
  if (me.isPending) return <FullPageSpinner />;
  if (me.isError) {
    if (isApiError(me.error) && me.error.status === 404) return <NotFoundPage />;
    return (
      <Page title="Something went wrong" width="medium">
        <p>{me.error.message}</p>
      </Page>
    );
  }

  return (
    <Page
      title="Operator console"
      intro={
        <p>
          Signed in as {me.data.email}, an operator since <When iso={me.data.operatorSince} />.
        </p>
      }
    >
      <OperatorConsole operatorEmail={me.data.email} />
    </Page>
  );
}
