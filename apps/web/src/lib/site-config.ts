// What the server tells the browser about itself (GET /api/config): payment mode and outside links.
import { useQuery } from '@tanstack/react-query';
import { api, type ResponseParser } from './api-client';

// No shared schema for this answer yet; the navigation needs it on every page, so it is checked
// by hand rather than with zod (which would join the first download).
export interface SiteConfig {
  paymentProvider: 'test' | 'stripe';
  stripePublishableKey?: string;
  blogUrl: string;
  socialUrl: string;
}

/** Only http(s) links go into the navigation, whatever the configuration says. */
function safeUrl(value: unknown): string {
  return typeof value === 'string' && /^https?:\/\//i.test(value) ? value : '';
}

export const siteConfigResponse: ResponseParser<SiteConfig> = {
  safeParse(data) {
    const body = data as Record<string, unknown> | undefined;
    if (!body || (body.paymentProvider !== 'test' && body.paymentProvider !== 'stripe')) {
      return { success: false };
    }
    return {
      success: true,
      data: {
        paymentProvider: body.paymentProvider,
        stripePublishableKey: typeof body.stripePublishableKey === 'string' ? body.stripePublishableKey : undefined,
        blogUrl: safeUrl(body.blogUrl),
        socialUrl: safeUrl(body.socialUrl),
      },
    };
  },
};

export function fetchSiteConfig(): Promise<SiteConfig> {
  return api.get('/api/config', { schema: siteConfigResponse });
}

export const siteConfigQueryKey = ['site-config'] as const;

export function useSiteConfig() {
  return useQuery({ queryKey: siteConfigQueryKey, queryFn: fetchSiteConfig, staleTime: Infinity });
}
