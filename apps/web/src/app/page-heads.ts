// What each page says about itself in the document's <head>: its tab title, the description search
// engines and link previews show, its canonical address, whether it is listed at all, and the feed
// that goes with it. The server's render bundle exports pageHeadAt, and the server writes the
// result into every page it sends (apps/server/src/features/discovery/page-head.ts).
import {
  DEFAULT_JOB_TITLE,
  apiPathOf,
  countryLabel,
  isIndexablePath,
  plainTextOf,
  schoolKindLabel,
  type CompareAnswer,
  type Job,
  type JobAnswer,
  type PageHead,
  type SchoolPageAnswer,
} from '@teacheast/shared';
import { paths } from '../config/paths';
import { COMPARE_PAGE_TITLE, comparePath, readCompareIds } from '../features/jobs/compare-api';
import { postingTitle } from '../features/jobs/components/job-facts';
import { readSearch, searchTitle } from '../features/jobs/search-params';
import { directoryPlace, directoryTitle, readDirectoryQuery } from '../features/schools/directory-query';
import { schoolPlace, schoolTitle } from '../features/schools/school-words';
import { documentTitle } from '../ui/use-page-title';
import { isRefusedAnswer, type PrerenderAnswers } from './prerender';
import { pageAt } from './router';
import { PAGE_HEADS, SITE_DESCRIPTION } from './static-pages';

const SITE_FEED = { path: '/feed.xml', title: 'TeachEast: new teaching jobs' };
const DESCRIPTION_MAX = 160;

/** At most DESCRIPTION_MAX characters, cut at a word with an ellipsis when it is longer. */
function clip(text: string): string {
  const chars = [...text];
  if (chars.length <= DESCRIPTION_MAX) return text;
  const cut = chars.slice(0, DESCRIPTION_MAX - 1).join('');
  const atWord = cut.replace(/\s+\S*$/, '');
  return `${atWord.length > DESCRIPTION_MAX / 2 ? atWord : cut}…`;
}

function countryFeed(country: string) {
  return {
    path: `/feed.xml?country=${encodeURIComponent(country)}`,
    title: `TeachEast: teaching jobs in ${countryLabel(country)}`,
  };
}

function postingHead(uuid: string, answer: unknown, base: PageHead): PageHead {
  const canonicalPath = paths.posting(uuid);
  if (answer === undefined) return { ...base, title: documentTitle('Job posting'), canonicalPath };
  if (isRefusedAnswer(answer)) return { ...notFoundHead(canonicalPath), title: documentTitle('Job not found') };
  const job: Job = (answer as JobAnswer).job;
  const where = `${job.city}, ${countryLabel(job.country)}`;
  const pay = job.pay ? ` Pay: ${job.pay}.` : '';
  const description = clip(
    `${job.title || DEFAULT_JOB_TITLE} at ${job.companyName} in ${where}.${pay} ${plainTextOf(job.descriptionHTML)}`.trim(),
  );
  // A job held for review after reports (BEYOND §9) is closed too, whatever its status says.
  const live = job.status === 'published' && !job.underReview;
  return {
    ...base,
    title: documentTitle(postingTitle(job)),
    description,
    canonicalPath,
    type: 'article',
    imagePath: job.thumbnail,
    feed: countryFeed(job.country),
    // A closed posting stays readable for people who saved it, but is no longer offered to search engines.
    noindex: !live,
    job: live ? job : null,
  };
}

/**
 * A school's page (BEYOND §8): the server describes the school as an EducationalOrganization from
 * `school`. Whether it is listed is page-privacy's to say, as for every page.
 */
function schoolHead(slug: string, answer: unknown, base: PageHead): PageHead {
  const canonicalPath = paths.school(slug);
  if (answer === undefined) return { ...base, title: documentTitle('School'), canonicalPath };
  if (isRefusedAnswer(answer)) return { ...notFoundHead(canonicalPath), title: documentTitle('School not found') };
  const { school } = answer as SchoolPageAnswer;
  const about = plainTextOf(school.aboutHTML);
  return {
    ...base,
    title: documentTitle(schoolTitle(school)),
    description: clip(
      about ||
        `${school.name}: ${schoolKindLabel(school.kind).toLowerCase()} in ${schoolPlace(school)}, hiring English teachers on TeachEast.`,
    ),
    canonicalPath,
    imagePath: school.logo,
    feed: countryFeed(school.country),
    school,
  };
}

const SCHOOLS_DESCRIPTION =
  'Schools and recruiters hiring English teachers in East and Southeast Asia, with their profiles and open jobs.';

/** The directory: one page per country and city chosen. */
function schoolsHead(search: URLSearchParams, base: PageHead): PageHead {
  const query = readDirectoryQuery(search);
  const place = directoryPlace(query);
  return {
    ...base,
    title: documentTitle(directoryTitle(query)),
    description: place
      ? `Schools and recruiters in ${place} hiring English teachers, with their profiles and open jobs.`
      : SCHOOLS_DESCRIPTION,
    canonicalPath: paths.schools(query),
    feed: query.country ? countryFeed(query.country) : base.feed,
  };
}

const COMPARE_DESCRIPTION = 'Teaching jobs side by side: pay, hours, housing, flights, visa, vacation and more.';

/**
 * A comparison is a teacher's own choice of jobs, not a page for search engines (it is not listed),
 * but its link is shared: the preview names the jobs.
 */
function compareHead(search: URLSearchParams, answers: PrerenderAnswers, base: PageHead): PageHead {
  const ids = readCompareIds(search);
  const head: PageHead = {
    ...base,
    title: documentTitle(COMPARE_PAGE_TITLE),
    description: COMPARE_DESCRIPTION,
    canonicalPath: ids.length > 0 ? comparePath(ids) : '/compare',
    noindex: true,
  };
  const answer = ids.length > 0 ? answers[apiPathOf({ kind: 'compare', ids })] : undefined;
  if (answer === undefined || isRefusedAnswer(answer)) return head;
  const { jobs } = answer as CompareAnswer;
  if (jobs.length === 0) return head;
  const names = jobs.map((job) => `${job.title || DEFAULT_JOB_TITLE} at ${job.companyName}, ${job.city}`);
  return { ...head, description: clip(`Pay and conditions side by side: ${names.join('; ')}.`) };
}

function notFoundHead(canonicalPath: string): PageHead {
  const { title, description } = PAGE_HEADS['not-found-page'];
  return {
    title: documentTitle(title),
    description,
    canonicalPath,
    noindex: true,
    type: 'website',
    imagePath: null,
    feed: SITE_FEED,
    job: null,
  };
}

/** The head of the page at `url` (path and query), given the API answers it was rendered with, if any. */
export function pageHeadAt(url: string, answers: PrerenderAnswers): PageHead {
  const parsed = new URL(url, 'http://localhost');
  const pathname = parsed.pathname.replace(/(.)\/$/, '$1');
  const page = pageAt(pathname);
  const base: PageHead = {
    title: documentTitle(''),
    description: SITE_DESCRIPTION,
    canonicalPath: pathname,
    // The one list robots.txt and the sitemap read too (shared page-privacy.ts); a path that only
    // redirects is not a page to list.
    noindex: !page || !isIndexablePath(pathname),
    type: 'website',
    imagePath: null,
    feed: SITE_FEED,
    job: null,
  };
  if (page === 'not-found-page') return notFoundHead(pathname);
  if (page === 'posting-page') {
    const uuid = decodeURIComponent(pathname.slice('/posting/'.length));
    return postingHead(uuid, answers[apiPathOf({ kind: 'posting', uuid })], base);
  }
  if (page === 'compare-page') return compareHead(parsed.searchParams, answers, base);
  if (page === 'school-page') {
    const slug = decodeURIComponent(pathname.slice('/schools/'.length));
    return schoolHead(slug, answers[apiPathOf({ kind: 'school', slug })], base);
  }
  if (page === 'schools-page') return schoolsHead(parsed.searchParams, base);
  if (page === 'jobs-page') {
    const { country, city, ageGroup, page: n } = readSearch(parsed.searchParams);
    // A bare /jobs goes back to the tab's last search: it has no words of its own to list.
    if (!country) return { ...base, title: searchTitle(null), noindex: true };
    const where = city ? `${city}, ${countryLabel(country)}` : countryLabel(country);
    const who = ageGroup ? ` teaching ${ageGroup.toLowerCase()}` : '';
    return {
      ...base,
      // The spec's tab title of a search, exactly.
      title: searchTitle(country),
      description: `English teaching jobs in ${where}${who}: the newest postings from schools, academies and universities on TeachEast.`,
      // The keywords are left out: every wording of a search is one page to a search engine.
      canonicalPath: paths.jobs({ country, city, ageGroup, page: n }),
      feed: countryFeed(country),
    };
  }
  if (page && page in PAGE_HEADS) {
    const { title, description } = PAGE_HEADS[page as keyof typeof PAGE_HEADS];
    return { ...base, title: documentTitle(title), description };
  }
  return base;
}
