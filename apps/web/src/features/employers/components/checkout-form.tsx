// Paying for a credit pack. Test mode: a plain card form confirmed by our own server. Stripe mode:
// Stripe Elements (postal code hidden), with Stripe.js injected only when this form is shown.
import { CREDIT_PACKS, MESSAGES, formatDollars, type CreditPack } from '@teacheast/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { CardInputs, EMPTY_CARD, type TestCard } from '../../../ui/card-inputs';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useSessionUser } from '../../../lib/session';
import { useSiteConfig } from '../../../lib/site-config';
import { toast } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { confirmTestPayment, createCreditIntent, employerKeys } from '../api';
import { AcceptedCards } from './accepted-cards';
import '../employers.css';

// ---- Stripe.js, typed as far as we use it ----
interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on(event: 'change', handler: (e: { error?: { message: string } }) => void): void;
}
interface StripeJs {
  elements(): { create(type: 'card', options: { hidePostalCode: boolean; style?: object }): StripeCardElement };
  confirmCardPayment(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ): Promise<{ error?: { message?: string }; paymentIntent?: { status: string } }>;
}
type StripeFactory = (publishableKey: string) => StripeJs;

let stripeScript: Promise<StripeFactory> | undefined;

function loadStripeJs(): Promise<StripeFactory> {
  const existing = (window as unknown as { Stripe?: StripeFactory }).Stripe;
  if (existing) return Promise.resolve(existing);
  stripeScript ??= new Promise<StripeFactory>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3';
    script.async = true;
    script.onload = () => {
      const factory = (window as unknown as { Stripe?: StripeFactory }).Stripe;
      if (factory) resolve(factory);
      else reject(new Error('Stripe.js did not load'));
    };
    script.onerror = () => {
      stripeScript = undefined;
      reject(new Error('Stripe.js could not be loaded'));
    };
    document.head.appendChild(script);
  });
  return stripeScript;
}

function usePaymentOutcome(userUuid: string) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return {
    succeeded() {
      toast.success(MESSAGES.paymentSucceeded);
      void client.invalidateQueries({ queryKey: employerKeys.credits(userUuid) });
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
    <form className="form checkout__form" onSubmit={onSubmit} aria-describedby={ids.note} aria-label="Card payment">
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
  const mountRef = useRef<HTMLDivElement>(null);
  const stripeRef = useRef<{ stripe: StripeJs; card: StripeCardElement } | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [cardError, setCardError] = useState<string | null>(null);
  const [isReady, setReady] = useState(false);
  const [isPending, setPending] = useState(false);
  const outcome = usePaymentOutcome(userUuid);
  const labelId = useId();

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let isCurrent = true;
    loadStripeJs()
      .then((factory) => {
        if (!isCurrent || !mountRef.current) return;
        const stripe = factory(publishableKey);
        card = stripe
          .elements()
          .create('card', { hidePostalCode: true, style: { base: { fontSize: '16px', color: '#1c2630' } } });
        card.mount(mountRef.current);
        card.on('change', (e) => setCardError(e.error?.message ?? null));
        stripeRef.current = { stripe, card };
        setReady(true);
      })
      .catch(
        () =>
          isCurrent && setLoadError('The card form could not be loaded. Check your connection and reload the page.'),
      );
    return () => {
      isCurrent = false;
      card?.destroy();
      stripeRef.current = null;
    };
  }, [publishableKey]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const current = stripeRef.current;
    if (isPending || !current) return;
    setPending(true);
    try {
      const secret = await createCreditIntent(userUuid, price);
      const result = await current.stripe.confirmCardPayment(secret, { payment_method: { card: current.card } });
      if (result.error || result.paymentIntent?.status !== 'succeeded') outcome.failed();
      else outcome.succeeded();
    } catch {
      outcome.failed();
    } finally {
      setPending(false);
    }
  };

  if (loadError) return <p role="alert">{loadError}</p>;
  return (
    <form className="form checkout__form" onSubmit={onSubmit} aria-label="Card payment">
      <div className="field">
        <span className="field__label" id={labelId}>
          Card details
        </span>
        <div ref={mountRef} className="field__control checkout__stripe-card" role="group" aria-labelledby={labelId} />
        {cardError && (
          <p className="field__error" role="alert">
            {cardError}
          </p>
        )}
      </div>
      <PayButton price={price} isPending={isPending} disabled={!isReady} />
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
