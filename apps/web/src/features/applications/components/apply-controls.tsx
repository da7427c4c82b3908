// A member's controls on a published posting: Apply (opening the dialog), Applied once they have,
// the way to publish a resume first, or, for the job's owner, the way to its applicants.
import type { Job } from '@teacheast/shared';
import { lazy, Suspense, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../ui/spinner';
import { useJobApplications, useMyApplications, useResumeIsPublished } from '../api';
import '../applications.css';

const ApplyDialog = lazy(() => import('./apply-dialog').then((module) => ({ default: module.ApplyDialog })));

interface ApplyControlsProps {
  job: Job;
  userUuid: string;
}

export function ApplyControls({ job, userUuid }: ApplyControlsProps) {
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  const [hasJustApplied, setHasJustApplied] = useState(false);
  // The job's applicant list answers its owner only (404 for anyone else): it tells the owner apart.
  // Any other failure is taken as not the owner: Apply shows, and the server's answer to it says more.
  const applicants = useJobApplications(job.uuid);
  const isNotOwner = applicants.isError;
  const mine = useMyApplications({ enabled: isNotOwner });
  const resume = useResumeIsPublished(userUuid, { enabled: isNotOwner });

  if (applicants.isSuccess) {
    return (
      <Link className="button button--secondary" to={paths.jobApplicants(job.uuid)}>
        Applicants ({applicants.data.length})
      </Link>
    );
  }
  if (applicants.isPending || mine.isPending || resume.isPending) return null;

  const hasApplied = hasJustApplied || (mine.data?.some((application) => application.jobUuid === job.uuid) ?? false);
  if (!hasApplied && resume.data === false) {
    return (
      <p className="apply__note">
        <Link to={paths.postResume()}>Publish your resume to apply</Link>
      </p>
    );
  }

  // One button that becomes "Applied": it keeps the focus the dialog hands back when it closes.
  return (
    <div className="apply">
      <button
        type="button"
        className={`button ${hasApplied ? 'button--secondary' : 'button--primary'}`}
        aria-haspopup={hasApplied ? undefined : 'dialog'}
        aria-disabled={hasApplied || undefined}
        onClick={() => {
          if (!hasApplied) setIsDialogOpen(true);
        }}
      >
        {hasApplied ? 'Applied' : 'Apply'}
      </button>
      {hasApplied && (
        <Link className="apply__note" to={paths.account('applications')}>
          Your applications
        </Link>
      )}
      {isDialogOpen && (
        <Suspense fallback={<Spinner label="Loading the application form" />}>
          <ApplyDialog job={job} onApplied={() => setHasJustApplied(true)} onClose={() => setIsDialogOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
