// The keyword index held in the process (keyword-index.ts), one per country, each kept in step with
// the database by lib/kept-at-version.ts: a country's index answers a search, with keywords or
// without, only while the country's jobs version it was made at (content_versions `jobs:<country>`,
// db/migrations/014-country-versions.ts) is still the database's, so no one is ever shown a result a
// write has changed. After a change to a country's published jobs, that country's next search goes to
// the database's own index (keyword-repo.ts) and starts the country's refresh in the background; the
// other countries' indexes go on answering. A refresh reads only the jobs written since the index was
// made (the change feed of db/migrations/015) and lays them over it (CountryIndex.withChanges); the
// country is indexed anew when the feed no longer reaches back to it, or MAX_CHANGED jobs lie over it. Searches it cannot answer exactly as the database would
// (a phrase, a word the database splits) always go to the database.
import { COUNTRY_VALUES, type Keywords, type KeywordTerm } from '@teacheast/shared';
import type { Db } from '../../db/create-db.js';
import type { TermsQuery } from '../../db/job-terms.js';
import { termsOfWords } from '../../db/search-tokens.js';
import { BoundedCache } from '../../lib/bounded-cache.js';
import { KeptAtVersion, type Current } from '../../lib/kept-at-version.js';
import { CountryIndex, type FoundJob, type IndexedJob, type IndexTerm, type ShardSize } from './keyword-index.js';
import * as keywordRepo from './keyword-repo.js';
import * as repo from './repo.js';

/** Words the teachers typed that no job holds, remembered with their terms up to this many (least recently asked first out). */
const MAX_QUERY_WORDS = 10_000;
/** Words asked of the database at once. */
const WORDS_PER_ASK = 5_000;
/**
 * Jobs written since a country's index was built that are laid over it before it is built again
 * (each search reads them one by one, and the built index keeps what they were).
 */
const MAX_CHANGED = 500;

/** A country's index as one refresh made it. */
interface Indexed {
  /** The live-since moment of the refresh: a search for older jobs than that is not answered here. */
  liveSince: number;
  index: CountryIndex;
}

interface Kept {
  /** Each country's index, at the country's jobs version. */
  countries: Map<string, KeptAtVersion<Indexed, number>>;
  /** The database's terms of every word the indexed jobs hold. */
  terms: Map<string, readonly string[]>;
  /** And of words only teachers typed. */
  queryTerms: BoundedCache<string, readonly string[]>;
}

const byDb = new WeakMap<Db, Kept>();

function keptFor(db: Db): Kept {
  let kept = byDb.get(db);
  if (!kept) {
    const terms = new Map<string, readonly string[]>();
    const countries = new Map(
      COUNTRY_VALUES.map((country) => [
        country,
        new KeptAtVersion<Indexed, number>(
          () => repo.findJobsVersion(db, country),
          async (previous, liveSince, version) =>
            (previous && (await withChanges(db, terms, country, previous, version))) ?? {
              liveSince,
              index: await indexCountry(db, terms, country, liveSince),
            },
        ),
      ]),
    );
    kept = { countries, terms, queryTerms: new BoundedCache(MAX_QUERY_WORDS) };
    byDb.set(db, kept);
  }
  return kept;
}

/** Lets the requests waiting behind a long piece of indexing run. */
const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

async function learnTerms(db: Db, known: Map<string, readonly string[]>, words: Set<string>): Promise<void> {
  const unknown = [...words].filter((word) => !known.has(word));
  for (let i = 0; i < unknown.length; i += WORDS_PER_ASK) {
    const batch = unknown.slice(i, i + WORDS_PER_ASK);
    const terms = await termsOfWords(db, batch);
    batch.forEach((word, j) => known.set(word, terms[j] ?? []));
  }
}

function wordsOfJobs(jobs: readonly IndexedJob[]): Set<string> {
  const words = new Set<string>();
  for (const job of jobs) {
    for (const text of [job.search_title, job.search_school, job.search_city, job.search_body]) {
      for (const word of text.split(' ')) if (word !== '') words.add(word);
    }
  }
  return words;
}

/** A country's index of its live jobs, read from the database a slice at a time. */
function indexCountry(
  db: Db,
  terms: Map<string, readonly string[]>,
  country: string,
  liveSince: number,
): Promise<CountryIndex> {
  return CountryIndex.build(
    keywordRepo.indexedJobSlices(db, country, liveSince),
    (slice) => learnTerms(db, terms, wordsOfJobs(slice)),
    (word) => terms.get(word) ?? [],
    breathe,
  );
}

/**
 * The country's index at `version` made from the one kept at an earlier version and the jobs written
 * since, or null when it has to be built anew.
 */
async function withChanges(
  db: Db,
  terms: Map<string, readonly string[]>,
  country: string,
  previous: Current<Indexed>,
  version: number,
): Promise<Indexed | null> {
  const { liveSince, index } = previous.value;
  const changed = await keywordRepo.findJobChanges(db, country, previous.version, version);
  if (changed === null || index.changedJobs + changed.length > MAX_CHANGED) return null;
  const ids = [...new Set(changed)];
  // Jobs that expired before the index was made stay out of it, as `build` leaves them out.
  const current = (await keywordRepo.findIndexedJobs(db, country, ids)).filter((job) => job.published_at > liveSince);
  await learnTerms(db, terms, wordsOfJobs(current));
  return { liveSince, index: index.withChanges(ids, current, (word) => terms.get(word) ?? []) };
}

/**
 * Brings every country's index to the database's current jobs (tests and the server's start call
 * it; a search that finds its country's index behind starts that one without waiting). One refresh
 * at a time per country.
 */
export async function refreshKeywordIndex(db: Db, liveSince: number): Promise<void> {
  for (const kept of keptFor(db).countries.values()) await kept.refresh(liveSince);
}

/** Asks the database for the terms of the typed words the index has not met yet. */
async function learnQueryWords(db: Db, kept: Kept, keywords: Keywords): Promise<void> {
  const unknown = [...keywords.include, ...keywords.exclude].flatMap((t) =>
    t.kind === 'word' && !kept.terms.has(t.word) && kept.queryTerms.get(t.word) === undefined ? [t.word] : [],
  );
  if (unknown.length === 0) return;
  const terms = await termsOfWords(db, unknown);
  unknown.forEach((word, i) => kept.queryTerms.set(word, terms[i] ?? []));
}

/**
 * Words and prefixes as the index reads them; null for a phrase, or a word the database does not
 * make one term of (FTS5 would read it as a phrase).
 */
function indexTerms(kept: Kept, terms: readonly KeywordTerm[]): IndexTerm[] | null {
  const found: IndexTerm[] = [];
  for (const t of terms) {
    if (t.kind !== 'word') return null;
    const termsOfWord = kept.terms.get(t.word) ?? kept.queryTerms.get(t.word);
    if (termsOfWord?.length !== 1) return null;
    found.push({ term: termsOfWord[0]!, prefix: t.prefix });
  }
  return found;
}

export interface KeywordPage {
  country: string;
  city?: string;
  ageGroup?: string;
  terms?: TermsQuery;
  excludedPermits?: readonly string[];
  liveSince: number;
  offset: number;
  limit: number;
}

/**
 * A page of a search, with keywords or without (null), in the order the database's own search gives
 * it, or null when the kept index cannot answer it now (behind the database, or keywords it does not
 * read): the caller then asks the database.
 */
export async function findSearchPage(
  db: Db,
  page: KeywordPage,
  keywords: Keywords | null,
  onRefreshError: (err: unknown) => void = () => undefined,
): Promise<FoundJob[] | null> {
  const kept = keptFor(db);
  const countryIndex = kept.countries.get(page.country);
  if (!countryIndex) return [];
  // The index made at the country's version the database has now, after this search arrived: its
  // answer is the database's, even if a refresh replaces the index while a word is asked below.
  const current = await countryIndex.current(page.liveSince, onRefreshError);
  if (!current || page.liveSince < current.value.liveSince) return null;
  const { include: typed, exclude: excluded } = keywords ?? { include: [], exclude: [] };
  if (keywords) await learnQueryWords(db, kept, keywords);
  const include = indexTerms(kept, typed);
  const exclude = include && indexTerms(kept, excluded);
  if (!include || !exclude) return null;
  const country = current.value.index;
  // Field by field: V8 copies an object with spread slowly.
  const { city, ageGroup, terms, excludedPermits, liveSince, offset, limit } = page;
  return country.search({ include, exclude, city, ageGroup, terms, excludedPermits, liveSince, offset, limit });
}

/** What the kept index holds, per country (its tests read it). */
export function keywordIndexSize(db: Db): Map<string, ShardSize> {
  const sizes = new Map<string, ShardSize>();
  for (const [country, kept] of keptFor(db).countries) {
    if (kept.value) sizes.set(country, kept.value.index.size());
  }
  return sizes;
}
