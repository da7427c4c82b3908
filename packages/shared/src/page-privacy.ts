// Which pages search engines may list: the one list that robots.txt (the server writes it from
// here), each page's robots rule (the web app's page heads) and the sitemap's fixed pages all read.

export interface PathPrivacy {
  /**
   * A path as robots.txt reads one: it covers every path that starts with it, or, ending in `$`,
   * that path alone. Where several cover a path, the longest decides, as it does for search engines.
   */
  path: string;
  indexable: boolean;
  /** A fixed page the sitemap lists (searches and postings are listed by the sitemap itself). */
  inSitemap?: true;
}

export const PAGE_PRIVACY: readonly PathPrivacy[] = [
  { path: '/$', indexable: true, inSitemap: true },
  // Searches: a bare /jobs has no words of its own, and its page head says noindex itself.
  { path: '/jobs', indexable: true },
  // Postings: a closed one says noindex in its page head.
  { path: '/posting/', indexable: true },
  { path: '/about-us', indexable: true, inSitemap: true },
  { path: '/contact-us', indexable: true, inSitemap: true },
  { path: '/terms-of-service', indexable: true, inSitemap: true },
  // The schools' directory, and each school's page (BEYOND §8: the sitemap lists those with a live job).
  { path: '/schools', indexable: true, inSitemap: true },
  // How to tell a real job from a scam (BEYOND §9).
  { path: '/safety', indexable: true, inSitemap: true },
  // The entry pages of posting a job (its prices) and a resume (an invitation to sign up).
  { path: '/post-job', indexable: true, inSitemap: true },
  { path: '/post-resume', indexable: true, inSitemap: true },
  // For people with an account or in the middle of something (BEYOND §3: the API, the account, the wizards).
  { path: '/api/', indexable: false },
  { path: '/account', indexable: false },
  // Jobs side by side: a teacher's own choice of postings, each listed under its own address.
  { path: '/compare', indexable: false },
  // The purchase page (the same words as /post-job) and the job wizard.
  { path: '/post-job/', indexable: false },
  // The resume wizard.
  { path: '/post-resume/', indexable: false },
  { path: '/purchase-form', indexable: false },
  { path: '/subscription', indexable: false },
  { path: '/resume-board', indexable: false },
  { path: '/resume/', indexable: false },
  { path: '/job/metrics', indexable: false },
  { path: '/job/applicants', indexable: false },
  { path: '/job-alerts/', indexable: false },
  { path: '/change-password', indexable: false },
  { path: '/confirmation', indexable: false },
  { path: '/special-register', indexable: false },
  { path: '/login', indexable: false },
  { path: '/register', indexable: false },
  { path: '/forgot-password', indexable: false },
];

function covers(rule: PathPrivacy, path: string): boolean {
  return rule.path.endsWith('$') ? path === rule.path.slice(0, -1) : path.startsWith(rule.path);
}

/**
 * Whether search engines may list the page at `path` (a pathname, without the query): the longest
 * rule that covers it decides, and a path no rule covers is not listed, so a new page stays private
 * until it is added here.
 */
export function isIndexablePath(path: string): boolean {
  let decided: PathPrivacy | undefined;
  for (const rule of PAGE_PRIVACY) {
    if (covers(rule, path) && (!decided || rule.path.length > decided.path.length)) decided = rule;
  }
  return decided?.indexable ?? false;
}

/** The fixed pages the sitemap lists, before each country's search and the live postings. */
export const SITEMAP_PAGE_PATHS: readonly string[] = PAGE_PRIVACY.filter((rule) => rule.inSitemap).map((rule) =>
  rule.path.replace(/\$$/, ''),
);

/**
 * robots.txt: everything allowed but the private prefixes. Paths no rule covers stay allowed to
 * crawl, so a search engine can read their noindex.
 */
export function writeRobotsTxt(sitemapUrl: string): string {
  const disallowed = PAGE_PRIVACY.filter((rule) => !rule.indexable).map((rule) => `Disallow: ${rule.path}`);
  return ['User-agent: *', 'Allow: /', ...disallowed, '', `Sitemap: ${sitemapUrl}`, ''].join('\n');
}
