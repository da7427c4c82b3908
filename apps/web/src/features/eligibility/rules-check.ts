// The visa rules and their check (BEYOND §7), in a module of their own that pages load apart
// (load-rules.ts): the rules file alone is about 3 KB gzip, and /jobs's first download has no room.
import { ELIGIBILITY_RULES, eligibilityFor, type EligibilityResult, type PermitRule } from '@teacheast/shared';
import type { Facts } from './facts';

/** The date the rules were last checked against their sources (YYYY-MM-DD). */
export const rulesReviewedAt = ELIGIBILITY_RULES.reviewedAt;

/** Every permit's rule, in the rules file's order. */
export const permitRules: readonly PermitRule[] = ELIGIBILITY_RULES.permits;

/** What the teacher's facts say of a job sponsoring `permit` (null: the job names none). */
export function checkEligibility(facts: Facts, permit: string | null): EligibilityResult {
  return eligibilityFor(ELIGIBILITY_RULES, facts, permit);
}

/** The rule of a permit, or undefined for none or one the rules do not know. */
export function permitRule(permit: string | null): PermitRule | undefined {
  return ELIGIBILITY_RULES.permits.find((rule) => rule.permit === permit);
}
