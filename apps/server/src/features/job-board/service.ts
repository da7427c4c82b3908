// The job board's rules: who may see a posting, what a search shows, how visits and saves are
// counted, and who may read a job's metrics.
import {
  JobStatusSchema,
  MAX_TIME_REPORT_SECONDS,
  PAGE_SIZE,
  POSTING_LIFETIME_DAYS,
  parseKeywords,
  type CityCount,
  type CompareAnswer,
  type Job,
  type JobAnswer,
  type JobMetrics,
  type JobSearchAnswer,
  type JobStatus,
  type JobTile,
  type TermsFilter,
} from '@teacheast/shared';
import { finishPostingJson, type WrittenPosting } from '../../db/job-fields.js';
import { termsQueryOf } from '../../db/job-terms.js';
import { forbidden, notFound } from '../../errors.js';
import {
  EMPTY_OBJECT_JSON,
  jsonArrayText,
  jsonPropertiesWriter,
  jsonText,
  type JsonText,
} from '../../lib/json-text.js';
import type { AuthUser } from '../accounts/sessions.js';
import type { Deps } from '../../deps.js';
import { tooManyRequests } from '../../integrations/limiter/limiter.js';
import { jobStatus, liveSince, POSTING_LIFETIME_MS } from '../jobs/lifecycle.js';
import { toJobTile } from '../jobs/presenters.js';
import * as repo from './repo.js';
import { findLiveJobTilesByKeywords, findLiveJobTilesSince } from './keyword-repo.js';
import { countCities } from './city-counts.js';
import { liveJobsUntil } from './live-until.js';
import { findPageStart, PAGES_BY_OFFSET } from './page-starts.js';
import { findSearchPage, refreshKeywordIndex } from './kept-keyword-index.js';
import { applicationTimes } from '../applications/service.js';
import { isOperator } from '../operators/service.js';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;

/** One browser may count a job's opening and its time this often per hour; beyond it, 429. */
export const CLICK_LIMIT_PER_HOUR = 10;
export const TIME_REPORT_LIMIT_PER_HOUR = 10;
/**
 * How many jobs' click and time counters one address may start in an hour. A reader opens a few dozen
 * postings; a crawl of every live job from one address would otherwise fill the limiter with counters.
 */
export const JOB_COUNTERS_PER_ADDRESS_PER_HOUR = 500;

const NO_SUCH_JOB = 'This job does not exist or is no longer available';

/** Metrics days are calendar days in UTC, written as YYYY-MM-DD. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** How many of `times` fall on each UTC day. */
function countByDay(times: readonly number[]): Map<string, number> {
  const byDay = new Map<string, number>();
  for (const at of times) {
    const day = dayOf(at);
    byDay.set(day, (byDay.get(day) ?? 0) + 1);
  }
  return byDay;
}

export interface SearchInput extends TermsFilter {
  /** Permits the teacher is not eligible for (eligibleOnly): jobs naming one are left out. */
  excludedPermits?: readonly string[];
  country: string;
  city?: string;
  ageGroup?: string;
  /** Keywords as typed; nothing searchable in them (only punctuation, say) means no keywords. */
  q?: string;
  page: number;
}

const writeSearchAnswer = jsonPropertiesWriter<JobSearchAnswer>({ results: true });

/** A page of search results as the JSON text of a JobSearchAnswer, its tiles already written. */
export async function searchAnswerJson(deps: Deps, input: SearchInput): Promise<JsonText<JobSearchAnswer>> {
  return writeSearchAnswer(EMPTY_OBJECT_JSON, { results: jsonArrayText(await searchJobTilesJson(deps, input)) });
}

/**
 * A page of search results, each tile already written as JSON (JobTileSchema): from the index of the
 * live jobs kept in the process (kept-keyword-index.ts) when it is current, with or without keywords;
 * otherwise the plain searches' tiles are written by the database, the keyword search's by toJobTile.
 */
async function searchJobTilesJson(deps: Deps, input: SearchInput): Promise<JsonText<JobTile>[]> {
  // Field by field: V8 copies an object with rest and spread slowly (3 µs of a search).
  const { country, city, ageGroup, page, q } = input;
  const since = liveSince(deps.clock.now());
  const terms = termsQueryOf(input);
  const { excludedPermits } = input;
  const filter: repo.SearchFilter = { country, city, ageGroup, terms, excludedPermits, page, liveSince: since };
  const keywords = q === undefined ? null : parseKeywords(q);
  const found = await findSearchPage(
    deps.db,
    {
      country,
      city,
      ageGroup,
      terms,
      excludedPermits,
      liveSince: since,
      offset: (page - 1) * PAGE_SIZE,
      limit: PAGE_SIZE,
    },
    keywords,
    (err) => deps.log.error({ err }, 'keyword index refresh failed'),
  );
  if (found !== null) return found.map((job) => job.tile);
  if (keywords !== null) {
    const rows = await findLiveJobTilesByKeywords(deps.db, filter, keywords);
    return rows.map((row) => jsonText(toJobTile(row)));
  }
  if (terms !== undefined || (excludedPermits?.length ?? 0) > 0)
    return repo.findLiveJobTilesJsonFiltered(deps.db, filter);
  if (filter.page <= PAGES_BY_OFFSET) return repo.findLiveJobTilesJson(deps.db, filter);
  const start = await findPageStart(deps.db, filter, filter.page);
  return start ? repo.findLiveJobTilesJsonFrom(deps.db, filter, start) : [];
}

/**
 * Indexes the live jobs' words in the process (kept-keyword-index.ts) at start, so keyword searches
 * need not wait for the first one to ask.
 */
export function startKeywordIndex(deps: Pick<Deps, 'db' | 'clock'>): Promise<void> {
  return refreshKeywordIndex(deps.db, liveSince(deps.clock.now()));
}

export interface NewJobsInput extends TermsFilter {
  /** Permits the alert's account cannot take (eligibleOnly): jobs naming one are left out. */
  excludedPermits?: readonly string[];
  country: string;
  city?: string;
  ageGroup?: string;
  q?: string;
  /** Only jobs published after this moment. */
  since: number;
  limit: number;
}

/**
 * The live jobs of a saved search published after `since`, newest first (job alerts). Keywords
 * match as in the search; keywords with nothing searchable in them are no keywords.
 */
export async function findNewJobs(deps: Pick<Deps, 'db' | 'clock'>, input: NewJobsInput): Promise<JobTile[]> {
  const { country, city, ageGroup, q, since, limit, excludedPermits } = input;
  const filter = {
    country,
    city,
    ageGroup,
    terms: termsQueryOf(input),
    excludedPermits,
    liveSince: liveSince(deps.clock.now()),
  };
  const keywords = q ? parseKeywords(q) : null;
  const rows = await findLiveJobTilesSince(deps.db, filter, keywords, since, limit);
  return rows.map(toJobTile);
}

export async function listCitiesWithJobs(deps: Deps, country: string): Promise<CityCount[]> {
  const now = deps.clock.now();
  // A copy: the kept counts are shared by every request.
  return [...(await countCities(deps.db, country, now, liveSince(now)))];
}

/** An unpublished job exists only for its owner; published and expired ones are readable by anyone. */
async function findVisibleJobAccess(deps: Deps, jobId: string, user: AuthUser | null) {
  const job = await repo.findJobAccess(deps.db, jobId);
  if (!job) throw notFound(NO_SUCH_JOB);
  if (job.published_at === null && (user === null || job.user_id !== user.id)) throw notFound(NO_SUCH_JOB);
  return job;
}

/**
 * GET /api/job/{uuid}'s answer as JSON text (JobAnswerSchema): the posting as the database writes it
 * (repo.findPostingJson), with its publish date, photos, savers and status put around it here.
 */
const writeJobAnswer = jsonPropertiesWriter<JobAnswer>({ job: true });
const STATUS_JSON = Object.fromEntries(JobStatusSchema.options.map((s) => [s, jsonText(s)])) as {
  [S in JobStatus]: JsonText<S>;
};

export async function jobAnswerJson(deps: Deps, jobId: string, user: AuthUser | null): Promise<JsonText<JobAnswer>> {
  return postingAnswer(deps, jobId, user, true);
}

/**
 * The posting's answer as its page holds it for a visitor: as jobAnswerJson for nobody logged in,
 * with nobody's saves (favoritedBy empty), so that a save leaves the page current (postingVersion). A
 * member's browser asks for the answer again (web app, prerender.ts).
 */
export function postingPageAnswerJson(deps: Deps, jobId: string): Promise<JsonText<JobAnswer>> {
  return postingAnswer(deps, jobId, null, false);
}

const NO_SAVERS_JSON = jsonText<string[]>([]);

async function postingAnswer(
  deps: Deps,
  jobId: string,
  user: AuthUser | null,
  namesSavers: boolean,
): Promise<JsonText<JobAnswer>> {
  const row = await repo.findPostingJson(deps.db, jobId);
  if (!row) throw notFound(NO_SUCH_JOB);
  const publishedAt = row.published_at === null ? null : Number(row.published_at);
  if (publishedAt === null && (user === null || row.user_id !== user.id)) throw notFound(NO_SUCH_JOB);
  const status = jobStatus({ published_at: publishedAt }, deps.clock.now());
  const closedByOperator = row.held_at !== null || row.taken_down_at !== null;
  const contactHidden = closedByOperator && !(await seesContactOfClosed(deps, row.user_id, user));
  // A job held for review keeps its own publication aside (its published_at is moved back to close it).
  const publishedDate = row.held_published_at === null ? publishedAt : Number(row.held_published_at);
  const job = finishPostingJson(contactHidden ? withoutContact(row.json) : row.json, {
    publishedDate: repo.publishedDateJson(publishedDate),
    images: row.image_urls,
    favoritedBy: namesSavers ? row.favorited_by : NO_SAVERS_JSON,
    status: STATUS_JSON[status],
    underReview: row.held_at === null ? FALSE_JSON : TRUE_JSON,
    takenDown: row.taken_down_at === null ? FALSE_JSON : TRUE_JSON,
  });
  return writeJobAnswer(EMPTY_OBJECT_JSON, { job });
}

const TRUE_JSON = jsonText(true);
const FALSE_JSON = jsonText(false);

/**
 * Whether the caller may see the contact details of a job held for review or taken down (BEYOND §9):
 * its owner and operators only; everyone else gets the closed notice without a way to reach it.
 */
async function seesContactOfClosed(deps: Deps, ownerId: string | null, user: AuthUser | null): Promise<boolean> {
  if (user === null) return false;
  return user.id === ownerId || (await isOperator(deps, user.id));
}

/** The posting's JSON with its e-mail, phone and website emptied. */
function withoutContact(json: JsonText<WrittenPosting>): JsonText<WrittenPosting> {
  const posting = JSON.parse(json) as WrittenPosting;
  return jsonText({ ...posting, email: '', phone: '', link: '' });
}

const writeCompareAnswer = jsonPropertiesWriter<CompareAnswer>({ jobs: true, missing: true });

/** A live posting's JSON as anyone sees it, or null when it is unknown, a draft or no longer live. */
async function livePostingJson(deps: Deps, jobId: string): Promise<JsonText<Job> | null> {
  const row = await repo.findPostingJson(deps.db, jobId);
  if (!row || row.published_at === null) return null;
  const publishedAt = Number(row.published_at);
  if (jobStatus({ published_at: publishedAt }, deps.clock.now()) !== 'published') return null;
  return finishPostingJson(row.json, {
    publishedDate: repo.publishedDateJson(publishedAt),
    images: row.image_urls,
    favoritedBy: row.favorited_by,
    status: STATUS_JSON.published,
    underReview: FALSE_JSON,
    takenDown: FALSE_JSON,
  });
}

/**
 * Jobs side by side (BEYOND §6): each live one asked for, in the order asked, and the ids of the
 * others (unknown, drafts, expired or taken down) as missing. Anyone may compare; a draft is not
 * shown even to its owner, as the compare page is a teacher's.
 */
export async function compareAnswerJson(deps: Deps, ids: readonly string[]): Promise<JsonText<CompareAnswer>> {
  const jobs: JsonText<Job>[] = [];
  const missing: string[] = [];
  for (const id of [...new Set(ids)]) {
    const job = await livePostingJson(deps, id);
    if (job === null) missing.push(id);
    else jobs.push(job);
  }
  return writeCompareAnswer(EMPTY_OBJECT_JSON, { jobs: jsonArrayText(jobs), missing: jsonText(missing) });
}

/** What a compare answer is current for: each of its postings' versions. */
export async function compareVersion(deps: Deps, ids: readonly string[]): Promise<AnswerVersion> {
  const versions = await Promise.all(ids.map((id) => postingAnswerVersion(deps, id)));
  return {
    tag: versions.map((v) => v.tag).join(','),
    validUntil: Math.min(Infinity, ...versions.map((v) => v.validUntil)),
  };
}

/**
 * What a page that shows a job board answer is current for: a tag that changes whenever the answer
 * could, and the moment it stops being current with no write at all (a posting expiring). A page
 * kept under its tag (http/rendered-pages.ts) is never shown once the tag has moved or the moment
 * has passed.
 */
export interface AnswerVersion {
  tag: string;
  validUntil: number;
}

/** What a posting's page is current for, in parts: the version its row carries and its status. */
export interface PostingVersion {
  /** jobs.version: the posting and its photos move it; its saves do not (migration 025). */
  version: number;
  /** The clock changes it with no write (a posting expires). */
  status: JobStatus;
  validUntil: number;
}

/** A posting's version in parts, from its row's version and publication, at `now`. */
export function postingVersionFrom(row: { version: number; published_at: number | null }, now: number): PostingVersion {
  const status = jobStatus(row, now);
  const validUntil = status === 'published' ? row.published_at! + POSTING_LIFETIME_MS : Infinity;
  return { version: Number(row.version), status, validUntil };
}

/**
 * A posting as a page or its photos show it: its own version (the posting, its photos) and its status.
 * Not who saved it: a page shows a visitor nobody's saves (postingPageAnswerJson).
 */
export async function postingVersion(deps: Deps, jobId: string): Promise<AnswerVersion> {
  const row = await repo.findPostingVersion(deps.db, jobId);
  if (!row) return { tag: 'none', validUntil: Infinity };
  const { version, status, validUntil } = postingVersionFrom(row, deps.clock.now());
  return { tag: `${version}:${status}`, validUntil };
}

/** A posting's answer (GET /api/job/{uuid}, a comparison): as postingVersion, and who saved it. */
export async function postingAnswerVersion(deps: Deps, jobId: string): Promise<AnswerVersion> {
  const row = await repo.findPostingAnswerVersion(deps.db, jobId);
  if (!row) return { tag: 'none', validUntil: Infinity };
  const { version, status, validUntil } = postingVersionFrom(row, deps.clock.now());
  return { tag: `${version}.${Number(row.saves_version ?? 0)}:${status}`, validUntil };
}

/**
 * A country's search answers and city counts: any change to any job, and the next expiry among its
 * live postings (expiry removes jobs from the end of the newest-first list, and from the counts).
 */
export async function searchVersion(deps: Deps, country: string): Promise<AnswerVersion> {
  const { version, validUntil } = await liveJobsUntil(deps.db, country, deps.clock.now());
  return { tag: String(version), validUntil };
}

export async function getJobImages(deps: Deps, jobId: string, user: AuthUser | null): Promise<string[]> {
  await findVisibleJobAccess(deps, jobId, user);
  return repo.findJobImageUrls(deps.db, jobId);
}

/** Visits are only counted for live postings. */
async function requireLiveJob(deps: Deps, jobId: string) {
  const job = await repo.findJobAccess(deps.db, jobId);
  if (!job || jobStatus(job, deps.clock.now()) !== 'published') throw notFound(NO_SUCH_JOB);
  return job;
}

/**
 * Counts one report of a visit against the client's counter for the job. A counter the client has
 * just made (its first report on the job this hour) also counts against the address's allowance, so
 * one address can only make so many counters; past it the report is refused and the new counter
 * dropped. A report on a counter already made is one hit of the limiter (a round trip to Redis when
 * instances share it), a first report two.
 */
async function enforceVisitLimit(deps: Deps, kind: 'job-click' | 'job-time', jobId: string, client: string) {
  const key = `${kind}:${client}:${jobId}`;
  const limit = kind === 'job-click' ? CLICK_LIMIT_PER_HOUR : TIME_REPORT_LIMIT_PER_HOUR;
  const { allowed, count } = await deps.limiter.hit(key, limit, HOUR_MS);
  if (count === 1) {
    const address = await deps.limiter.hit(`job-visits:ip:${client}`, JOB_COUNTERS_PER_ADDRESS_PER_HOUR, HOUR_MS);
    if (!address.allowed) {
      await deps.limiter.reset(key);
      throw tooManyRequests('job-visits', 'Too many visits from your address. Please try again later.');
    }
  }
  if (!allowed) throw tooManyRequests(kind, 'This visit has already been counted.');
}

export async function countClick(deps: Deps, jobId: string, client: string) {
  await requireLiveJob(deps, jobId);
  await enforceVisitLimit(deps, 'job-click', jobId, client);
  await repo.countVisit(deps.db, jobId, dayOf(deps.clock.now()), { clicks: 1 });
  return { message: 'Visit counted' };
}

export async function addTimeSpent(deps: Deps, jobId: string, seconds: number, client: string) {
  await requireLiveJob(deps, jobId);
  await enforceVisitLimit(deps, 'job-time', jobId, client);
  // One report covers one visit; nobody reads a posting for more than an hour at a time.
  const counted = Math.min(seconds, MAX_TIME_REPORT_SECONDS);
  if (counted > 0) await repo.countVisit(deps.db, jobId, dayOf(deps.clock.now()), { timeSpent: counted });
  return { message: 'Time counted', timeSpent: counted };
}

export async function listSavedJobs(deps: Deps, userId: string): Promise<JobTile[]> {
  const rows = await repo.findSavedJobTiles(deps.db, userId);
  return rows.map(toJobTile);
}

export async function saveJob(deps: Deps, userId: string, jobId: string) {
  const now = deps.clock.now();
  // One statement, no transaction: the save is made only while the posting is live, and saved again
  // nothing changes. Only a live posting can be newly saved; one already saved stays saved.
  await repo.insertFavoriteIfLive(deps.db, userId, jobId, now, liveSince(now));
  const favoritedBy = await repo.findFavoritedBy(deps.db, jobId);
  if (!favoritedBy.includes(userId)) {
    const job = await repo.findJobAccess(deps.db, jobId);
    if (!job || job.published_at === null) throw notFound(NO_SUCH_JOB);
    if (jobStatus(job, now) !== 'published') throw notFound('This job is closed and can no longer be saved');
    // Live, yet the user is not among its savers: their own unsave came between the two statements, and stands.
  }
  return { message: 'Job saved', favoritedBy };
}

export async function unsaveJob(deps: Deps, userId: string, jobId: string) {
  if (!(await repo.deleteFavorite(deps.db, userId, jobId))) {
    const job = await repo.findJobAccess(deps.db, jobId);
    if (!job || job.published_at === null) throw notFound(NO_SUCH_JOB);
  }
  const favoritedBy = await repo.findFavoritedBy(deps.db, jobId);
  return { message: 'Job removed from your saved jobs', favoritedBy };
}

export async function getJobMetrics(deps: Deps, jobId: string, user: AuthUser): Promise<JobMetrics> {
  const job = await repo.findJobAccess(deps.db, jobId);
  if (!job) throw notFound(NO_SUCH_JOB);
  if (job.user_id !== user.id) throw forbidden('Only the owner of this job can see its metrics');
  const now = deps.clock.now();
  const days = Array.from({ length: POSTING_LIFETIME_DAYS }, (_, i) =>
    dayOf(now - (POSTING_LIFETIME_DAYS - 1 - i) * DAY_MS),
  );
  const [totals, saveTimes, rows, applyTimes] = await Promise.all([
    repo.sumMetrics(deps.db, jobId),
    repo.findSaveTimes(deps.db, jobId),
    repo.findDailyMetrics(deps.db, jobId, days[0]!),
    applicationTimes(deps, jobId),
  ]);
  const byDay = new Map(rows.map((r) => [r.day, r]));
  // A day's saves are the saves made that day and still kept, so the chart's add up to the savers.
  const savesByDay = countByDay(saveTimes);
  const applicationsByDay = countByDay(applyTimes);
  return {
    timeSpent: totals.timeSpent,
    numberOfClicks: totals.clicks,
    favoritedBy: saveTimes.length,
    applications: applyTimes.length,
    daily: days.map((date) => {
      const r = byDay.get(date);
      return {
        date,
        clicks: r?.clicks ?? 0,
        timeSpent: r?.timeSpent ?? 0,
        saves: savesByDay.get(date) ?? 0,
        applications: applicationsByDay.get(date) ?? 0,
      };
    }),
  };
}
