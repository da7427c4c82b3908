// Step 2, Job Description: the rich-text editor, pre-filled for a new job with a template to adapt.
// The posting checks (BEYOND §9) read the description as the school types; saving the description of a
// published job may be refused by them, or wait for the school to acknowledge their warnings.
import type { PostingRuleId } from '@teacheast/shared';
import { useState } from 'react';
import { toast, toastError } from '../../../lib/toast';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { postingProblemOf, useSaveJobDescription, type PostingProblem } from '../api';
import { LivePostingChecks, RefusedIssues, useLivePostingCheck, WarningsConfirmation } from './posting-checks';
import { WizardNav } from './wizard-nav';

const DESCRIPTION_TEMPLATE = [
  '<h2>About our school</h2>',
  '<p>Who you are, where you are, and what makes your school a good place to teach.</p>',
  '<h2>The role</h2>',
  '<ul><li>Teaching hours per week and the schedule</li><li>Subjects and levels you will teach</li><li>Other duties (planning, events, reports)</li></ul>',
  '<h2>Requirements</h2>',
  '<ul><li>Degree and teaching certificate (TEFL, TESOL, CELTA…)</li><li>Experience and nationality needed for the visa</li></ul>',
  '<h2>Salary and benefits</h2>',
  '<ul><li>Monthly salary</li><li>Housing or housing allowance</li><li>Flights, health insurance, paid holidays</li></ul>',
  '<h2>How to apply</h2>',
  '<p>Send your resume and a short introduction to the e-mail address above.</p>',
].join('');

export function JobDescriptionStep({
  uuid,
  userUuid,
  initialHtml,
  readOnly,
}: {
  uuid: string;
  userUuid: string;
  initialHtml: string;
  readOnly: boolean;
}) {
  const [html, setHtml] = useState(initialHtml || DESCRIPTION_TEMPLATE);
  const [savedHtml, setSavedHtml] = useState(initialHtml);
  const save = useSaveJobDescription(uuid, userUuid);
  const check = useLivePostingCheck({ title: '', payNotes: '', descriptionHTML: html });
  // What the checks said of the last save, while the description is still the one sent.
  // Each answer is shown afresh (its `answer` number keys it): its heading takes the focus, no box stays ticked.
  const [problem, setProblem] = useState<{ html: string; problem: PostingProblem; answer: number } | null>(null);
  const shownProblem = problem?.html === html ? problem.problem : null;

  const saveNow = async (acknowledgeWarnings?: PostingRuleId[]): Promise<boolean> => {
    if (readOnly) return true;
    try {
      const result = await save.mutateAsync({ descriptionHTML: html, acknowledgeWarnings });
      setSavedHtml(result.descriptionHTML);
      setProblem(null);
      toast.success('Job description saved.');
      return true;
    } catch (error) {
      const found = postingProblemOf(error, { title: '', payNotes: '', descriptionHTML: html });
      if (found) setProblem((last) => ({ html, problem: found, answer: (last?.answer ?? 0) + 1 }));
      else toastError(error);
      return false;
    }
  };

  return (
    <div className="job-description">
      {readOnly ? (
        <p>This job has expired, so its description can no longer be changed.</p>
      ) : (
        <>
          <RichTextEditor
            value={html}
            onChange={setHtml}
            label="Job description"
            placeholder="Describe the school, the role, the requirements, and the salary and benefits. Replace the template's hints with your own words."
          />
          <LivePostingChecks check={check} fields={['descriptionHTML']} />
          {shownProblem?.kind === 'refused' && (
            <RefusedIssues key={problem?.answer} issues={shownProblem.issues} action="saved" />
          )}
          {shownProblem?.kind === 'warning' && (
            <WarningsConfirmation
              key={problem?.answer}
              issues={shownProblem.issues}
              confirmLabel="Save anyway"
              isPending={save.isPending}
              onConfirm={(rules) => void saveNow(rules)}
            />
          )}
          <div className="wizard__save">
            <button
              type="button"
              className="button button--secondary"
              onClick={() => void saveNow()}
              aria-busy={save.isPending || undefined}
            >
              {save.isPending ? 'Saving…' : 'Save'}
            </button>
            <p className="wizard__hint" aria-live="polite">
              {html === savedHtml ? 'Saved.' : 'Next saves your changes.'}
            </p>
          </div>
        </>
      )}
      <WizardNav uuid={uuid} step="description" beforeNext={html === savedHtml ? undefined : () => saveNow()} />
    </div>
  );
}
