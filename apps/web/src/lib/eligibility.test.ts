// The shared eligibility table run in the browser's project (jsdom), on the rules as the web app
// imports them: the badge on a tile and the server's answer come from the same code and data.
import { ELIGIBILITY_RULES, eligibilityFor, parseEligibilityRules } from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import { ELIGIBILITY_CASES } from '../../../../packages/shared/src/eligibility/eligibility-cases';

describe('eligibility in the browser', () => {
  it('uses rules that parse', () => {
    expect(parseEligibilityRules(ELIGIBILITY_RULES)).toEqual(ELIGIBILITY_RULES);
  });

  it.each(ELIGIBILITY_CASES)('$name', ({ permit, facts, englishTeachingPost, status, codes }) => {
    const result = eligibilityFor(ELIGIBILITY_RULES, facts, permit, { englishTeachingPost });
    expect(result.status).toBe(status);
    expect(result.reasons.map((r) => r.code)).toEqual(codes);
    expect(result.rulesReviewedAt).toBe(ELIGIBILITY_RULES.reviewedAt);
  });
});
