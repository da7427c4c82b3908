import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../../../config/storage-keys';
import { currentUserQueryKey, queryClient } from '../../../lib/query-client';
import { siteConfigQueryKey, type SiteConfig } from '../../../lib/site-config';
import { expectStripeCardLoading, renderWithProviders, stripeScripts } from '../../../testing/render';
import { CheckoutForm } from './checkout-form';

const currentUser = { uuid: '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f', email: 'school@example.com', subscriptionId: null };

function renderCheckout(config: SiteConfig) {
  queryClient.setQueryData(siteConfigQueryKey, config);
  return renderWithProviders(<CheckoutForm price="five" />);
}

// The real loader (@stripe/stripe-js): jsdom adds its script tag but never fetches it.
describe('CheckoutForm and Stripe.js', () => {
  beforeEach(() => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'token-123');
    queryClient.setQueryData(currentUserQueryKey, currentUser);
  });

  afterEach(() => {
    for (const script of stripeScripts()) script.remove();
  });

  it('in test mode shows the test card form and never loads Stripe.js', () => {
    renderCheckout({ paymentProvider: 'test', blogUrl: '', socialUrl: '' });

    expect(screen.getByText('Test mode:')).toBeTruthy();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Pay $75' })).toBeTruthy();
    expect(stripeScripts()).toHaveLength(0);
  });

  it('in Stripe mode loads Stripe.js from Stripe, and holds the Pay button until the card field is there', () => {
    renderCheckout({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_123', blogUrl: '', socialUrl: '' });

    expectStripeCardLoading('Pay $75');
  });
});
