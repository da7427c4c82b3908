// A tile's answer to "Can I take this job?" in a few words (BEYOND §7), said in text, never by colour
// alone: "You qualify", what rules the teacher out ("Not for your passport"), or "Check the visa".
import type { EligibilityResult, RequirementCode } from '@teacheast/shared';
import '../eligibility.css';

/** The first requirement the teacher does not meet, in a tile's words. */
const NOT_MET: Readonly<Record<RequirementCode, string>> = {
  passport: 'Not for your passport',
  degree: 'Needs a degree',
  tefl: 'Needs a TEFL certificate',
  teaching_years: 'Needs teaching experience',
  qualification: 'Needs TEFL or experience',
};

export function badgeText(result: EligibilityResult): string {
  if (result.status === 'eligible') return 'You qualify';
  if (result.status === 'not_eligible') {
    const first = result.reasons[0]?.code;
    if (first && Object.hasOwn(NOT_MET, first)) return NOT_MET[first as RequirementCode];
  }
  // Unknown: the job names no permit, or an answer the permit's rule needs is missing.
  return 'Check the visa';
}

const MARKS = { eligible: '✓', not_eligible: '✕', unknown: '?' } as const;

export function EligibilityBadge({ result }: { result: EligibilityResult }) {
  return (
    <p className={`eligibility-badge eligibility-badge--${result.status}`}>
      <span className="eligibility-badge__mark" aria-hidden="true">
        {MARKS[result.status]}
      </span>
      <span className="visually-hidden">Visa: </span>
      {badgeText(result)}
    </p>
  );
}
