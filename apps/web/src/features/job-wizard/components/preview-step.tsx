// Step 5, Preview Job Posting: the tile and the full page as visitors will see them, and Publish.
// Publishing meets the posting checks (BEYOND §9): what they refuse is listed with a link to the step
// that holds the words; their warnings are read and acknowledged one by one, then "Publish anyway".
import type { PostingRuleId } from '@teacheast/shared';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { toast, toastError } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { JobPostingView } from '../../jobs/components/job-posting-view';
import { JobTile } from '../../jobs/components/job-tile';
import { postingProblemOf, useJobPreview, usePublishJob, type PostingProblem } from '../api';
import { RefusedIssues, WarningsConfirmation } from './posting-checks';
import { WizardNav } from './wizard-nav';

export function PreviewStep({ uuid, userUuid }: { uuid: string; userUuid: string }) {
  const preview = useJobPreview(uuid, userUuid);
  const publish = usePublishJob(uuid, userUuid);
  const navigate = useNavigate();
  const [problem, setProblem] = useState<PostingProblem | null>(null);
  // Each answer of the checks is shown afresh: its heading takes the focus, no box stays ticked.
  const [answers, setAnswers] = useState(0);

  if (preview.isPending) return <Spinner label="Loading the preview" />;
  if (preview.isError) return <p role="alert">{preview.error.message}</p>;
  const job = preview.data;

  const onPublish = (acknowledgeWarnings?: PostingRuleId[]) => {
    if (publish.isPending) return;
    publish.mutate(acknowledgeWarnings, {
      onSuccess: (result) => {
        setProblem(null);
        toast.success(result.message);
        void navigate(paths.account('published'));
      },
      onError: (error) => {
        const found = postingProblemOf(error, {
          title: job.title,
          payNotes: job.pay,
          descriptionHTML: job.descriptionHTML,
        });
        setProblem(found);
        setAnswers((count) => count + 1);
        if (!found) toastError(error);
      },
    });
  };

  return (
    <div className="preview-step">
      <h2>Search tile</h2>
      <p>This tile appears in search results. The Publish button is at the bottom of the page.</p>
      <div className="preview-step__tile">
        <JobTile job={job} interactive={false} headingLevel={3} />
      </div>
      <h2>Job posting page</h2>
      <div className="preview-step__posting">
        <JobPostingView job={job} interactive={false} />
      </div>
      <WizardNav uuid={uuid} step="preview" />
      {job.status === 'unpublished' ? (
        <>
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => onPublish()}
            aria-busy={publish.isPending || undefined}
          >
            {publish.isPending ? 'Publishing…' : 'Publish'}
          </button>
          {problem?.kind === 'refused' && (
            <RefusedIssues key={answers} issues={problem.issues} uuid={uuid} action="published" />
          )}
          {problem?.kind === 'warning' && (
            <WarningsConfirmation
              key={answers}
              issues={problem.issues}
              confirmLabel="Publish anyway"
              isPending={publish.isPending}
              onConfirm={onPublish}
            />
          )}
        </>
      ) : (
        <p>
          {job.status === 'published'
            ? 'This job is published. Changes you save show at once.'
            : job.takenDown
              ? 'TeachEast took this job down.'
              : 'This job has expired.'}
        </p>
      )}
    </div>
  );
}
