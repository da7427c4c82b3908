// Step 5, Preview Job Posting: the tile and the full page as visitors will see them, and Publish.
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { toast, toastError } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { JobPostingView } from '../../jobs/components/job-posting-view';
import { JobTile } from '../../jobs/components/job-tile';
import { useJobPreview, usePublishJob } from '../api';
import { WizardNav } from './wizard-nav';

export function PreviewStep({ uuid, userUuid }: { uuid: string; userUuid: string }) {
  const preview = useJobPreview(uuid, userUuid);
  const publish = usePublishJob(uuid, userUuid);
  const navigate = useNavigate();

  if (preview.isPending) return <Spinner label="Loading the preview" />;
  if (preview.isError) return <p role="alert">{preview.error.message}</p>;
  const job = preview.data;

  const onPublish = () => {
    if (publish.isPending) return;
    publish.mutate(undefined, {
      onSuccess: (result) => {
        toast.success(result.message);
        void navigate(paths.account('published'));
      },
      onError: toastError,
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
        <button
          type="button"
          className="button button--primary button--block"
          onClick={onPublish}
          aria-busy={publish.isPending || undefined}
        >
          {publish.isPending ? 'Publishing…' : 'Publish'}
        </button>
      ) : (
        <p>
          {job.status === 'published'
            ? 'This job is published. Changes you save show at once.'
            : 'This job has expired.'}
        </p>
      )}
    </div>
  );
}
