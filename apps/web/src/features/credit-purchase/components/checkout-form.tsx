// Paying for a credit pack. Test mode: a plain card form confirmed by our own server. Stripe mode:
// Stripe Elements (ui/stripe-card-field.tsx), with Stripe.js injected only when this form is shown.
import { CREDIT_PACKS, MESSAGES, formatDollars, type CreditPack } from '@teacheast/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { CardInputs, EMPTY_CARD, type TestCard } from '../../../ui/card-inputs';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useSessionUser } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/site-config';
import { toast } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { StripeCardField, type StripeCard } from '../../../ui/stripe-card-field';
import { confirmTestPayment, createCreditIntent, creditsQueryKey } from '../api';
import { AcceptedCards } from './accepted-cards';
import '../credit-purchase.css';

function usePaymentOutcome(userUuid: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return {
    succeeded() {
      toast.success(MESSAGES.paymentSucceeded);
      void client.invalidateQueries({ queryKey: creditsQueryKey(userUuid) });
      void navigate(paths.purchaseJobs());
    },
    failed() {
      toast.error(MESSAGES.paymentFailed);
    },
  };
}

function PayButton({ price, isPending, disabled }: { price: CreditPack; isPending: boolean; disabled?: boolean }) {
  return (
    <button
      type="submit"
      className="button button--primary button--block"
      disabled={isPending || disabled}
      aria-busy={isPending || undefined}
    >
      {isPending ? 'Processing…' : `Pay ${formatDollars(CREDIT_PACKS[price].amountCents)}`}
    </button>
  );
}

function TestCardForm({ price, userUuid }: { price: CreditPack; userUuid: string }) {
  const ids = { note: useId() };
  const [card, setCard] = useState<TestCard>(EMPTY_CARD);
  const [isPending, setPending] = useState(false);
  const outcome = usePaymentOutcome(userUuid);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending) return;
    setPending(true);
    try {
      const secret = await createCreditIntent(userUuid, price);
      await confirmTestPayment(secret, card);
      outcome.succeeded();
    } catch (error) {
      // Anything but a declined card (a lost session, the network) still reads as a failed payment.
      if (isApiError(error) && error.status === 401) toast.error(error.message);
      outcome.failed();
    } finally {
      setPending(false);
    }
  };

  return (
    <form
      className="form checkout__form"
      onSubmit={(event) => void onSubmit(event)}
      aria-describedby={ids.note}
      aria-label="Card payment"
    >
      <p className="checkout__test-mode" id={ids.note}>
        <strong>Test mode:</strong> no real money is taken. Use card 4242 4242 4242 4242 to succeed or 4000 0000 0000
        0002 to see a declined payment, with any future expiry date and any CVC.
      </p>
      <CardInputs card={card} onChange={setCard} rowClassName="checkout__row" />
      <PayButton price={price} isPending={isPending} />
    </form>
  );
}

function StripeCardForm({
  price,
  userUuid,
  publishableKey,
}: {
  price: CreditPack;
  userUuid: string;
  publishableKey: string;
}) {
  const [stripeCard, setStripeCard] = useState<StripeCard | null>(null);
  const [isPending, setPending] = useState(false);
  const outcome = usePaymentOutcome(userUuid);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPending || !stripeCard) return;
    setPending(true);
    try {
      const secret = await createCreditIntent(userUuid, price);
      const result = await stripeCard.stripe.confirmCardPayment(secret, { payment_method: { card: stripeCard.card } });
      if (result.error || result.paymentIntent?.status !== 'succeeded') outcome.failed();
      else outcome.succeeded();
    } catch {
      outcome.failed();
    } finally {
      setPending(false);
    }
  };

  return (
    <form className="form checkout__form" onSubmit={(event) => void onSubmit(event)} aria-label="Card payment">
      <StripeCardField publishableKey={publishableKey} onReady={setStripeCard} />
      <PayButton price={price} isPending={isPending} disabled={!stripeCard} />
    </form>
  );
}

export function CheckoutForm({ price }: { price: CreditPack }) {
  const user = useSessionUser();
  const config = useSiteConfig();
  if (!user) return null;
  return (
    <div className="checkout card">
      <p className="checkout__item">{CREDIT_PACKS[price].label}</p>
      <AcceptedCards />
      {config.isPending && <Spinner label="Loading the card form" />}
      {config.isError && <p role="alert">The card form could not be loaded. Please reload the page.</p>}
      {config.data?.paymentProvider === 'test' && <TestCardForm price={price} userUuid={user.uuid} />}
      {config.data?.paymentProvider === 'stripe' &&
        (config.data.stripePublishableKey ? (
          <StripeCardForm price={price} userUuid={user.uuid} publishableKey={config.data.stripePublishableKey} />
        ) : (
          <p role="alert">Card payments are not configured yet. Please contact us.</p>
        ))}
    </div>
  );
}
