import { SubscriptionCheckout } from '../../features/subscriptions/components/subscription-checkout';
import { useSessionUser } from '../../lib/session';
import { useSiteConfig } from '../../lib/site-config';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';

/** /subscription: the resume board checkout (logged-in only, by the route guard). */
export function SubscriptionPage() {
  const user = useSessionUser();
  const config = useSiteConfig();
  return (
    <Page title="Checkout" width="narrow">
      {!user || config.isPending ? (
        <Spinner label="Loading the checkout" />
      ) : config.isError ? (
        <p role="alert">{config.error.message}</p>
      ) : (
        <SubscriptionCheckout userUuid={user.uuid} subscriptionId={user.subscriptionId} config={config.data} />
      )}
    </Page>
  );
}
