import { useQueryClient } from '@tanstack/react-query';
import '../subscriptions.css';
import { MESSAGES, RESUME_BOARD_PRICE_CENTS, formatDollars } from '@teacheast/shared';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { currentUserQueryKey } from '../../../lib/query-client';
import type { SiteConfig } from '../../../lib/site-config';
import { toast } from '../../../lib/toast';
import { createSubscriptionIntent, createTestPaymentMethod, paySubscription, useCheckSubscription } from '../api';
import { CardInputs, EMPTY_CARD, type TestCard } from '../../../ui/card-inputs';
import { StripeCardField, type StripeCard } from '../../../ui/stripe-card-field';

const PRICE = formatDollars(RESUME_BOARD_PRICE_CENTS);

interface CheckoutProps {
  userUuid: string;
  subscriptionId: string | null;
  config: SiteConfig;
}

/** Turns a card into a payment method id: our test server in test mode, Stripe otherwise. */
type CardSource = (clientSecret: string) => Promise<string>;

function TestCardFields({ onReady }: { onReady(source: CardSource | null): void }) {
  const [card, setCard] = useState<TestCard>(EMPTY_CARD);
  const cardRef = useRef(card);
  cardRef.current = card;
  useEffect(() => {
    onReady(async () => (await createTestPaymentMethod(cardRef.current)).id);
  }, [onReady]);
  return (
    <fieldset className="test-card">
      <legend>
        Card <span className="test-card__badge">Test mode</span>
      </legend>
      <p className="field__hint">
        Test mode: no money moves. Use 4242 4242 4242 4242 to succeed or 4000 0000 0000 0002 to be declined.
      </p>
      <CardInputs card={card} onChange={setCard} rowClassName="test-card__row" />
    </fieldset>
  );
}

/** Stripe mode: the card confirms the setup intent in the browser and yields its payment method. */
function StripeCardSource({
  publishableKey,
  onReady,
}: {
  publishableKey: string;
  onReady(source: CardSource | null): void;
}) {
  const onCard = useCallback(
    (mounted: StripeCard | null) => {
      if (!mounted) return onReady(null);
      onReady(async (clientSecret) => {
        const result = await mounted.stripe.confirmCardSetup(clientSecret, { payment_method: { card: mounted.card } });
        const pm = result.setupIntent?.payment_method;
        if (result.error || !pm) throw new Error(result.error?.message ?? MESSAGES.paymentFailed);
        return typeof pm === 'string' ? pm : pm.id;
      });
    },
    [onReady],
  );
  return <StripeCardField publishableKey={publishableKey} onReady={onCard} />;
}

/** Subscription: $25 (RESUME_BOARD_PRICE_CENTS) for one month of the Resume Board. */
export function SubscriptionCheckout({ userUuid, subscriptionId, config }: CheckoutProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const check = useCheckSubscription(subscriptionId);
  const [source, setSource] = useState<CardSource | null>(null);
  const [isPaying, setPaying] = useState(false);
  // Stable setter for the card fields' effect.
  const onReady = useRef((s: CardSource | null) => setSource(() => s)).current;

  const isActive = check.data?.status === 'active';

  // Never rejects: every failure ends in a toast.
  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPaying || !source) return;
    setPaying(true);
    try {
      const intent = await createSubscriptionIntent(userUuid);
      const paymentMethodId = await source(intent.client_secret);
      const result = await paySubscription({ customerId: intent.customerId, paymentMethodId, userUuid });
      if (result.status === 'active') {
        // The current user carries the subscription id: fetch it again before leaving.
        await client.invalidateQueries({ queryKey: currentUserQueryKey });
        await client.invalidateQueries({ queryKey: ['subscription'] });
        toast.success(MESSAGES.subscriptionSucceeded);
        navigate(paths.home());
        return;
      }
      toast.error(MESSAGES.paymentFailed);
    } catch (error) {
      toast.error(isApiError(error) && error.errorType === 'HAS_SUBSCRIPTION' ? error.message : MESSAGES.paymentFailed);
    }
    setPaying(false);
  };

  return (
    <div className="card subscription-checkout">
      <p>
        {PRICE} buys one month of access to the Resume Board. You can update your subscription status in the{' '}
        <Link to={paths.account()}>Account</Link> page.
      </p>
      {isActive && (
        <p className="notice notice--success" role="status">
          You already have an active subscription. <Link to={paths.resumeBoard()}>Open the Resume Board</Link>
        </p>
      )}
      <form className="form" onSubmit={(event) => void onSubmit(event)} aria-labelledby="subscribe-title" noValidate>
        <h2 id="subscribe-title" className="subscription-checkout__title">
          Subscribe to Resume Board
        </h2>
        {config.paymentProvider === 'stripe' && config.stripePublishableKey ? (
          <StripeCardSource publishableKey={config.stripePublishableKey} onReady={onReady} />
        ) : (
          <TestCardFields onReady={onReady} />
        )}
        <button
          type="submit"
          className="button button--primary button--block"
          disabled={isPaying || !source || isActive}
          aria-busy={isPaying || undefined}
        >
          {isPaying ? 'Processing…' : `Pay ${PRICE}`}
        </button>
      </form>
    </div>
  );
}
