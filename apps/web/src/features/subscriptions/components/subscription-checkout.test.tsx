import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SiteConfig } from '../../../lib/site-config';
import { expectStripeCardLoading, renderWithProviders, stripeScripts } from '../../../testing/render';
import { SubscriptionCheckout } from './subscription-checkout';

const userUuid = '6f1c1f52-3a0e-4d8e-9a4f-1d2b3c4d5e6f';

function renderCheckout(config: SiteConfig) {
  return renderWithProviders(<SubscriptionCheckout userUuid={userUuid} subscriptionId={null} config={config} />);
}

// The real loader (@stripe/stripe-js): jsdom adds its script tag but never fetches it.
describe('SubscriptionCheckout and Stripe.js', () => {
  afterEach(() => {
    for (const script of stripeScripts()) script.remove();
  });

  it('in test mode shows the test card fields and never loads Stripe.js', () => {
    renderCheckout({ paymentProvider: 'test', blogUrl: '', socialUrl: '' });

    expect(screen.getByRole('group', { name: 'Card Test mode' })).toBeTruthy();
    expect(screen.getByLabelText('Card number')).toBeTruthy();
    expect(stripeScripts()).toHaveLength(0);
  });

  it('in Stripe mode loads Stripe.js from Stripe and holds the Pay button until the card field is there', () => {
    renderCheckout({ paymentProvider: 'stripe', stripePublishableKey: 'pk_test_123', blogUrl: '', socialUrl: '' });

    expectStripeCardLoading('Pay $25');
  });
});
