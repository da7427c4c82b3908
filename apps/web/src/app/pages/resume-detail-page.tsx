import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useResume } from '../../features/resumes/api';
import { ResumeView } from '../../features/resumes/components/resume-view';
import '../../features/resumes/resumes.css';
import { isApiError } from '../../lib/api-error';
import { FullPageSpinner } from '../../ui/spinner';
import { Page } from '../../ui/page';
import { usePageTitle } from '../../ui/use-page-title';

/** /resume/{resumeUuid}: readable by its owner and by subscribers; the server decides. */
export function ResumeDetailPage() {
  const { resumeUuid = '' } = useParams();
  const resume = useResume(resumeUuid);
  usePageTitle(resume.data?.name ? `${resume.data.name} – Resume` : 'Resume');

  useEffect(() => {
    window.scrollTo(0, 0);
  }, [resumeUuid]);

  if (resume.isPending) return <FullPageSpinner label="Loading the resume" />;
  if (resume.isError) {
    const error = resume.error;
    if (isApiError(error) && error.errorType === 'SUBSCRIPTION_REQUIRED') {
      return (
        <Page title="Resume Board subscription needed" width="medium">
          <div className="card">
            <p>{error.message} Teachers' resumes are open to schools with an active Resume Board subscription.</p>
            <p className="card__actions">
              <Link className="button button--primary" to={paths.subscription()}>
                Subscribe to Resume Board
              </Link>
            </p>
          </div>
        </Page>
      );
    }
    return (
      <Page title="Resume not found" width="medium">
        <p role="alert">{error.message}</p>
        <p>
          <Link to={paths.home()}>Go to the home page</Link>
        </p>
      </Page>
    );
  }
  return (
    <div className="page page--medium">
      <div className="card">
        <ResumeView resume={resume.data} />
      </div>
    </div>
  );
}
