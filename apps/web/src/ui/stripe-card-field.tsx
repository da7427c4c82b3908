// Stripe Elements' card field (DESIGN.md §6: postal code hidden) and the one place Stripe.js is
// loaded. The `pure` entry point adds Stripe's script only when loadStripe is first called, that
// is when a checkout in Stripe mode shows this field; importing it loads nothing, so test mode
// (which shows its own card form instead) never contacts Stripe.
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { useEffect, useId, useRef, useState } from 'react';
import './stripe-card-field.css';

/** A mounted card field and the Stripe instance that confirms a payment or a setup with it. */
export interface StripeCard {
  stripe: Stripe;
  card: StripeCardElement;
}

export const STRIPE_LOAD_ERROR = 'The card form could not be loaded. Check your connection and reload the page.';

/** Reports the mounted card through `onReady`, and `null` once it is gone; keep `onReady` stable. */
export function StripeCardField({
  publishableKey,
  onReady,
}: {
  publishableKey: string;
  onReady(card: StripeCard | null): void;
}) {
  const mountRef = useRef<HTMLDivElement>(null);
  const labelId = useId();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let card: StripeCardElement | undefined;
    let isCurrent = true;
    loadStripe(publishableKey)
      .then((stripe) => {
        if (!stripe) throw new Error('Stripe.js is not available');
        if (!isCurrent || !mountRef.current) return;
        card = stripe
          .elements()
          .create('card', { hidePostalCode: true, style: { base: { fontSize: '16px', color: '#1c2630' } } });
        card.mount(mountRef.current);
        card.on('change', (event) => setError(event.error?.message ?? null));
        onReady({ stripe, card });
      })
      .catch(() => isCurrent && setError(STRIPE_LOAD_ERROR));
    return () => {
      isCurrent = false;
      onReady(null);
      card?.destroy();
    };
  }, [publishableKey, onReady]);

  return (
    <div className="field">
      <span className="field__label" id={labelId}>
        Card details
      </span>
      <div ref={mountRef} className="field__control stripe-card" role="group" aria-labelledby={labelId} />
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
