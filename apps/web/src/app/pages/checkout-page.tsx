import { CREDIT_PACK_NAMES, type CreditPack } from '@teacheast/shared';
import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { CheckoutForm } from '../../features/credit-purchase/components/checkout-form';
import { Page } from '../../ui/page';

export function CheckoutPage() {
  const { price } = useParams();
  if (!(CREDIT_PACK_NAMES as readonly string[]).includes(price ?? '')) return <Navigate to={paths.home()} replace />;
  return (
    <Page title="Checkout" width="narrow">
      <CheckoutForm price={price as CreditPack} />
    </Page>
  );
}
