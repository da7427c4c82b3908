import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { LANDING_PAGES, landingPageAt, pageAt, routes } from './router';

/** The file in pages/ of every page in the route table. */
function pageFiles(table: RouteObject[]): string[] {
  return table.flatMap((route) => {
    const file = (route.Component as { file?: string } | null | undefined)?.file;
    return [...(file ? [file] : []), ...pageFiles(route.children ?? [])];
  });
}

describe('the page table', () => {
  it("names each page by a file that exists in pages/, and each landing page is one of the router's", () => {
    const existing = Object.keys(import.meta.glob('./pages/*.tsx'));
    const files = pageFiles(routes);
    expect(files.length).toBeGreaterThan(20);
    for (const file of files) expect(existing).toContain(`./pages/${file}.tsx`);
    for (const landing of LANDING_PAGES) expect(files).toContain(landing);
  });

  it('finds the landing page a path shows, as the router matches it', () => {
    const shown: Record<string, string> = {
      '/': 'home-page',
      '/jobs': 'jobs-page',
      '/posting/3f1c': 'posting-page',
      '/compare': 'compare-page',
      '/resume/3f1c': 'resume-detail-page',
      '/resume-board': 'resume-board-page',
      '/login': 'login-page',
      '/register': 'register-page',
      '/contact-us': 'contact-us-page',
      '/terms-of-service': 'terms-of-service-page',
      '/about-us': 'about-us-page',
      '/forgot-password': 'forgot-password-page',
      '/account': 'account-page',
      '/account/published': 'account-page',
      '/no-such-page': 'not-found-page',
      '/posting': 'not-found-page',
    };
    for (const [path, file] of Object.entries(shown)) expect(landingPageAt(path), path).toBe(file);
  });

  it('has no landing page for the other pages, nor for paths the router sends elsewhere', () => {
    // Paths that name pages of the app, shown or redirected; only unknown paths are the not-found page.
    for (const path of [
      '/post-job',
      '/post-job/stepper/details/3f1c',
      '/confirmation/token',
      '/change-password/token',
      '/job-alerts/confirm/token',
      '/purchase-form/one',
    ]) {
      expect(landingPageAt(path), path).toBeNull();
      expect(pageAt(path), path).not.toBe('not-found-page');
    }
  });

  it('shows the not-found page at any path it does not know, and keeps the redirects of the paths it does', () => {
    for (const path of ['/no-such-page', '/posting', '/account/published/more', '/jobs/japan', '/about-us/team']) {
      expect(pageAt(path), path).toBe('not-found-page');
    }
    // Wizard steps that do not exist go back to the wizard's start (the spec's redirects), not to 404.
    expect(pageAt('/post-job/nowhere')).toBeNull();
    expect(pageAt('/post-resume/a/b/c')).toBeNull();
    expect(pageAt('/about-us')).toBe('about-us-page');
  });
});
