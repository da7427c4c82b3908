// The keyword index held in the process (keyword-index.ts), one per country, kept in step with the
// database by lib/kept-at-version.ts: it answers a search, with keywords or without, only while the
// jobs version it was made at (content_versions.jobs, db/migrations/006-read-paths.ts) is still the
// database's, so no one is ever shown a result a write has changed. After a write the next search goes
// to the database's own index (keyword-repo.ts) and starts a refresh in the background, which reads
// every live job's version once and indexes anew only the countries whose jobs changed. Searches it
// cannot answer exactly as the database would (a phrase, a word the database splits) always go to the
// database.
import { COUNTRY_VALUES, type Keywords, type KeywordTerm } from '@teacheast/shared';
import type { Db } from '../../db/create-db.js';
import { termsOfWords } from '../../db/search-tokens.js';
import { BoundedCache } from '../../lib/bounded-cache.js';
import { KeptAtVersion } from '../../lib/kept-at-version.js';
import { CountryIndex, type FoundJob, type IndexedJob, type IndexTerm, type ShardSize } from './keyword-index.js';
import * as keywordRepo from './keyword-repo.js';
import * as repo from './repo.js';

/** Words the teachers typed that no job holds, remembered with their terms up to this many (least recently asked first out). */
const MAX_QUERY_WORDS = 10_000;
/** Words asked of the database at once. */
const WORDS_PER_ASK = 5_000;

interface KeptJob {
  version: number;
  country: string;
  publishedAt: number;
}

/** The index as one refresh made it. */
interface Indexed {
  /** The live-since moment of the refresh: a search for older jobs than that is not answered here. */
  liveSince: number;
  countries: Map<string, CountryIndex>;
  jobs: Map<string, KeptJob>;
}

interface Kept {
  index: KeptAtVersion<Indexed, number>;
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
    kept = {
      index: new KeptAtVersion(
        () => repo.findJobsVersion(db),
        (previous, liveSince) => reindex(db, terms, previous, liveSince),
      ),
      terms,
      queryTerms: new BoundedCache(MAX_QUERY_WORDS),
    };
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

/** The countries whose live jobs differ from the kept ones (an expiry alone changes nothing kept). */
function changedCountries(
  previous: Indexed | null,
  rows: readonly keywordRepo.LiveJobVersion[],
  liveSince: number,
): Set<string> {
  if (previous === null) return new Set(COUNTRY_VALUES);
  const changed = new Set<string>();
  const current = new Set<string>();
  for (const row of rows) {
    current.add(row.id);
    const old = previous.jobs.get(row.id);
    if (old && old.version === row.version && old.country === row.country && old.publishedAt === row.publishedAt) {
      continue;
    }
    changed.add(row.country);
    if (old) changed.add(old.country);
  }
  for (const [id, old] of previous.jobs) {
    if (!current.has(id) && old.publishedAt > liveSince) changed.add(old.country);
  }
  return changed;
}

/** The index of the live jobs, made anew only for the countries whose jobs changed since `previous`. */
async function reindex(
  db: Db,
  terms: Map<string, readonly string[]>,
  previous: Indexed | null,
  liveSince: number,
): Promise<Indexed> {
  const rows = await keywordRepo.findLiveJobVersions(db, liveSince, breathe);
  const countries = new Map(previous?.countries ?? []);
  for (const country of changedCountries(previous, rows, liveSince)) {
    const index = await CountryIndex.build(
      keywordRepo.indexedJobSlices(db, country, liveSince),
      (slice) => learnTerms(db, terms, wordsOfJobs(slice)),
      (word) => terms.get(word) ?? [],
      breathe,
    );
    countries.set(country, index);
  }
  return {
    liveSince,
    countries,
    jobs: new Map(rows.map((r) => [r.id, { version: r.version, country: r.country, publishedAt: r.publishedAt }])),
  };
}

/**
 * Brings the index to the database's current jobs (tests and the server's start call it; a search
 * that finds it behind starts it without waiting). One refresh at a time per database.
 */
export function refreshKeywordIndex(db: Db, liveSince: number): Promise<void> {
  return keptFor(db).index.refresh(liveSince);
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
  // The index made at the version the database has now, after this search arrived: its answer is the
  // database's, even if a refresh replaces the index while a word is asked below.
  const current = await kept.index.current(page.liveSince, onRefreshError);
  if (!current || page.liveSince < current.value.liveSince) return null;
  const { include: typed, exclude: excluded } = keywords ?? { include: [], exclude: [] };
  if (keywords) await learnQueryWords(db, kept, keywords);
  const include = indexTerms(kept, typed);
  const exclude = include && indexTerms(kept, excluded);
  if (!include || !exclude) return null;
  const country = current.value.countries.get(page.country);
  if (!country) return [];
  // Field by field: V8 copies an object with spread slowly.
  const { city, ageGroup, liveSince, offset, limit } = page;
  return country.search({ include, exclude, city, ageGroup, liveSince, offset, limit });
}

/** What the kept index holds, per country (its tests read it). */
export function keywordIndexSize(db: Db): Map<string, ShardSize> {
  const countries = keptFor(db).index.value?.countries ?? new Map<string, CountryIndex>();
  return new Map([...countries].map(([country, index]) => [country, index.size()]));
}
