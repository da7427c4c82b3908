// Test helpers for components: the app's providers around a component, and a fake server.
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode, type ReactElement } from 'react';
import { MemoryRouter } from 'react-router';
import { expect, vi } from 'vitest';
import { queryClient } from '../lib/query-client';
import { Toaster } from '../ui/toaster';

interface RenderOptions {
  route?: string;
  /**
   * Renders inside <StrictMode>, as main.tsx does, so effects run twice on mount. React runs them twice
   * only under a StrictMode above everything, so it wraps the providers too.
   */
  isStrict?: boolean;
}

export function renderWithProviders(ui: ReactElement, { route = '/', isStrict = false }: RenderOptions = {}) {
  const user = userEvent.setup();
  const tree = (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      <Toaster />
    </QueryClientProvider>
  );
  const result = render(isStrict ? <StrictMode>{tree}</StrictMode> : tree);
  return { user, ...result };
}

export function jsonResponse(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json', ...headers },
  });
}

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: unknown;
}

/**
 * Replaces fetch with a function answering from `respond`; returns the requests it received,
 * with JSON bodies parsed, so tests can check exactly what the form sent.
 */
export function mockServer(respond: (request: RecordedRequest) => Response | Promise<Response>) {
  const requests: RecordedRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const request: RecordedRequest = {
      url: String(input),
      method: init.method ?? 'GET',
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
    };
    requests.push(request);
    return respond(request);
  });
  vi.stubGlobal('fetch', fetchMock);
  return requests;
}

/** The error message a field announces through aria-describedby, or null when it has none. */
export function fieldError(control: HTMLElement): string | null {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ');
  const errorId = ids.find((id) => id.endsWith('-error'));
  return errorId ? (document.getElementById(errorId)?.textContent ?? null) : null;
}

/** The Stripe.js script tags on the page: jsdom adds them but never fetches them. */
export function stripeScripts(): HTMLScriptElement[] {
  return [...document.querySelectorAll<HTMLScriptElement>('script[src^="https://js.stripe.com"]')];
}

/** A checkout in Stripe mode: Stripe's card field instead of ours, Stripe.js requested once, Pay held. */
export function expectStripeCardLoading(payButtonName: string): void {
  expect(screen.getByRole('group', { name: 'Card details' })).toBeTruthy();
  expect(screen.queryByLabelText('Card number')).toBeNull();
  expect((screen.getByRole('button', { name: payButtonName }) as HTMLButtonElement).disabled).toBe(true);
  const scripts = stripeScripts();
  expect(scripts).toHaveLength(1);
  expect(scripts[0]!.src).toMatch(/^https:\/\/js\.stripe\.com\/[a-z0-9]+\/stripe\.js$/);
}
