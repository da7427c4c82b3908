// The account page's "Your resume": whether it is published, the ways to see and edit it, who sees it
// (the privacy form) and who opened it. The resume itself comes from the page, which loads it anyway
// to know whether the account is a teacher's.
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ResumePrivacyForm } from './resume-privacy-form';
import { ResumeViews } from './resume-views';
import '../resume-privacy.css';

const RESUME_SECTION_ID = 'your-resume';

interface ResumeFacts {
  uuid: string;
  published: boolean;
}

interface ResumeSectionProps {
  userUuid: string;
  /** The person's resume, or null when they have not started one. */
  resume: ResumeFacts | null;
  /** Why the resume could not be read, when it could not (it may exist: nothing else is shown). */
  loadError?: string;
}

export function ResumeSection({ userUuid, resume, loadError }: ResumeSectionProps) {
  return (
    <section id={RESUME_SECTION_ID} className="account-resume" aria-labelledby="account-resume-title">
      <h2 id="account-resume-title">Your resume</h2>
      {loadError ? (
        <p role="alert">{loadError}</p>
      ) : resume === null ? (
        <div className="card account-resume__status">
          <p>
            You have no resume yet. Schools find teachers on the Resume Board, and read the resume of everyone who
            applies to their jobs.
          </p>
          <p className="card__actions">
            <Link className="button button--primary" to={paths.postResumeStep('details', userUuid)}>
              Post your resume
            </Link>
          </p>
        </div>
      ) : (
        <>
          <div className="card account-resume__status">
            {resume.published ? (
              <p>
                <strong>Published.</strong> You can change it at any time; who sees it is up to you, below.
              </p>
            ) : (
              <p>
                <strong>Not published yet:</strong> no school can see it. Finish it and press Publish on its last step.
              </p>
            )}
            <p className="card__actions">
              <Link className="button button--primary" to={paths.postResumeStep('details', userUuid)}>
                Edit your resume
              </Link>
              {resume.published ? (
                <Link className="button button--secondary" to={paths.resume(resume.uuid)}>
                  View your resume
                </Link>
              ) : (
                <Link className="button button--secondary" to={paths.postResumeStep('preview', userUuid)}>
                  Preview and publish
                </Link>
              )}
            </p>
          </div>
          <div className="card">
            <ResumePrivacyForm userUuid={userUuid} />
          </div>
          <div className="card">
            <ResumeViews userUuid={userUuid} />
          </div>
        </>
      )}
    </section>
  );
}
