// Keyword search in each database's own full-text index, from keywords already parsed into letters
// and digits (packages/shared keywords.ts): SQLite FTS5 over jobs_fts, PostgreSQL's tsvector
// search_document. Both read the same folded words with the same Porter stemmer and rank the same
// way, so they answer alike.
import { PAGE_SIZE, RANKED_TERMS_MAX, type KeywordTerm, type Keywords } from '@teacheast/shared';
import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { isPostgres, type DbOrTrx } from '../../db/create-db.js';
import { TILE_COLUMNS } from '../jobs/presenters.js';
import type { IndexedJob } from './keyword-index.js';
import { ownCopy } from '../../lib/json-text.js';
import { liveJobIds, tileJson, tileText, type SearchFilter } from './repo.js';

/** FTS5 syntax for one term; its words are letters and digits only, so quoting them is enough. */
function fts5Term(term: KeywordTerm): string {
  if (term.kind === 'phrase') return `"${term.words.join(' ')}"`;
  return term.prefix ? `"${term.word}"*` : `"${term.word}"`;
}

const FTS5_TOP_COLUMNS = '{search_title search_school}';
/** The teacher's words are matched in these only: jobs_fts also holds the country (migration 008). */
const FTS5_TEXT_COLUMNS = '{search_title search_school search_city search_body}';

/**
 * The country's jobs in jobs_fts, ANDed in front of every match, so FTS5 hands over one country's
 * matches rather than every country's. Its slug's words ('south-korea') as a phrase in its column.
 */
function fts5Country(country: string): string {
  return `{country} : "${country.replace(/[^a-z]+/gi, ' ').trim()}"`;
}

function fts5Match(expression: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(jobs.rowid in (select rowid from jobs_fts where jobs_fts match ${expression}))`;
}

/** A tsquery for one term, built by PostgreSQL's own functions from bound values. */
function tsTerm(term: KeywordTerm): RawBuilder<unknown> {
  if (term.kind === 'phrase') return sql`phraseto_tsquery('teacheast_search', ${term.words.join(' ')})`;
  return sql`to_tsquery('teacheast_search', ${`'${term.word}'${term.prefix ? ':*' : ''}`})`;
}

function tsAll(terms: KeywordTerm[]): RawBuilder<unknown> {
  return sql`(${sql.join(terms.map(tsTerm), sql` && `)})`;
}

function tsAny(terms: KeywordTerm[]): RawBuilder<unknown> {
  return sql`(${sql.join(terms.map(tsTerm), sql` || `)})`;
}

interface KeywordSql {
  include: RawBuilder<SqlBool> | null;
  exclude: RawBuilder<SqlBool> | null;
  /** How many of the words and phrases match in the title or the school's name. */
  topHits: RawBuilder<number> | null;
}

function keywordSql(db: DbOrTrx, keywords: Keywords, country: string): KeywordSql {
  const ranked = keywords.include.slice(0, RANKED_TERMS_MAX);
  if (isPostgres(db)) {
    const top = sql`ts_filter(jobs.search_document, '{a}')`;
    return {
      include: keywords.include.length > 0 ? sql<SqlBool>`jobs.search_document @@ ${tsAll(keywords.include)}` : null,
      exclude: keywords.exclude.length > 0 ? sql<SqlBool>`jobs.search_document @@ ${tsAny(keywords.exclude)}` : null,
      topHits:
        ranked.length > 0
          ? sql<number>`(${sql.join(
              ranked.map((t) => sql`(${top} @@ ${tsTerm(t)})::int`),
              sql` + `,
            )})`
          : null,
    };
  }
  const inCountry = fts5Country(country);
  const inText = (expression: string) => fts5Match(`${inCountry} AND ${FTS5_TEXT_COLUMNS} : (${expression})`);
  return {
    include: keywords.include.length > 0 ? inText(keywords.include.map(fts5Term).join(' AND ')) : null,
    exclude: keywords.exclude.length > 0 ? inText(keywords.exclude.map(fts5Term).join(' OR ')) : null,
    topHits:
      ranked.length > 0
        ? sql<number>`(${sql.join(
            ranked.map((t) => fts5Match(`${inCountry} AND ${FTS5_TOP_COLUMNS} : ${fts5Term(t)}`)),
            sql` + `,
          )})`
        : null,
  };
}

/**
 * Live jobs matching every included word and none of the excluded ones, within the filters: the
 * most words found in the title or school first, then newest first, id as the tie-break.
 */
export function findLiveJobTilesByKeywords(db: DbOrTrx, f: SearchFilter, keywords: Keywords) {
  const k = keywordSql(db, keywords, f.country);
  let ids = liveJobIds(db, f);
  if (k.include !== null) ids = ids.where(k.include);
  if (k.exclude !== null) ids = ids.where(sql<SqlBool>`not (${k.exclude})`);
  const ranked = ids.select(k.topHits === null ? sql<number>`0`.as('top_hits') : k.topHits.as('top_hits'));
  const page = ranked
    .orderBy('top_hits', 'desc')
    .orderBy('jobs.published_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .limit(sql.lit(PAGE_SIZE))
    .offset((f.page - 1) * PAGE_SIZE);
  return db
    .with('page', () => page)
    .selectFrom('page')
    .innerJoin('jobs', 'jobs.id', 'page.id')
    .select(TILE_COLUMNS)
    .orderBy('page.top_hits', 'desc')
    .orderBy('jobs.published_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .execute();
}

/**
 * Live jobs within the filters (and matching the keywords, when there are any) published after
 * `since`, newest first: what a job alert has not seen yet. At most `limit` of them.
 */
export function findLiveJobTilesSince(
  db: DbOrTrx,
  f: Omit<SearchFilter, 'page'>,
  keywords: Keywords | null,
  since: number,
  limit: number,
) {
  let ids = liveJobIds(db, { ...f, page: 1 }).where('jobs.published_at', '>', since);
  if (keywords) {
    const k = keywordSql(db, keywords, f.country);
    if (k.include !== null) ids = ids.where(k.include);
    if (k.exclude !== null) ids = ids.where(sql<SqlBool>`not (${k.exclude})`);
  }
  const page = ids.orderBy('jobs.published_at', 'desc').orderBy('jobs.id', 'desc').limit(limit);
  return db
    .selectFrom('jobs')
    .select(TILE_COLUMNS)
    .where('jobs.id', 'in', page)
    .orderBy('jobs.published_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .execute();
}

/** Jobs read at once while indexing: a few milliseconds of the database's time each. */
const INDEXED_JOBS_PER_READ = 2_000;

/**
 * A country's live jobs with the words they are found by (features/job-board/keyword-index.ts),
 * newest first (published_at, then id, both descending), a few thousand at a time.
 */
export async function* indexedJobSlices(db: DbOrTrx, country: string, liveSince: number): AsyncGenerator<IndexedJob[]> {
  let last: IndexedJob | undefined;
  for (;;) {
    let query = indexedJobs(db, country).where('jobs.published_at', '>', liveSince);
    if (last) {
      const { published_at: at, id } = last;
      query = query
        .where('jobs.published_at', '<=', at)
        .where((eb) => eb.or([eb('jobs.published_at', '<', at), eb('jobs.id', '<', id)]));
    }
    const rows = await query
      .orderBy('jobs.published_at', 'desc')
      .orderBy('jobs.id', 'desc')
      .limit(INDEXED_JOBS_PER_READ)
      .execute();
    const slice = rows.map(toIndexedJob);
    if (slice.length > 0) yield slice;
    if (rows.length < INDEXED_JOBS_PER_READ) return;
    last = slice.at(-1);
  }
}

/** The country's published jobs (live or not) among `ids`, as the keyword index reads them. */
export async function findIndexedJobs(db: DbOrTrx, country: string, ids: readonly string[]): Promise<IndexedJob[]> {
  if (ids.length === 0) return [];
  const rows = await indexedJobs(db, country).where('jobs.id', 'in', ids).execute();
  return rows.map(toIndexedJob);
}

/**
 * The jobs that moved the country's jobs version from `after` to `upTo` (db/migrations/015), or null
 * when the feed no longer holds every one of those versions.
 */
export async function findJobChanges(
  db: DbOrTrx,
  country: string,
  after: number,
  upTo: number,
): Promise<string[] | null> {
  const rows = await db
    .selectFrom('job_changes')
    .select(['version', 'job_id'])
    .where('name', '=', `jobs:${country}`)
    .where('version', '>', after)
    .where('version', '<=', upTo)
    .execute();
  const versions = new Set(rows.map((row) => Number(row.version)));
  return versions.size === upTo - after ? rows.map((row) => row.job_id) : null;
}

function indexedJobs(db: DbOrTrx, country: string) {
  return db
    .selectFrom('jobs')
    .select([
      'jobs.id',
      tileJson(db).as('tile'),
      'jobs.city',
      'jobs.age_group',
      'jobs.published_at',
      'jobs.search_title',
      'jobs.search_school',
      'jobs.search_city',
      'jobs.search_body',
      'jobs.terms_flags',
      'jobs.terms_month_pay',
      'jobs.terms_teaching_hours',
      'jobs.terms_permit',
    ])
    .where('jobs.country', '=', country)
    .where('jobs.published_at', 'is not', null);
}

type IndexedRow = Awaited<ReturnType<ReturnType<typeof indexedJobs>['execute']>>[number];

function toIndexedJob(row: IndexedRow): IndexedJob {
  return {
    ...row,
    // Kept for the index's life: tileText joins the publish date onto a slice of the database's text.
    tile: ownCopy(tileText(row)),
    published_at: Number(row.published_at),
    terms_month_pay: row.terms_month_pay === null ? null : Number(row.terms_month_pay),
  };
}
