// What every result of "Can I take this job?" comes with (BEYOND §7): the date the rules were last
// reviewed, where they come from, and that this is not legal advice.
import type { PermitRule } from '@teacheast/shared';
import { longUtcDate } from '../../../lib/dates';
import { ExternalLink } from '../../../ui/external-link';

export function RulesReviewed({ reviewedAt }: { reviewedAt: string }) {
  return <p className="eligibility-note">Rules last reviewed {longUtcDate(reviewedAt)}. This is not legal advice.</p>;
}

/** The public sources a permit's rule was taken from. */
export function PermitSources({ rule }: { rule: PermitRule }) {
  return (
    <ul className="eligibility-sources">
      {rule.sources.map((source) => (
        <li key={source.url}>
          <ExternalLink href={source.url}>{source.title}</ExternalLink>
        </li>
      ))}
    </ul>
  );
}
