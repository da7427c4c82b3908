// How search engines and feed readers find the live postings: robots.txt, the sitemaps (streamed
// from the database in batches, split under an index past 50,000 URLs) and the Atom feed.
import { COUNTRIES, DEFAULT_JOB_TITLE, SITEMAP_PAGE_PATHS, countryLabel, writeRobotsTxt } from '@teacheast/shared';
import type { Deps } from '../../deps.js';
import { notFound } from '../../errors.js';
import { liveSince } from '../jobs/lifecycle.js';
import { schoolsInSitemap } from '../schools/service.js';
import * as repo from './repo.js';
import { xmlText } from './xml.js';

/** The sitemaps.org limit of URLs in one sitemap; an index takes over past it. */
export const SITEMAP_URLS_MAX = 50_000;
/** Postings read from the database at a time, and written as one chunk. */
const SITEMAP_BATCH = 2_000;
export const FEED_SIZE = 50;

/**
 * The parts of the postings under an index, named by the first two hex digits of the ids they hold.
 * Posting ids are random UUIDs, so each holds about one in 256 of them: 3,900 at a million postings,
 * and the 50,000 a part may hold at about 12.8 million.
 */
const SITEMAP_JOB_PARTS = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/** A sitemap as its chunks of text, read from the database as they are sent. */
type XmlChunks = AsyncGenerator<string, void, undefined>;

const iso = (ms: number) => new Date(ms).toISOString();
const postingPath = (id: string) => `/posting/${encodeURIComponent(id)}`;
const schoolPath = (slug: string) => `/schools/${encodeURIComponent(slug)}`;
const searchPath = (country: string) => `/jobs?country=${encodeURIComponent(country)}&page=1`;

/** robots.txt, written from the one list of what search engines may list (shared page-privacy.ts). */
export function readRobotsTxt(deps: Deps): string {
  return writeRobotsTxt(`${deps.config.publicUrl}/sitemap.xml`);
}

/** Home, the fixed public pages, each country's search, and the page of each school with a live job. */
async function pageUrls(deps: Deps): Promise<string[]> {
  const base = deps.config.publicUrl;
  const fixed = [...SITEMAP_PAGE_PATHS, ...COUNTRIES.map((c) => searchPath(c.value))].map(
    (path) => `<url><loc>${xmlText(base + path)}</loc></url>\n`,
  );
  const schools = (await schoolsInSitemap(deps)).map(
    (s) => `<url><loc>${xmlText(base + schoolPath(s.slug))}</loc><lastmod>${iso(s.updatedAt)}</lastmod></url>\n`,
  );
  return [...fixed, ...schools];
}

/**
 * Up to `max` live postings of `range`, in id order, as `<url>` lines, one chunk per batch: never
 * more than a batch of rows in memory, however many postings there are.
 */
async function* postingUrls(deps: Deps, since: number, range: repo.IdRange, max: number): XmlChunks {
  const base = deps.config.publicUrl;
  let last: string | null = null;
  let left = max;
  while (left > 0) {
    const rows = await repo.findLivePostingsAfter(deps.db, since, range, last, Math.min(SITEMAP_BATCH, left));
    if (rows.length === 0) return;
    let chunk = '';
    for (const row of rows) {
      chunk += `<url><loc>${xmlText(base + postingPath(row.id))}</loc><lastmod>${iso(row.updated_at)}</lastmod></url>\n`;
    }
    yield chunk;
    last = rows[rows.length - 1]!.id;
    left -= rows.length;
  }
}

/**
 * A urlset of `pages` and then `postings`, whose first batch comes in the first chunk: a database
 * that cannot answer fails it, before anything is sent.
 */
async function* urlset(pages: string[], postings: XmlChunks | null): XmlChunks {
  const first = postings ? await postings.next() : null;
  yield `${XML_DECLARATION}<urlset xmlns="${SITEMAP_NS}">\n${pages.join('')}${first?.done === false ? first.value : ''}`;
  if (postings && first?.done === false) yield* postings;
  yield '</urlset>\n';
}

async function* sitemapIndex(deps: Deps): XmlChunks {
  const base = deps.config.publicUrl;
  const parts = ['/sitemap-pages.xml', ...SITEMAP_JOB_PARTS.map((part) => `/sitemap-jobs-${part}.xml`)];
  yield `${XML_DECLARATION}<sitemapindex xmlns="${SITEMAP_NS}">\n`;
  yield parts.map((path) => `<sitemap><loc>${xmlText(base + path)}</loc></sitemap>\n`).join('');
  yield '</sitemapindex>\n';
}

/**
 * `/sitemap.xml`: one urlset while pages and postings fit in `maxUrls`; past that, an index of
 * `/sitemap-pages.xml` and the 256 `/sitemap-jobs-{hh}.xml`. Whether they fit is asked of the
 * posting just past the limit, never of a count: at most `maxUrls` entries of the sitemap index are
 * read, however many postings there are. It is asked before anything is sent, so a database that
 * cannot answer gets the error body.
 */
export async function openSitemap(deps: Deps, maxUrls = SITEMAP_URLS_MAX): Promise<XmlChunks> {
  const since = liveSince(deps.clock.now());
  const pages = await pageUrls(deps);
  const room = maxUrls - pages.length;
  if (room >= 0 && !(await repo.hasLivePostingAt(deps.db, since, room))) {
    // Postings published between the question and the read cannot push the file past the limit.
    return urlset(pages, postingUrls(deps, since, { from: null, before: null }, room));
  }
  return sitemapIndex(deps);
}

/** `/sitemap-pages.xml`: home, the static pages, the country searches and the schools hiring. Served whatever the site's size. */
export async function* openSitemapPages(deps: Deps): XmlChunks {
  yield* urlset(await pageUrls(deps), null);
}

/**
 * `/sitemap-jobs-{hh}.xml`: the live postings whose ids start with the two lowercase hex digits
 * `hh`, one range of the sitemap index read in batches (the first part open below and the last
 * above, so the parts hold every id once whatever it is); an empty part is an empty urlset and any
 * other name is not found. So are the numbered parts of earlier releases (`-10` and up now name hex
 * parts): an index may not point to another index, so a redirect to `/sitemap.xml` would be refused
 * as a part, while a 404 lets a search engine drop the part, and the index it reads again names the
 * new ones. Served whatever the site's size, so a part a search engine was given keeps answering
 * while the site grows past or shrinks under the index. A part never lists more than `maxUrls`:
 * from about 12.8 million postings the rest of a full part is left out, where a longer file would
 * be refused whole by search engines.
 */
export function openSitemapJobsPart(deps: Deps, part: string, maxUrls = SITEMAP_URLS_MAX): XmlChunks {
  const n = SITEMAP_JOB_PARTS.indexOf(part);
  if (n === -1) throw notFound('No such sitemap');
  const range = { from: n === 0 ? null : part, before: SITEMAP_JOB_PARTS[n + 1] ?? null };
  return urlset([], postingUrls(deps, liveSince(deps.clock.now()), range, maxUrls));
}

type FeedRow = Awaited<ReturnType<typeof repo.findNewestLivePostings>>[number];

/** Newest first, then by id, as the database orders them. */
const newestFirst = (a: FeedRow, b: FeedRow) =>
  (b.published_at ?? 0) - (a.published_at ?? 0) || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

/**
 * The newest live postings of one country, or of all: every country's newest merged, each read
 * along its country's search index, where one query over every country would read the whole table.
 */
async function findNewestLivePostings(deps: Deps, country: string | null): Promise<FeedRow[]> {
  const since = liveSince(deps.clock.now());
  const countries = country === null ? COUNTRIES.map((c) => c.value) : [country];
  const lists = await Promise.all(countries.map((c) => repo.findNewestLivePostings(deps.db, since, c, FEED_SIZE)));
  return lists.flat().sort(newestFirst).slice(0, FEED_SIZE);
}

/**
 * The Atom 1.0 feed of the newest live postings of one country, or of every country when null: what
 * a feed reader polls instead of the search page.
 */
export async function readFeed(deps: Deps, country: string | null): Promise<string> {
  const base = deps.config.publicUrl;
  const rows = await findNewestLivePostings(deps, country);
  const self = `${base}/feed.xml${country === null ? '' : `?country=${encodeURIComponent(country)}`}`;
  const alternate = `${base}${country === null ? '/' : searchPath(country)}`;
  const title = `TeachEast: teaching jobs${country === null ? '' : ` in ${countryLabel(country)}`}`;
  const updated = rows.length === 0 ? deps.clock.now() : Math.max(...rows.map((r) => r.updated_at));

  const entries = rows.map((row) => {
    const place = [row.city.trim(), countryLabel(row.country)].filter(Boolean).join(', ');
    const school = row.company_name.trim();
    const summary = school === '' ? place : `${school} in ${place}`;
    return [
      '<entry>',
      `<id>urn:uuid:${xmlText(row.id)}</id>`,
      `<title type="text">${xmlText(row.title.trim() || DEFAULT_JOB_TITLE)}</title>`,
      `<link rel="alternate" type="text/html" href="${xmlText(base + postingPath(row.id))}"/>`,
      `<published>${iso(row.published_at ?? row.updated_at)}</published>`,
      `<updated>${iso(row.updated_at)}</updated>`,
      `<summary type="text">${xmlText(summary)}</summary>`,
      '</entry>',
    ].join('\n');
  });

  return [
    `${XML_DECLARATION}<feed xmlns="http://www.w3.org/2005/Atom">`,
    `<id>${xmlText(self)}</id>`,
    `<title type="text">${xmlText(title)}</title>`,
    `<updated>${iso(updated)}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${xmlText(self)}"/>`,
    `<link rel="alternate" type="text/html" href="${xmlText(alternate)}"/>`,
    `<author><name>TeachEast</name><uri>${xmlText(`${base}/`)}</uri></author>`,
    ...entries,
    '</feed>',
    '',
  ].join('\n');
}
