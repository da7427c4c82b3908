import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { toastError, toastResult } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { usePublishResume, useResumePreview } from '../api';
import { ResumeTile } from './resume-tile';
import { ResumeView } from './resume-view';
import { WizardNav } from './wizard-nav';

/** Step 4: the tile and the full page as others will see them, then Publish. */
export function ResumePreviewStep({ userUuid }: { userUuid: string }) {
  const navigate = useNavigate();
  const preview = useResumePreview(userUuid);
  const publish = usePublishResume(userUuid);

  if (preview.isPending) return <Spinner label="Loading the preview" />;
  if (preview.isError) {
    return (
      <div className="card">
        <p role="alert">{preview.error.message}</p>
        <WizardNav backTo={paths.postResumeStep('details', userUuid)} />
      </div>
    );
  }
  const resume = preview.data;

  const onPublish = () => {
    if (publish.isPending) return;
    publish.mutate(undefined, {
      onSuccess: (body) => {
        toastResult(body);
        navigate(paths.resume(resume.uuid));
      },
      onError: toastError,
    });
  };

  return (
    <div className="wizard-step">
      <ul className="preview-hints">
        <li>This tile is how your resume appears in the Resume Board search.</li>
        <li>The Publish button is at the bottom of this page.</li>
        <li>Click the circles above to go back to an earlier step.</li>
      </ul>
      <section aria-labelledby="preview-tile-title" className="preview-section">
        <h2 id="preview-tile-title" className="preview-section__title">
          Search tile
        </h2>
        <div className="preview-section__tile">
          {/* The preview tile shows the update time as now. */}
          <ResumeTile
            resume={{ ...resume, lastUpdatedAt: new Date().toISOString() }}
            interactive={false}
            headingLevel={3}
          />
        </div>
      </section>
      <section aria-labelledby="preview-page-title" className="preview-section">
        <h2 id="preview-page-title" className="preview-section__title">
          Resume page
        </h2>
        <div className="card preview-section__page">
          <ResumeView resume={resume} headingLevel={3} interactive={false} />
        </div>
      </section>
      <WizardNav backTo={paths.postResumeStep('resume', userUuid)}>
        <button
          type="button"
          className="button button--primary"
          onClick={onPublish}
          aria-busy={publish.isPending || undefined}
        >
          {publish.isPending ? 'Publishing…' : 'Publish'}
        </button>
      </WizardNav>
    </div>
  );
}
