// The posting checks of BEYOND §9 in the wizard: what the school's words would meet, shown as it types
// (a polite live region beside the field, never in the way of typing), and what the server said when a
// publish or the save of a published job was stopped: refused, or warnings to read and acknowledge.
import {
  checkPosting,
  type PostingCheck,
  type PostingField,
  type PostingRuleId,
  type PostingText,
} from '@teacheast/shared';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import type { PostingProblemIssue } from '../api';
import { STEP_TITLES } from './wizard-nav';

/** How long typing pauses before the checks read the words again. */
export const LIVE_CHECK_DELAY_MS = 400;

/** The checks of the words as they are now, read again once typing pauses. */
export function useLivePostingCheck(text: PostingText, delayMs = LIVE_CHECK_DELAY_MS): PostingCheck {
  const { title, payNotes, descriptionHTML } = text;
  const [check, setCheck] = useState(() => checkPosting({ title, payNotes, descriptionHTML }));
  const isFirstRun = useRef(true);
  useEffect(() => {
    // The words the step opened with were read at once.
    if (isFirstRun.current) {
      isFirstRun.current = false;
      return;
    }
    const timer = setTimeout(() => setCheck(checkPosting({ title, payNotes, descriptionHTML })), delayMs);
    return () => clearTimeout(timer);
  }, [title, payNotes, descriptionHTML, delayMs]);
  return check;
}

type Issue = Pick<PostingProblemIssue, 'rule' | 'excerpt' | 'message' | 'suggestion'>;

function IssueWords({ lead, issue }: { lead: string; issue: Issue }) {
  return (
    <>
      <strong>{lead}</strong> “{issue.excerpt}” {issue.message}
      {issue.suggestion && <> {issue.suggestion}</>}
    </>
  );
}

/**
 * What the checks find in `fields` as the school types: "This will be refused: …" for what publishing
 * would refuse, "Please check: …" for the warnings. The live region is always there, empty while
 * nothing is found, so that a screen reader announces what appears in it.
 */
export function LivePostingChecks({ check, fields }: { check: PostingCheck; fields: readonly PostingField[] }) {
  const blocks = check.blocks.filter((issue) => fields.includes(issue.field));
  const warnings = check.warnings.filter((issue) => fields.includes(issue.field));
  return (
    <div className="posting-checks" aria-live="polite">
      {(blocks.length > 0 || warnings.length > 0) && (
        <ul className="posting-checks__list">
          {blocks.map((issue) => (
            <li key={`${issue.rule}:${issue.excerpt}`} className="posting-check posting-check--refused">
              <IssueWords lead="This will be refused:" issue={issue} />
            </li>
          ))}
          {warnings.map((issue) => (
            <li key={`${issue.rule}:${issue.excerpt}`} className="posting-check posting-check--warning">
              <IssueWords lead="Please check:" issue={issue} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Where each field is written in the wizard. */
const STEP_OF_FIELD = { title: 'details', payNotes: 'details', descriptionHTML: 'description' } as const;

/** A heading that takes the focus when it appears, so that the reader lands on what stopped the action. */
function FocusedHeading({ id, children }: { id: string; children: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return (
    <h3 ref={ref} id={id} className="posting-problem__title" tabIndex={-1}>
      {children}
    </h3>
  );
}

/**
 * What the server refused (400 POSTING_CHECK), each with a link to the step where the words are
 * written; `uuid` is left out on that step itself.
 */
export function RefusedIssues({
  issues,
  uuid,
  action,
}: {
  issues: readonly PostingProblemIssue[];
  uuid?: string;
  action: string;
}) {
  const titleId = useId();
  return (
    <section className="posting-problem posting-problem--refused" aria-labelledby={titleId}>
      <FocusedHeading id={titleId}>{`This job cannot be ${action} as it is`}</FocusedHeading>
      <ul className="posting-checks__list">
        {issues.map((issue) => (
          <li key={`${issue.rule}:${issue.excerpt}`} className="posting-check posting-check--refused">
            <IssueWords lead="This will be refused:" issue={issue} />
            {uuid && (
              <>
                {' '}
                <Link to={paths.jobWizard(STEP_OF_FIELD[issue.field], uuid)}>
                  Change it in {STEP_TITLES[STEP_OF_FIELD[issue.field]]}
                </Link>
              </>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface WarningsConfirmationProps {
  issues: readonly PostingProblemIssue[];
  /** "Publish anyway", "Save anyway". */
  confirmLabel: string;
  isPending: boolean;
  /** Sends again, naming every rule the school acknowledged. */
  onConfirm: (rules: PostingRuleId[]) => void;
}

/**
 * The warnings the server asks the school to read (409 POSTING_WARNING): each rule once, with the
 * words that met it, and a box to tick for it. The action waits until every box is ticked.
 */
export function WarningsConfirmation({ issues, confirmLabel, isPending, onConfirm }: WarningsConfirmationProps) {
  const titleId = useId();
  const rules = [...new Set(issues.map((issue) => issue.rule))];
  const [ticked, setTicked] = useState<ReadonlySet<PostingRuleId>>(new Set());
  const isEveryTicked = rules.every((rule) => ticked.has(rule));
  const toggle = (rule: PostingRuleId, isTicked: boolean) =>
    setTicked((current) => {
      const next = new Set(current);
      if (isTicked) next.add(rule);
      else next.delete(rule);
      return next;
    });

  return (
    <section className="posting-problem posting-problem--warning" aria-labelledby={titleId}>
      <FocusedHeading id={titleId}>Please check before you go on</FocusedHeading>
      {rules.map((rule) => {
        const found = issues.filter((issue) => issue.rule === rule);
        const first = found[0]!;
        return (
          <fieldset key={rule} className="posting-warning">
            <legend className="posting-warning__words">
              <strong>Please check:</strong> {found.map((issue) => `“${issue.excerpt}”`).join(', ')}
            </legend>
            <p className="posting-warning__message">
              {first.message}
              {first.suggestion && <> {first.suggestion}</>}
            </p>
            <label className="posting-warning__acknowledge">
              <input
                type="checkbox"
                checked={ticked.has(rule)}
                onChange={(event) => toggle(rule, event.target.checked)}
              />{' '}
              I have read this and want to publish as it is
            </label>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="button button--primary"
        disabled={!isEveryTicked}
        aria-busy={isPending || undefined}
        onClick={() => {
          if (!isPending) onConfirm(rules);
        }}
      >
        {confirmLabel}
      </button>
    </section>
  );
}
