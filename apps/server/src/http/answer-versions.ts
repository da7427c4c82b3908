// What each cached answer is current for (http/response-cache.ts): one reader per cached route, read
// once per request before the answer is looked up, from versions the database moves itself in each
// write's own transaction (content_versions, jobs.version). An answer is served from the cache only
// at the version it was made at, so a write, through any instance or command, makes stale exactly the
// answers it changes: a save moves the version of its posting's savers (job_saves), not the jobs
// version every list is kept at, nor the posting's own, which its page is kept at.
// A per-session answer is current for its caller too: the session, and for the resume board the
// subscription, are read as the route reads them, so a log-out or a cancellation ends it at once.
// The requests of one event-loop turn share each read (lib/turn-memo.ts), keyed by what the reader
// reads: a version per turn, not per hit. docs/decisions/012-one-freshness-story.md.
import { COUNTRY_VALUES } from '@teacheast/shared';
import type { FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import type { TurnMemo } from '../lib/turn-memo.js';
import { findUser } from '../features/accounts/sessions.js';
import {
  postingAnswerVersion,
  postingVersion,
  searchVersion,
  type AnswerVersion,
} from '../features/job-board/service.js';
import { boardVersion } from '../features/resumes/board-version.js';
import { activeSubscriptionUntil } from '../features/subscriptions/service.js';

/**
 * The version an answer is made at, and the moment it ends with no write (a posting expiring, a
 * subscription's period ending); or null: not cacheable for this caller (the route answers).
 */
export type AnswerVersionReader = (
  deps: Deps,
  request: FastifyRequest,
  turn: TurnMemo<Promise<AnswerVersion | null>>,
) => Promise<AnswerVersion | null>;

const tokenOf = (request: FastifyRequest) => request.headers.authorization ?? '';

const COUNTRIES: ReadonlySet<unknown> = new Set(COUNTRY_VALUES);

/**
 * Lists, city counts and feeds: of one country (named in the path or the query), any change to its
 * published jobs, until its oldest live posting expires; of every country (the feed of all), the same
 * of each country.
 */
const ofJobs: AnswerVersionReader = (deps, request, turn) => {
  const named =
    (request.params as { country?: unknown }).country ?? (request.query as { country?: unknown } | undefined)?.country;
  if (COUNTRIES.has(named)) {
    const country = named as string;
    return turn.get(`jobs ${country}`, () => searchVersion(deps, country));
  }
  return turn.get('jobs', async () => {
    const all = await Promise.all(COUNTRY_VALUES.map((country) => searchVersion(deps, country)));
    return { tag: all.map((v) => v.tag).join(' '), validUntil: Math.min(...all.map((v) => v.validUntil)) };
  });
};

/** Facts a search can name for `eligibleOnly` (BEYOND §7); without them it reads the caller's saved ones. */
const ASKED_FACTS = ['passport', 'degree', 'teflHours', 'teachingYears'] as const;

/**
 * A search: as the lists, except one that leaves out the jobs the caller cannot take by the facts
 * saved in their account, which is theirs alone and never kept.
 */
const ofSearch: AnswerVersionReader = (deps, request, turn) => {
  const query = request.query as Record<string, unknown> | undefined;
  const fromSession =
    query?.eligibleOnly === '1' && !ASKED_FACTS.some((key) => query[key] !== undefined && query[key] !== '');
  return fromSession ? Promise.resolve(null) : ofJobs(deps, request, turn);
};

/**
 * A posting's answer or its photos, per caller (an owner sees what a visitor does not): the posting's
 * own version (itself, its photos) and status, and for the answer the version of who saved it.
 */
const ofPostingBy =
  (name: string, read: (deps: Deps, uuid: string) => Promise<AnswerVersion>): AnswerVersionReader =>
  (deps, request, turn) => {
    const { uuid } = request.params as { uuid?: unknown };
    if (typeof uuid !== 'string') return Promise.resolve(null);
    return turn.get(`${name} ${uuid} ${tokenOf(request)}`, async () => {
      const [posting, user] = await Promise.all([read(deps, uuid), findUser(deps, request)]);
      return { tag: `${posting.tag} ${user?.id ?? ''}`, validUntil: posting.validUntil };
    });
  };

/**
 * The board: any change to a published resume, for a caller who is the path's user, while their
 * subscription is active.
 */
const ofBoard: AnswerVersionReader = (deps, request, turn) => {
  const { userUuid } = request.params as { userUuid?: unknown };
  return turn.get(`board ${String(userUuid)} ${tokenOf(request)}`, async () => {
    const user = await findUser(deps, request);
    if (!user || user.id !== userUuid) return null;
    const [subscribedUntil, board] = await Promise.all([activeSubscriptionUntil(deps, user.id), boardVersion(deps)]);
    return subscribedUntil === null ? null : { tag: `${board} ${user.id}`, validUntil: subscribedUntil };
  });
};

/** By route pattern; a route marked `cache` that is missing here is refused when it is registered. */
export const ANSWER_VERSIONS: Readonly<Record<string, AnswerVersionReader>> = {
  '/api/filter-jobs': ofSearch,
  '/api/jobs/cities/:country': ofJobs,
  '/feed.xml': ofJobs,
  '/api/job/:uuid': ofPostingBy('posting', postingAnswerVersion),
  '/api/job/images/:uuid': ofPostingBy('photos', postingVersion),
  '/api/resume-board/filter/:userUuid': ofBoard,
};
