// "Can I take these jobs?" on /jobs (BEYOND §7): the teacher's four answers, a badge on every tile
// read from them against the job's work permit, and "Only jobs I can take", which the server filters
// by (the switch and the answers go in the search's URL, where the search page reads them:
// features/jobs/search-params.ts). The page loads this after its own code (app/pages/jobs-page.tsx);
// the rules and their check load only once there are answers.
import { SEARCH_ELIGIBILITY_KEYS, type JobTile, type SearchTermsFilters } from '@teacheast/shared';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { describeFacts, factsQuery, hasFacts, type Facts } from '../facts';
import { useEligibilityRules } from '../load-rules';
import { useTeacherFacts } from '../use-teacher-facts';
import { EligibilityBadge } from './eligibility-badge';
import { EligibilityFactsForm } from './eligibility-facts-form';
import { PermitSources, RulesReviewed } from './rules-note';
import '../eligibility.css';

/** The tiles' badges, once the answers and the rules are known. */
export interface TileBadges {
  of: (tile: JobTile) => ReactNode;
}

/**
 * The search's URL with "Only jobs I can take" read from these answers, or turned off (null), from its
 * first page as any change of filter.
 */
export function withEligibleOnly(params: URLSearchParams, facts: Facts | null): URLSearchParams {
  const next = new URLSearchParams(params);
  const filters: SearchTermsFilters = facts ? { eligibleOnly: '1', ...factsQuery(facts) } : {};
  for (const key of SEARCH_ELIGIBILITY_KEYS) {
    const value = filters[key];
    if (value) next.set(key, value);
    else next.delete(key);
  }
  next.set('page', '1');
  return next;
}

interface EligibilityPanelProps {
  /** The search as its URL states it. */
  search: SearchTermsFilters;
  /** Hands the tiles' badges to the page (null: none to show). Must keep its identity (a state setter). */
  onTileBadges: (badges: TileBadges | null) => void;
}

export function EligibilityPanel({ search, onTileBadges }: EligibilityPanelProps) {
  const [, setSearchParams] = useSearchParams();
  const setEligibleOnly = (facts: Facts | null) => setSearchParams((params) => withEligibleOnly(params, facts));
  const teacher = useTeacherFacts();
  const { facts } = teacher;
  const isAnswered = hasFacts(facts);
  const rules = useEligibilityRules(isAnswered);
  const [isOpen, setIsOpen] = useState(false);
  const [saidWhat, setSaidWhat] = useState('');
  const toggleRef = useRef<HTMLButtonElement>(null);
  const id = useId();
  const ids = { title: `${id}-title`, form: `${id}-form`, onlyHint: `${id}-only-hint` };
  const isEligibleOnly = search.eligibleOnly === '1';

  useEffect(() => {
    if (!rules || !isAnswered) {
      onTileBadges(null);
      return;
    }
    onTileBadges({ of: (tile) => <EligibilityBadge result={rules.checkEligibility(facts, tile.permit)} /> });
  }, [rules, facts, isAnswered, onTileBadges]);

  const close = () => {
    setIsOpen(false);
    toggleRef.current?.focus();
  };

  const onSaved = (saved: Facts) => {
    close();
    const isKept = hasFacts(saved);
    setSaidWhat(
      !isKept
        ? 'Your answers are cleared.'
        : teacher.keptIn === 'browser'
          ? 'Your answers are saved in this browser.'
          : 'Your answers are saved in your account.',
    );
    // The server filters by the answers in the URL: they follow the new ones, or the switch goes off.
    if (isEligibleOnly) setEligibleOnly(isKept ? saved : null);
  };

  return (
    <section className="card eligibility-panel" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="eligibility-panel__title">
        Can I take these jobs?
      </h2>
      <p className="eligibility-panel__answers">
        {teacher.isLoading
          ? 'Loading your answers…'
          : isAnswered
            ? `Your answers: ${describeFacts(facts).join(' · ')}.`
            : 'Answer four questions to see which jobs’ work permits you qualify for.'}
      </p>
      <button
        ref={toggleRef}
        type="button"
        className="button button--secondary"
        aria-expanded={isOpen}
        aria-controls={ids.form}
        disabled={teacher.isLoading}
        onClick={() => (isOpen ? close() : setIsOpen(true))}
      >
        {isAnswered ? 'Change my answers' : 'Answer the questions'}
      </button>
      <p className="eligibility-panel__said" role="status">
        {saidWhat}
      </p>
      <div id={ids.form}>
        {isOpen && (
          <EligibilityFactsForm teacher={teacher} label="Can I take these jobs?" onSaved={onSaved} onCancel={close} />
        )}
      </div>
      {(isAnswered || isEligibleOnly) && (
        <div className="eligibility-panel__only">
          <label className="eligibility-panel__choice">
            <input
              type="checkbox"
              checked={isEligibleOnly}
              aria-describedby={ids.onlyHint}
              onChange={(e) => setEligibleOnly(e.target.checked && isAnswered ? facts : null)}
            />{' '}
            Only jobs I can take
          </label>
          <p className="field__hint" id={ids.onlyHint}>
            Hides the jobs whose work permit your answers rule out. Jobs we cannot check stay.
          </p>
        </div>
      )}
      {rules && isAnswered && (
        <>
          <RulesReviewed reviewedAt={rules.rulesReviewedAt} />
          <details className="eligibility-panel__sources">
            <summary>Where the rules come from</summary>
            <ul className="eligibility-panel__permits">
              {rules.permitRules.map((rule) => (
                <li key={rule.permit}>
                  {rule.name} ({rule.permit})
                  <PermitSources rule={rule} />
                </li>
              ))}
            </ul>
          </details>
        </>
      )}
    </section>
  );
}
