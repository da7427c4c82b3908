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
} from '@teacheast/shared';
import { createRandom, type Random } from '../apps/server/src/demo/factories.js';
import type { DatasetInfo } from './dataset.js';

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

/**
 * KEYWORD_QUERIES two-word queries, each made of two words of one live posting (so each finds at least
 * that posting in its country, and common words come up as often as postings use them), asked in
 * every country.
 */
export function keywordPaths(data: DatasetInfo): string[] {
  const r = createRandom(23);
  const queries = new Set<string>();
  for (let tries = 0; queries.size < KEYWORD_QUERIES && tries < KEYWORD_QUERIES * 50; tries++) {
    const query = twoWords(r, r.pick(data.postingWords));
    if (query) queries.add(query);
  }
  if (queries.size < KEYWORD_QUERIES) throw new Error(`only ${queries.size} keyword queries could be made`);
  return [...queries].flatMap((query) =>
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
