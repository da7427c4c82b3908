import type { Permit } from '@teacheast/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Facts } from '../facts';
import { checkEligibility } from '../rules-check';
import { badgeText, EligibilityBadge } from './eligibility-badge';

/** What a tile says for these answers and a job sponsoring `permit`, with the shared rules. */
const badgeFor = (facts: Facts, permit: Permit | null) => badgeText(checkEligibility(facts, permit));

const PHILIPPINES: Facts = { passports: ['PH'], degree: 'bachelor', teflHours: 120, teachingYears: 1 };

describe("a tile's visa badge", () => {
  it('says "You qualify" when the answers meet the rule', () => {
    expect(badgeFor(PHILIPPINES, 'KR-E1')).toBe('You qualify');
    expect(badgeFor({ passports: ['CA'], degree: 'master' }, 'KR-E2')).toBe('You qualify');
  });

  it('names the first requirement the answers do not meet', () => {
    expect(badgeFor(PHILIPPINES, 'KR-E2')).toBe('Not for your passport');
    expect(badgeFor({ passports: ['US'], degree: 'associate' }, 'KR-E2')).toBe('Needs a degree');
    expect(badgeFor({ degree: 'bachelor', teflHours: 40, teachingYears: 3 }, 'VN-WORK')).toBe(
      'Needs a TEFL certificate',
    );
    expect(badgeFor({ degree: 'bachelor', teflHours: 120, teachingYears: 1 }, 'VN-WORK')).toBe(
      'Needs teaching experience',
    );
    expect(badgeFor({ passports: ['GB'], degree: 'bachelor', teflHours: 0, teachingYears: 1 }, 'CN-Z')).toBe(
      'Needs TEFL or experience',
    );
  });

  it('says "Check the visa" when the job names no permit or an answer the rule needs is missing', () => {
    expect(badgeFor(PHILIPPINES, null)).toBe('Check the visa');
    expect(badgeFor({ passports: ['US'] }, 'KR-E2')).toBe('Check the visa');
  });

  it('says it in words, with a mark screen readers skip and the subject they hear', () => {
    render(<EligibilityBadge result={checkEligibility(PHILIPPINES, 'KR-E2')} />);
    const badge = screen.getByText('Not for your passport');
    expect(badge).toHaveTextContent('✕Visa: Not for your passport');
    expect(badge.querySelector('[aria-hidden="true"]')).toHaveTextContent('✕');
    expect(badge).toHaveClass('eligibility-badge--not_eligible');
  });
});
