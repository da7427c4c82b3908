import type { Stripe } from '@stripe/stripe-js';
import { act, render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { STRIPE_LOAD_ERROR, StripeCardField, type StripeCard } from './stripe-card-field';

const loadStripe = vi.hoisted(() => vi.fn());
vi.mock('@stripe/stripe-js/pure', () => ({ loadStripe }));

/** Stripe.js as far as the field uses it: elements().create('card') and the card's mount/on/destroy. */
function fakeStripe() {
  const handlers: Record<string, (event: { error?: { message: string } }) => void> = {};
  const card = {
    mount: vi.fn(),
    destroy: vi.fn(),
    on: vi.fn((name: string, handler: (typeof handlers)[string]) => {
      handlers[name] = handler;
      return card;
    }),
  };
  const create = vi.fn(() => card);
  const stripe = { elements: vi.fn(() => ({ create })) } as unknown as Stripe;
  return { stripe, card, create, handlers };
}

describe('StripeCardField', () => {
  beforeEach(() => {
    loadStripe.mockReset();
  });

  it('loads Stripe.js with the publishable key and mounts a card field without postal code in its labelled group', async () => {
    const fake = fakeStripe();
    loadStripe.mockResolvedValue(fake.stripe);
    const onReady = vi.fn<(card: StripeCard | null) => void>();

    render(<StripeCardField publishableKey="pk_test_123" onReady={onReady} />);

    await waitFor(() => expect(onReady).toHaveBeenCalledWith({ stripe: fake.stripe, card: fake.card }));
    expect(loadStripe).toHaveBeenCalledWith('pk_test_123');
    expect(fake.create).toHaveBeenCalledWith('card', expect.objectContaining({ hidePostalCode: true }));
    expect(fake.card.mount).toHaveBeenCalledWith(screen.getByRole('group', { name: 'Card details' }));
  });

  it("shows the card's own error while it is wrong, and hides it once it is right", async () => {
    const fake = fakeStripe();
    loadStripe.mockResolvedValue(fake.stripe);
    render(<StripeCardField publishableKey="pk_test_123" onReady={() => {}} />);
    await waitFor(() => expect(fake.handlers.change).toBeDefined());

    act(() => fake.handlers.change!({ error: { message: 'Your card number is incomplete.' } }));
    expect(screen.getByRole('alert').textContent).toBe('Your card number is incomplete.');

    act(() => fake.handlers.change!({}));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the card form could not be loaded when Stripe.js does not load', async () => {
    loadStripe.mockRejectedValue(new Error('Failed to load Stripe.js'));
    const onReady = vi.fn();

    render(<StripeCardField publishableKey="pk_test_123" onReady={onReady} />);

    expect((await screen.findByRole('alert')).textContent).toBe(STRIPE_LOAD_ERROR);
    expect(onReady).not.toHaveBeenCalledWith(expect.objectContaining({ card: expect.anything() as unknown }));
  });

  it('says the same when there is no Stripe.js to load (no window)', async () => {
    loadStripe.mockResolvedValue(null);

    render(<StripeCardField publishableKey="pk_test_123" onReady={() => {}} />);

    expect((await screen.findByRole('alert')).textContent).toBe(STRIPE_LOAD_ERROR);
  });

  it('destroys the card and withdraws it when the field goes away', async () => {
    const fake = fakeStripe();
    loadStripe.mockResolvedValue(fake.stripe);
    const onReady = vi.fn<(card: StripeCard | null) => void>();
    const { unmount } = render(<StripeCardField publishableKey="pk_test_123" onReady={onReady} />);
    await waitFor(() => expect(onReady).toHaveBeenCalledTimes(1));

    unmount();

    expect(fake.card.destroy).toHaveBeenCalledTimes(1);
    expect(onReady).toHaveBeenLastCalledWith(null);
  });
});
