// What the server tells the browser about itself (GET /api/config): payment mode and outside links.
import { useQuery } from '@tanstack/react-query';
import { apiPathOf, type SiteConfig } from '@teacheast/shared';
import { api } from './api-client';

export type { SiteConfig };

/** Only http(s) links go into the navigation, whatever the configuration says. */
function safeUrl(url: string): string {
  return /^https?:\/\//i.test(url) ? url : '';
}

/**
 * The answer as the app keeps it. Typed by the shared SiteConfigSchema, not checked: the navigation
 * needs it on every page, where zod does not fit (docs/decisions/005-lean-first-load.md).
 */
export function readSiteConfig(answer: SiteConfig): SiteConfig {
  return { ...answer, blogUrl: safeUrl(answer.blogUrl), socialUrl: safeUrl(answer.socialUrl) };
}

async function fetchSiteConfig(): Promise<SiteConfig> {
  return readSiteConfig(await api.get<SiteConfig>(apiPathOf({ kind: 'config' })));
}

export const siteConfigQueryKey = ['site-config'] as const;

export function useSiteConfig() {
  return useQuery({ queryKey: siteConfigQueryKey, queryFn: fetchSiteConfig, staleTime: Infinity });
}
