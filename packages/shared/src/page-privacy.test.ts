import { describe, expect, it } from 'vitest';
import { PAGE_PRIVACY, SITEMAP_PAGE_PATHS, isIndexablePath, writeRobotsTxt } from './page-privacy.js';

/** robots.txt's Disallow lines, read as a search engine reads them. */
function disallowedBy(robotsTxt: string): string[] {
  return robotsTxt
    .split('\n')
    .filter((line) => line.startsWith('Disallow:'))
    .map((line) => line.slice('Disallow:'.length).trim());
}

describe('page privacy', () => {
  it('lists the public pages and the searches and postings, not what is private or a step of a form', () => {
    for (const path of ['/', '/jobs', '/posting/abc', '/about-us', '/contact-us', '/terms-of-service']) {
      expect(isIndexablePath(path), path).toBe(true);
    }
    // The entry pages of posting a job or a resume are public; the wizards behind them are not (BEYOND §3).
    expect(isIndexablePath('/post-job')).toBe(true);
    expect(isIndexablePath('/post-resume')).toBe(true);
    for (const path of [
      '/post-job/purchase-jobs',
      '/post-job/stepper/details/x',
      '/post-resume/details/x',
      '/api/jobs',
      '/account',
      '/account/published',
      '/resume/x',
      '/resume-board',
      '/login',
      '/job-alerts/confirm/x',
      '/job/metrics/x',
    ]) {
      expect(isIndexablePath(path), path).toBe(false);
    }
  });

  it('keeps a page it does not list private: only the listed pages are offered to search engines', () => {
    expect(isIndexablePath('/some-new-page')).toBe(false);
    expect(isIndexablePath('/posting')).toBe(false);
  });

  it("robots.txt disallows exactly the list's private prefixes, and no path they shut out is indexable", () => {
    const text = writeRobotsTxt('https://teacheast.example/sitemap.xml');
    expect(text.split('\n').slice(0, 2)).toEqual(['User-agent: *', 'Allow: /']);
    expect(text).toContain('Sitemap: https://teacheast.example/sitemap.xml\n');
    const disallowed = disallowedBy(text);
    expect(disallowed.sort()).toEqual(
      PAGE_PRIVACY.filter((rule) => !rule.indexable)
        .map((rule) => rule.path)
        .sort(),
    );
    for (const prefix of disallowed) {
      for (const path of [prefix, `${prefix}x`, `${prefix}/x`]) expect(isIndexablePath(path), path).toBe(false);
    }
    // robots.txt writes no Allow line but its first: an indexable rule under a private prefix would be shut out.
    for (const rule of PAGE_PRIVACY.filter((r) => r.indexable)) {
      expect(
        disallowed.filter((prefix) => rule.path.startsWith(prefix)),
        rule.path,
      ).toEqual([]);
    }
  });

  it('the fixed pages of the sitemap are indexable ones', () => {
    expect(SITEMAP_PAGE_PATHS).toEqual([
      '/',
      '/about-us',
      '/contact-us',
      '/terms-of-service',
      '/schools',
      '/safety',
      '/post-job',
      '/post-resume',
    ]);
    for (const path of SITEMAP_PAGE_PATHS) expect(isIndexablePath(path), path).toBe(true);
  });
});
