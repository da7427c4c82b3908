// The keys each read scenario draws its requests from, made from the generated dataset: thousands of
// them wherever the data has thousands, so a response cache is measured at the hit rate it would
// have, not at the one a single repeated URL gives it. Seeded, so every run asks the same questions.
import {
  AGE_GROUPS,
  COUNTRY_VALUES,
  DESIRED_COUNTRIES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  MONTHS,
  NATIONALITIES,
  PAGE_SIZE,
  TERMS_FILTER_KEYS,
  type TermsFilterInput,
} from '@teacheast/shared';
import { TERMS_FLAGS } from '../apps/server/src/db/job-terms.js';
import { createRandom, type Random } from '../apps/server/src/demo/factories.js';
import type { DatasetInfo, SheetPosting } from './dataset.js';

/** Random live postings asked for by the job record and posting page scenarios. */
const JOB_KEYS = 5000;
/** Deep list pages of one country: 1..LIST_PAGES. */
export const LIST_PAGES = 600;

/** What every browser and crawler says of the encodings it takes (pages are sent as they ask). */
export const AS_BROWSERS: Readonly<Record<string, string>> = { 'accept-encoding': 'gzip, deflate, br' };
const LIST_PAGES_COUNTRY = 'japan';
const SEARCH_PAGE_PAGES = 50;
const KEYWORD_QUERIES = 200;
const BOARD_KEYS = 5000;
const BOARD_PAGES = 100;
/** List page 1 of a country with contract-sheet filters. */
const TERMS_LIST_KEYS = 3000;
/** Two-word searches of a country with contract-sheet filters. */
const TERMS_KEYWORD_KEYS = 2000;

/** Words nobody searches jobs by; the queries keep to words that pick jobs out. */
const FUNCTION_WORDS = new Set(
  'the and for you are our who with from what will have here any each every about after plus your this that into its can all per not'.split(
    ' ',
  ),
);

const q = encodeURIComponent;

/** `/api/filter-jobs?country=C&page=1` for every country. */
export function listPage1Paths(): string[] {
  return COUNTRY_VALUES.map((country) => `/api/filter-jobs?country=${country}&page=1`);
}

/** Pages 1..LIST_PAGES of one country, which must have that many pages of live jobs. */
export function listPagesPaths(data: DatasetInfo): string[] {
  const live = data.liveJobIds[LIST_PAGES_COUNTRY].length;
  if (live < LIST_PAGES * PAGE_SIZE) {
    throw new Error(`${LIST_PAGES_COUNTRY} has ${live} live jobs, fewer than ${LIST_PAGES} pages of ${PAGE_SIZE}`);
  }
  return Array.from({ length: LIST_PAGES }, (_, i) => `/api/filter-jobs?country=${LIST_PAGES_COUNTRY}&page=${i + 1}`);
}

/** Page 1 of every (country, city, age group) with live jobs. */
export function cityAgeGroupPaths(data: DatasetInfo): string[] {
  return data.cityAgeGroups.map(
    ({ country, city, ageGroup }) =>
      `/api/filter-jobs?country=${country}&city=${q(city)}&ageGroup=${q(ageGroup)}&page=1`,
  );
}

/** JOB_KEYS live jobs from every country, drawn at random. */
export function sampleLiveJobIds(data: DatasetInfo): string[] {
  const all = COUNTRY_VALUES.flatMap((country) => data.liveJobIds[country]);
  return createRandom(11).some(all, JOB_KEYS);
}

export const jobRecordPaths = (ids: readonly string[]) => ids.map((id) => `/api/job/${id}`);
export const postingPagePaths = (ids: readonly string[]) => ids.map((id) => `/posting/${id}`);

function twoWords(r: Random, words: readonly string[]): string | null {
  const usable = words.filter((w) => w.length >= 3 && !/^\d+$/.test(w) && !FUNCTION_WORDS.has(w));
  if (usable.length < 2) return null;
  return r.some(usable, 2).join(' ');
}

/** `count` different keys made by `make`, or an error when the dataset cannot give that many. */
function distinctKeys(count: number, what: string, make: () => string | null): string[] {
  const keys = new Set<string>();
  for (let tries = 0; keys.size < count && tries < count * 50; tries++) {
    const key = make();
    if (key) keys.add(key);
  }
  if (keys.size < count) throw new Error(`only ${keys.size} ${what} keys could be made, not ${count}`);
  return [...keys];
}

/**
 * KEYWORD_QUERIES two-word queries, each made of two words of one live posting (so each finds at least
 * that posting in its country, and common words come up as often as postings use them), asked in
 * every country.
 */
export function keywordPaths(data: DatasetInfo): string[] {
  const r = createRandom(23);
  const queries = distinctKeys(KEYWORD_QUERIES, 'keyword query', () => twoWords(r, r.pick(data.postingWords)));
  return queries.flatMap((query) =>
    COUNTRY_VALUES.map((country) => `/api/filter-jobs?country=${country}&q=${q(query)}&page=1`),
  );
}

const BOARD_FILTERS: Record<string, readonly string[]> = {
  nationality: NATIONALITIES,
  education: EDUCATION_LEVELS,
  experience: EXPERIENCE_LEVELS,
  desiredCountry: DESIRED_COUNTRIES,
  desiredStartDate: MONTHS,
  desiredAgeGroup: AGE_GROUPS,
};

/**
 * The subscriber's resume board: BOARD_KEYS different pages of 1..BOARD_PAGES with none, one or two
 * filters (the dataset's resumes take every value of these lists).
 */
export function boardPaths(data: DatasetInfo): string[] {
  const r = createRandom(31);
  const paths = new Set<string>();
  while (paths.size < BOARD_KEYS) {
    const params = new URLSearchParams();
    for (const name of r.some(Object.keys(BOARD_FILTERS), r.int(0, 2))) params.set(name, r.pick(BOARD_FILTERS[name]!));
    params.set('page', String(r.int(1, BOARD_PAGES)));
    paths.add(`/api/resume-board/filter/${data.subscriberId}?${params.toString().replace(/\+/g, '%20')}`);
  }
  return [...paths];
}

/** The search page rendered on the server: pages 1..SEARCH_PAGE_PAGES of every country. */
export function searchPagePaths(): string[] {
  return COUNTRY_VALUES.flatMap((country) =>
    Array.from({ length: SEARCH_PAGE_PAGES }, (_, i) => `/jobs?country=${country}&page=${i + 1}`),
  );
}

/** The whole site's feed and every country's. */
export function feedPaths(): string[] {
  return ['/feed.xml', ...COUNTRY_VALUES.map((country) => `/feed.xml?country=${country}`)];
}

type TermsParam = keyof TermsFilterInput;

/** The on/off contract-sheet filters, and the bit of terms_flags a job meets each by. */
const FLAG_FILTERS = {
  housing: TERMS_FLAGS.housing,
  flights: TERMS_FLAGS.flights,
  visa: TERMS_FLAGS.visa,
  noSplitShift: TERMS_FLAGS.noSplitShift,
  noSaturdays: TERMS_FLAGS.noSaturdays,
} as const satisfies Partial<Record<TermsParam, number>>;

/**
 * A minPay a teacher might type for this job: a round amount (two significant digits) from about
 * three quarters of its monthly pay up to it, so the filter finds it and the jobs that pay as well.
 */
function minPayFor(r: Random, monthPay: number): number {
  const wanted = monthPay * (0.75 + r.next() * 0.25);
  const unit = 10 ** Math.max(0, Math.floor(Math.log10(wanted)) - 1);
  return Math.max(1, Math.floor(wanted / unit) * unit);
}

/**
 * One to three of the contract-sheet filters that `posting` meets, in the order the filter list names
 * them (as a page writes them): a search of its country with them finds at least that posting.
 */
function filtersMetBy(r: Random, { sheet }: SheetPosting): [TermsParam, string][] {
  const met: (() => [TermsParam, string])[] = [];
  for (const [name, bit] of Object.entries(FLAG_FILTERS) as [TermsParam, number][]) {
    if ((sheet.terms_flags & bit) !== 0) met.push(() => [name, '1']);
  }
  const { terms_month_pay: monthPay, terms_teaching_hours: hours } = sheet;
  if (monthPay !== null) met.push(() => ['minPay', String(minPayFor(r, monthPay))]);
  if (hours !== null) met.push(() => ['maxTeachingHours', String(Math.min(40, hours + r.int(0, 6)))]);
  const chosen = r.some(met, r.int(1, 3)).map((filter) => filter());
  return chosen.sort(([a], [b]) => TERMS_FILTER_KEYS.indexOf(a) - TERMS_FILTER_KEYS.indexOf(b));
}

function termsSearchPath(posting: SheetPosting, filters: [TermsParam, string][], query?: string): string {
  const params = new URLSearchParams({ country: posting.country });
  if (query !== undefined) params.set('q', query);
  for (const [name, value] of filters) params.set(name, value);
  params.set('page', '1');
  return `/api/filter-jobs?${params.toString().replace(/\+/g, '%20')}`;
}

function sheetPostings(data: DatasetInfo): SheetPosting[] {
  if (data.sheetPostings.length === 0) throw new Error('the dataset has no sampled postings with a contract sheet');
  return data.sheetPostings;
}

/**
 * TERMS_LIST_KEYS list pages 1 with one to three contract-sheet filters (minPay in the country's
 * currency, housing, flights, visa, maxTeachingHours, noSplitShift, noSaturdays), each combination
 * drawn from a live posting that meets it, so every key finds at least one job.
 */
export function termsListPaths(data: DatasetInfo): string[] {
  const r = createRandom(37);
  const postings = sheetPostings(data);
  return distinctKeys(TERMS_LIST_KEYS, 'filtered list', () => {
    const posting = r.pick(postings);
    return termsSearchPath(posting, filtersMetBy(r, posting));
  });
}

/**
 * TERMS_KEYWORD_KEYS two-word searches with one to three contract-sheet filters, words and filters
 * drawn from one live posting, asked in its country: each finds at least that posting.
 */
export function termsKeywordPaths(data: DatasetInfo): string[] {
  const r = createRandom(41);
  const postings = sheetPostings(data);
  return distinctKeys(TERMS_KEYWORD_KEYS, 'filtered keyword', () => {
    const posting = r.pick(postings);
    const query = twoWords(r, posting.words);
    return query === null ? null : termsSearchPath(posting, filtersMetBy(r, posting), query);
  });
}

/** Passports a teacher may hold: the seven of the E-2 and Z rules, and others that many of them do not take. */
const BENCH_PASSPORTS = ['US', 'GB', 'CA', 'IE', 'ZA', 'AU', 'NZ', 'PH', 'IN', 'FR', 'DE', 'BR', 'NG', 'MX'];
const ELIGIBLE_KEYS = 3000;

/**
 * ELIGIBLE_KEYS searches for only the jobs a teacher can take (eligibleOnly, BEYOND §7): a country and
 * a page of the first five, with a teacher's four facts drawn at random, as a visitor's browser asks.
 */
export function eligibleOnlyPaths(): string[] {
  const r = createRandom(43);
  const degrees = ['associate', 'bachelor', 'bachelor', 'master', 'none'];
  return distinctKeys(ELIGIBLE_KEYS, 'eligible-only list', () => {
    const passport = r.pick(BENCH_PASSPORTS);
    const facts = `passport=${passport}&degree=${r.pick(degrees)}&teflHours=${r.pick([0, 60, 120, 150])}&teachingYears=${r.int(0, 5)}`;
    return `/api/filter-jobs?country=${r.pick(COUNTRY_VALUES)}&eligibleOnly=1&${facts}&page=${r.int(1, 5)}`;
  });
}
