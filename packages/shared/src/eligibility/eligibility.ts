// Can I take this job? (BEYOND §7): a teacher's four facts read against the rules of the job's work
// permit (rules.json). Plain code and types only, no zod: the job board's first download shows a
// badge on every tile (docs/decisions/005-lean-first-load.md). The schemas are in eligibility-schema.ts.
import type { Country } from '../enums.js';
import type { Permit } from '../schemas/terms-words.js';

/** Lowest first: a requirement of a degree is met by that degree or any after it. */
export const DEGREES = ['none', 'associate', 'bachelor', 'master', 'doctorate'] as const;
export type Degree = (typeof DEGREES)[number];

/** What a teacher tells us (BEYOND §7). Any of them may be missing: the answer is then `unknown`. */
export interface EligibilityFacts {
  /** ISO 3166-1 alpha-2 codes, 1 to 3; holding any one that a permit accepts is enough. */
  passports: string[];
  degree: Degree;
  /** Hours of the teacher's TEFL (or TESOL, CELTA) certificate; 0 without one. */
  teflHours: number;
  teachingYears: number;
}

/** Requirements that must all hold; one alternative of `anyOf`. */
export interface QualificationRequirement {
  minDegree?: Exclude<Degree, 'none'>;
  minTeflHours?: number;
  minTeachingYears?: number;
}

export interface PermitRequirement extends QualificationRequirement {
  /** Any one held is enough. */
  passports?: string[];
  /** At least one alternative must hold (each alternative's requirements all together). */
  anyOf?: QualificationRequirement[];
}

/** One code per kind of requirement; a failed one is answered with the rule's reason for it. */
export const REQUIREMENT_CODES = ['passport', 'degree', 'tefl', 'teaching_years', 'qualification'] as const;
export type RequirementCode = (typeof REQUIREMENT_CODES)[number];

export interface RuleSource {
  title: string;
  url: string;
}

export interface PermitRule {
  permit: Permit;
  country: Country;
  /** What the permit is called in a sentence: "the E-2 teaching visa depends on it". */
  name: string;
  requires: PermitRequirement;
  /** Asked as well when the job is an English teaching post (every TeachEast job unless told otherwise). */
  requiresForEnglishTeaching?: PermitRequirement;
  /** The text shown for each requirement the teacher does not meet. */
  reasons: Partial<Record<RequirementCode, string>>;
  /** What the permit also asks that the four facts cannot show; pages may list them. */
  notChecked?: string[];
  sources: RuleSource[];
}

export interface EligibilityRules {
  /** ISO date (YYYY-MM-DD) the rules were last checked against their sources. */
  reviewedAt: string;
  permits: PermitRule[];
}

export const ELIGIBILITY_STATUSES = ['eligible', 'not_eligible', 'unknown'] as const;
export type EligibilityStatus = (typeof ELIGIBILITY_STATUSES)[number];

export interface EligibilityReason {
  /** A requirement code when it is not met; otherwise `no_permit`, `unknown_permit` or `missing_<fact>`. */
  code: string;
  text: string;
}

/** The answer of `GET /api/jobs/{uuid}/eligibility` (BEYOND §7). */
export interface EligibilityResult {
  status: EligibilityStatus;
  reasons: EligibilityReason[];
  permit: string | null;
  rulesReviewedAt: string;
}

export interface EligibilityOptions {
  /** Whether the job is an English teaching post; true unless told otherwise. */
  englishTeachingPost?: boolean;
}

type Fact = keyof EligibilityFacts;

const FACT_ORDER: readonly Fact[] = ['passports', 'degree', 'teflHours', 'teachingYears'];

const MISSING: Record<Fact, { code: string; label: string }> = {
  passports: { code: 'missing_passports', label: 'your passport' },
  degree: { code: 'missing_degree', label: 'your highest degree' },
  teflHours: { code: 'missing_tefl_hours', label: 'the hours of your TEFL certificate' },
  teachingYears: { code: 'missing_teaching_years', label: 'your years of teaching' },
};

/** What checking some requirements found: the requirements not met, and the facts needed but missing. */
interface Outcome {
  failed: RequirementCode[];
  missing: Set<Fact>;
}

function hasPassports(facts: Partial<EligibilityFacts>): facts is { passports: string[] } {
  return Array.isArray(facts.passports) && facts.passports.length > 0;
}

function checkQualification(requirement: QualificationRequirement, facts: Partial<EligibilityFacts>): Outcome {
  const outcome: Outcome = { failed: [], missing: new Set() };
  if (requirement.minDegree !== undefined) {
    if (facts.degree === undefined) outcome.missing.add('degree');
    else if (DEGREES.indexOf(facts.degree) < DEGREES.indexOf(requirement.minDegree)) outcome.failed.push('degree');
  }
  if (requirement.minTeflHours !== undefined) {
    if (facts.teflHours === undefined) outcome.missing.add('teflHours');
    else if (facts.teflHours < requirement.minTeflHours) outcome.failed.push('tefl');
  }
  if (requirement.minTeachingYears !== undefined) {
    if (facts.teachingYears === undefined) outcome.missing.add('teachingYears');
    else if (facts.teachingYears < requirement.minTeachingYears) outcome.failed.push('teaching_years');
  }
  return outcome;
}

function checkRequirement(requirement: PermitRequirement, facts: Partial<EligibilityFacts>): Outcome {
  const outcome: Outcome = { failed: [], missing: new Set() };
  if (requirement.passports !== undefined) {
    if (!hasPassports(facts)) outcome.missing.add('passports');
    else {
      const held = facts.passports.map((code) => code.toUpperCase());
      if (!held.some((code) => requirement.passports?.includes(code))) outcome.failed.push('passport');
    }
  }
  const own = checkQualification(requirement, facts);
  outcome.failed.push(...own.failed);
  for (const fact of own.missing) outcome.missing.add(fact);
  if (requirement.anyOf !== undefined) {
    const alternatives = requirement.anyOf.map((alternative) => checkQualification(alternative, facts));
    const met = alternatives.some((a) => a.failed.length === 0 && a.missing.size === 0);
    if (!met) {
      const open = alternatives.filter((a) => a.failed.length === 0);
      // Not met and none still open: every alternative fails on a fact we know.
      if (open.length === 0) outcome.failed.push('qualification');
      for (const alternative of open) for (const fact of alternative.missing) outcome.missing.add(fact);
    }
  }
  return outcome;
}

/**
 * Whether a teacher with these facts can take a job needing `permit`. A requirement the known facts
 * fail makes it `not_eligible` (with the reason of each), even when other facts are missing, since no
 * missing fact could change that; otherwise a fact the rule needs and the teacher has not given
 * makes it `unknown` (one reason per missing fact), as does a job that names no permit.
 */
export function eligibilityFor(
  rules: EligibilityRules,
  facts: Partial<EligibilityFacts>,
  permit: string | null,
  { englishTeachingPost = true }: EligibilityOptions = {},
): EligibilityResult {
  const answer = (status: EligibilityStatus, reasons: EligibilityReason[]): EligibilityResult => ({
    status,
    reasons,
    permit,
    rulesReviewedAt: rules.reviewedAt,
  });
  if (permit === null) {
    return answer('unknown', [{ code: 'no_permit', text: 'This job does not name a work permit to check.' }]);
  }
  const rule = rules.permits.find((p) => p.permit === permit);
  if (!rule) {
    return answer('unknown', [{ code: 'unknown_permit', text: `There are no rules for the permit ${permit}.` }]);
  }

  const outcomes = [checkRequirement(rule.requires, facts)];
  if (englishTeachingPost && rule.requiresForEnglishTeaching) {
    outcomes.push(checkRequirement(rule.requiresForEnglishTeaching, facts));
  }
  const failed = outcomes.flatMap((o) => o.failed);
  if (failed.length > 0) {
    return answer(
      'not_eligible',
      failed.map((code) => ({ code, text: rule.reasons[code] ?? `The ${rule.name} is not open to you.` })),
    );
  }
  const missing = FACT_ORDER.filter((fact) => outcomes.some((o) => o.missing.has(fact)));
  if (missing.length > 0) {
    return answer(
      'unknown',
      missing.map((fact) => ({
        code: MISSING[fact].code,
        text: `To check the ${rule.name}, we need ${MISSING[fact].label}.`,
      })),
    );
  }
  return answer('eligible', []);
}
