import { useQueryClient } from '@tanstack/react-query';
import '../subscriptions.css';
import { MESSAGES, RESUME_BOARD_PRICE_CENTS, formatDollars } from '@teacheast/shared';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { currentUserQueryKey } from '../../../lib/query-client';
import type { SiteConfig } from '../../../lib/site-config';
import { toast } from '../../../lib/toast';
import { createSubscriptionIntent, createTestPaymentMethod, paySubscription, useCheckSubscription } from '../api';
import { loadStripe, type Stripe, type StripeCardElement } from '../stripe';
import { CardInputs, EMPTY_CARD, type TestCard } from '../../../ui/card-inputs';

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

function StripeCardField({
  publishableKey,
  onReady,
}: {
  publishableKey: string;
  onReady(source: CardSource | null): void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  useEffect(() => {
    let card: StripeCardElement | undefined;
    let isCurrent = true;
    loadStripe(publishableKey)
      .then((stripe: Stripe) => {
        if (!isCurrent || !mountRef.current) return;
        card = stripe.elements().create('card', { hidePostalCode: true });
        card.mount(mountRef.current);
        const mounted = card;
        onReady(async (clientSecret) => {
          const result = await stripe.confirmCardSetup(clientSecret, { payment_method: { card: mounted } });
          const pm = result.setupIntent?.payment_method;
          if (result.error || !pm) throw new Error(result.error?.message ?? MESSAGES.paymentFailed);
          return typeof pm === 'string' ? pm : pm.id;
        });
      })
      .catch((error: Error) => isCurrent && setLoadError(error.message));
    return () => {
      isCurrent = false;
      onReady(null);
      card?.destroy();
    };
  }, [publishableKey, onReady]);
  return (
    <div className="field">
      <span className="field__label">Card</span>
      <div ref={mountRef} className="field__control stripe-card" />
      {loadError && (
        <p className="field__error" role="alert">
          {loadError}
        </p>
      )}
    </div>
  );
}

/** SPEC §2 "Subscription": $25 for one month of the Resume Board. */
export function SubscriptionCheckout({ userUuid, subscriptionId, config }: CheckoutProps) {
  const navigate = useNavigate();
  const client = useQueryClient();
  const check = useCheckSubscription(subscriptionId);
  const [source, setSource] = useState<CardSource | null>(null);
  const [isPaying, setPaying] = useState(false);
  // Stable setter for the card fields' effect.
  const onReady = useRef((s: CardSource | null) => setSource(() => s)).current;

  const isActive = check.data?.status === 'active';

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (isPaying || !source) return;
    setPaying(true);
    try {
      const intent = await createSubscriptionIntent(userUuid);
      const paymentMethodId = await source(intent.client_secret);
      const result = await paySubscription({ customerId: intent.customerId, paymentMethodId, userUuid });
      if (result.status === 'active') {
        // The current user carries the subscription id (SPEC §4): fetch it again before leaving.
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
      <form className="form" onSubmit={onSubmit} aria-labelledby="subscribe-title" noValidate>
        <h2 id="subscribe-title" className="subscription-checkout__title">
          Subscribe to Resume Board
        </h2>
        {config.paymentProvider === 'stripe' && config.stripePublishableKey ? (
          <StripeCardField publishableKey={config.stripePublishableKey} onReady={onReady} />
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
