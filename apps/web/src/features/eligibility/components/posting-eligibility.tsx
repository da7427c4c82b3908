// The posting's "Visa and eligibility" (BEYOND §7): the work permit the job sponsors (or that it names
// none), what the teacher's answers say of it with every reason, the public sources of the permit's
// rule, the date the rules were last reviewed, and that this is not legal advice. Without answers, the
// four questions are asked right here. The posting page loads this module, and the rules with it,
// apart from its own code (app/pages/posting-page.tsx).
import type { Job } from '@teacheast/shared';
import { useId, useRef, useState } from 'react';
import { describeFacts, hasFacts } from '../facts';
import { checkEligibility, permitRule, rulesReviewedAt } from '../rules-check';
import { useTeacherFacts } from '../use-teacher-facts';
import { EligibilityBadge } from './eligibility-badge';
import { EligibilityFactsForm } from './eligibility-facts-form';
import { PermitSources, RulesReviewed } from './rules-note';
import '../eligibility.css';

/** What a result means, before its reasons. */
const RESULT_WORDS = {
  eligible: 'Your answers meet every rule of this permit that we can check.',
  not_eligible: 'Your answers do not meet the rules of this permit:',
  unknown: 'We cannot tell yet:',
} as const;

export function PostingEligibility({ job }: { job: Pick<Job, 'permit'> }) {
  const teacher = useTeacherFacts();
  const { facts } = teacher;
  const [isAnswering, setIsAnswering] = useState(false);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const ids = { title: `${id}-title`, form: `${id}-form` };
  const rule = permitRule(job.permit);
  const result = hasFacts(facts) ? checkEligibility(facts, job.permit) : null;

  const close = () => {
    setIsAnswering(false);
    toggleRef.current?.focus();
  };

  return (
    <section className="posting-eligibility" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="posting-eligibility__title">
        Visa and eligibility
      </h2>
      <p>
        {rule ? (
          <>
            This job sponsors the <strong>{rule.name}</strong> ({rule.permit}).
          </>
        ) : job.permit ? (
          `This job sponsors the work permit ${job.permit}.`
        ) : (
          'This job does not name a work permit it sponsors.'
        )}
      </p>
      {teacher.isLoading ? (
        <p>Loading your answers…</p>
      ) : result && hasFacts(facts) ? (
        <>
          <EligibilityBadge result={result} />
          <p className="posting-eligibility__result">{RESULT_WORDS[result.status]}</p>
          {result.reasons.length > 0 && (
            <ul className="posting-eligibility__reasons">
              {result.reasons.map((reason) => (
                <li key={reason.code}>{reason.text}</li>
              ))}
            </ul>
          )}
          <p>From your answers: {describeFacts(facts).join(' · ')}.</p>
        </>
      ) : (
        <p>
          Answer four questions (your passports, highest degree, TEFL certificate and years of teaching) to see whether
          you can take this job.
        </p>
      )}
      {!teacher.isLoading && (
        <button
          ref={toggleRef}
          type="button"
          className="button button--secondary"
          aria-expanded={isAnswering}
          aria-controls={ids.form}
          onClick={() => (isAnswering ? close() : setIsAnswering(true))}
        >
          {hasFacts(facts) ? 'Change my answers' : 'Answer the questions'}
        </button>
      )}
      <div id={ids.form}>
        {isAnswering && (
          <EligibilityFactsForm teacher={teacher} label="Can I take this job?" onSaved={close} onCancel={close} />
        )}
      </div>
      {rule?.notChecked && (
        <>
          <h3 className="posting-eligibility__subtitle">The permit also asks for</h3>
          <ul className="posting-eligibility__reasons">
            {rule.notChecked.map((what) => (
              <li key={what}>{what}</li>
            ))}
          </ul>
        </>
      )}
      {rule && (
        <>
          <h3 className="posting-eligibility__subtitle">Where the rules come from</h3>
          <PermitSources rule={rule} />
        </>
      )}
      <RulesReviewed reviewedAt={rulesReviewedAt} />
    </section>
  );
}
