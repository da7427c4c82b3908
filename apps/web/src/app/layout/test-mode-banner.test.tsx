import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client';
import { siteConfigQueryKey, type SiteConfig } from '../../lib/site-config';
import { jsonResponse, mockServer, renderWithProviders } from '../../testing/render';
import { TestModeBanner } from './test-mode-banner';

const config = (paymentProvider: SiteConfig['paymentProvider']) => ({
  paymentProvider,
  blogUrl: 'https://blog.example',
  socialUrl: 'https://social.example',
});

describe('test mode banner', () => {
  afterEach(() => queryClient.removeQueries({ queryKey: siteConfigQueryKey }));

  it('shows on every page while the server takes test payments', async () => {
    mockServer(() => jsonResponse(200, config('test')));
    renderWithProviders(<TestModeBanner />);
    expect(await screen.findByRole('complementary', { name: 'Test mode' })).toHaveTextContent(
      /Test mode: payments here are not real/,
    );
  });

  it('is absent with real payments', async () => {
    const requests = mockServer(() => jsonResponse(200, config('stripe')));
    renderWithProviders(<TestModeBanner />);
    await expect.poll(() => requests.length).toBe(1);
    await expect.poll(() => queryClient.getQueryData(siteConfigQueryKey)).toEqual(config('stripe'));
    expect(screen.queryByRole('complementary')).not.toBeInTheDocument();
  });
});
