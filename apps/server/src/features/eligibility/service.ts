// "Can I take this job?" (BEYOND §7): the teacher's facts, private to their account, and the answer
// for a job from the permit its contract sheet names and the rules of the shared package. The rules
// are read once, at start: a rules file that cannot be read stops the server.
import {
  ELIGIBILITY_RULES,
  EligibilityFactsSchema,
  ERROR_TYPES,
  eligibilityFor,
  parseEligibilityRules,
  type EligibilityFacts,
  type EligibilityResult,
  type EligibilityRules,
  type JobTerms,
} from '@teacheast/shared';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../errors.js';
import type { AuthUser } from '../accounts/sessions.js';
import * as repo from './repo.js';

const NO_SUCH_JOB = 'This job does not exist or is no longer available';

let rules: EligibilityRules | null = null;

/**
 * Reads the rules (the shared package's file, or `json` in tests) and keeps them; throws one line
 * naming what is wrong. The server calls it before it listens.
 */
export function loadEligibilityRules(json: unknown = ELIGIBILITY_RULES): EligibilityRules {
  try {
    rules = parseEligibilityRules(json);
    return rules;
  } catch (err) {
    const why = err instanceof Error ? err.message.split('\n')[0] : String(err);
    throw new Error(`The eligibility rules cannot be read: ${why}`, { cause: err });
  }
}

function loadedRules(): EligibilityRules {
  return rules ?? loadEligibilityRules();
}

type Facts = Partial<EligibilityFacts>;

export async function getFacts(deps: Deps, user: AuthUser): Promise<{ facts: Facts | null }> {
  const saved = await repo.findFacts(deps.db, user.id);
  return { facts: saved === null ? null : EligibilityFactsSchema.parse(JSON.parse(saved)) };
}

export async function saveFacts(deps: Deps, user: AuthUser, facts: Facts): Promise<{ facts: Facts }> {
  await repo.saveFacts(deps.db, user.id, JSON.stringify(facts), deps.clock.now());
  return { facts };
}

const hasAnyFact = (facts: Facts) => Object.values(facts).some((value) => value !== undefined);

const NO_FACTS = () =>
  new AppError(400, 'Answer the four questions (passport, degree, TEFL hours, years of teaching) first', {
    errorType: ERROR_TYPES.NO_ELIGIBILITY_FACTS,
  });

/**
 * The facts a question is answered from: those asked when there are any, or else the caller's saved
 * ones (`fromSession`); with neither, 400 NO_ELIGIBILITY_FACTS.
 */
async function factsFor(
  deps: Deps,
  user: AuthUser | null,
  asked: Facts,
): Promise<{ facts: Facts; fromSession: boolean }> {
  if (hasAnyFact(asked)) return { facts: asked, fromSession: false };
  const saved = user ? ((await getFacts(deps, user)).facts ?? {}) : {};
  if (!hasAnyFact(saved)) throw NO_FACTS();
  return { facts: saved, fromSession: true };
}

/**
 * What a search with `eligibleOnly` leaves out (BEYOND §7): the permits the facts in its query rule
 * out, or else the caller's saved facts' (`fromSession`: the answer is theirs alone); undefined when
 * the search does not ask for it.
 */
export async function searchEligibility(
  deps: Deps,
  query: {
    eligibleOnly?: '1';
    passport?: string[];
    degree?: EligibilityFacts['degree'];
    teflHours?: number;
    teachingYears?: number;
  },
  user: AuthUser | null,
): Promise<{ excludedPermits: string[]; fromSession: boolean } | undefined> {
  if (!query.eligibleOnly) return undefined;
  const { passport, degree, teflHours, teachingYears } = query;
  const { facts, fromSession } = await factsFor(deps, user, { passports: passport, degree, teflHours, teachingYears });
  return { excludedPermits: permitsNotOpenTo(facts), fromSession };
}

/** The permits these facts are not eligible for: what `eligibleOnly` leaves out (eligible and unknown stay). */
function permitsNotOpenTo(facts: Facts): string[] {
  const rules = loadedRules();
  return rules.permits
    .filter((rule) => eligibilityFor(rules, facts, rule.permit).status === 'not_eligible')
    .map((rule) => rule.permit);
}

/** Whether the account has saved any facts. */
export async function hasSavedFacts(deps: Pick<Deps, 'db'>, user: AuthUser): Promise<boolean> {
  const saved = await repo.findFacts(deps.db, user.id);
  return saved !== null && hasAnyFact(EligibilityFactsSchema.parse(JSON.parse(saved)));
}

/** The permits an account's saved facts rule out (none without facts): what its eligibleOnly alerts leave out. */
export async function permitsNotOpenToUser(deps: Pick<Deps, 'db'>, userId: string): Promise<string[]> {
  const saved = await repo.findFacts(deps.db, userId);
  if (saved === null) return [];
  const facts = EligibilityFactsSchema.parse(JSON.parse(saved));
  return hasAnyFact(facts) ? permitsNotOpenTo(facts) : [];
}

/** The permits a teacher's stored facts (JSON, or null) make them eligible for: the board's `eligibleFor`. */
export function eligiblePermits(stored: string | null): string[] {
  if (stored === null) return [];
  const facts = EligibilityFactsSchema.parse(JSON.parse(stored));
  if (!hasAnyFact(facts)) return [];
  const rules = loadedRules();
  return rules.permits
    .filter((rule) => eligibilityFor(rules, facts, rule.permit).status === 'eligible')
    .map((rule) => rule.permit);
}

/** A teacher's result for a permit from their stored facts (JSON), or null when they gave none. */
export function resultFromStored(stored: string | null, permit: string | null): EligibilityResult | null {
  if (stored === null) return null;
  const facts = EligibilityFactsSchema.parse(JSON.parse(stored));
  return hasAnyFact(facts) ? eligibilityFor(loadedRules(), facts, permit) : null;
}

/** The caller's saved facts as stored (for resultFromStored), or null when they saved none. */
export function savedFacts(deps: Deps, user: AuthUser): Promise<string | null> {
  return repo.findFacts(deps.db, user.id);
}

/**
 * The answer for a job: from the facts in the query when there are any, or else the caller's saved
 * ones; with neither, 400 NO_ELIGIBILITY_FACTS. A draft is only its owner's to ask about.
 */
export async function jobEligibility(
  deps: Deps,
  jobId: string,
  user: AuthUser | null,
  asked: Facts,
): Promise<EligibilityResult> {
  const job = await repo.findJobPermit(deps.db, jobId);
  if (!job || (job.published_at === null && (user === null || job.user_id !== user.id))) throw notFound(NO_SUCH_JOB);
  const { facts } = await factsFor(deps, user, asked);
  const terms = job.terms === null ? null : (JSON.parse(job.terms) as JobTerms);
  const permit = terms?.visa.sponsored ? (terms.visa.permit ?? null) : null;
  return eligibilityFor(loadedRules(), facts, permit);
}
