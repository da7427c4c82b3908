// What a page says about itself to search engines and link previews: the web app decides it for
// every path (its render bundle's pageHeadAt), the server writes it into the page's <head>.
import type { Job } from './schemas/jobs.js';
import type { School } from './schemas/schools.js';

export interface PageHead {
  /** The tab title, whole (site name included). */
  title: string;
  /** The meta description: one or two sentences, plain text. */
  description: string;
  /** Path and query of the page's canonical address, e.g. `/jobs?country=japan&page=1`. */
  canonicalPath: string;
  /** A page search engines should not list: closed postings, the not-found page, private pages. */
  noindex: boolean;
  /** Open Graph type. */
  type: 'website' | 'article';
  /** The picture link previews show, as a path on this site, or null for the site's own. */
  imagePath: string | null;
  /** The Atom feed that goes with the page. */
  feed: { path: string; title: string };
  /** A live posting shown by the page: the server describes it as a schema.org JobPosting. */
  job: Job | null;
  /** A school's page (BEYOND §8): the server describes it as a schema.org EducationalOrganization. */
  school?: School | null;
}
