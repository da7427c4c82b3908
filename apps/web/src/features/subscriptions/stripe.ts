// Stripe.js, loaded from Stripe only on the page that takes a card (never in the main bundle).
// The few calls used are typed here rather than adding a dependency for them.

export interface StripeCardElement {
  mount(selector: string | HTMLElement): void;
  destroy(): void;
}

export interface Stripe {
  elements(): { create(type: 'card', options: { hidePostalCode: boolean }): StripeCardElement };
  confirmCardSetup(
    clientSecret: string,
    data: { payment_method: { card: StripeCardElement } },
  ): Promise<{
    setupIntent?: { status: string; payment_method: string | { id: string } | null };
    error?: { message?: string };
  }>;
}

declare global {
  interface Window {
    Stripe?: (publishableKey: string) => Stripe;
  }
}

let loading: Promise<Stripe> | undefined;

export function loadStripe(publishableKey: string): Promise<Stripe> {
  loading ??= new Promise<Stripe>((resolve, reject) => {
    const ready = () =>
      window.Stripe ? resolve(window.Stripe(publishableKey)) : reject(new Error('Stripe did not load'));
    if (window.Stripe) return ready();
    const script = document.createElement('script');
    script.src = 'https://js.stripe.com/v3/';
    script.async = true;
    script.onload = ready;
    script.onerror = () => {
      loading = undefined;
      reject(new Error('Could not load the card form. Please check your connection and try again.'));
    };
    document.head.appendChild(script);
  });
  return loading;
}
