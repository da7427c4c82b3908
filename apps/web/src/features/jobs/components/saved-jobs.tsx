import { toastError } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/session';
import { Spinner } from '../../../ui/spinner';
import { useSavedJobs, useToggleSavedJob } from '../api';
import { JobTile } from './job-tile';
import './jobs.css';

/** The account page's 'Saved jobs' list, with an Unsave button per job. */
export function SavedJobs() {
  const user = useSessionUser();
  if (!user) return null;
  return <SavedJobsOf userUuid={user.uuid} />;
}

function SavedJobsOf({ userUuid }: { userUuid: string }) {
  const saved = useSavedJobs(userUuid);
  const toggle = useToggleSavedJob();

  return (
    <section className="saved-jobs" aria-labelledby="saved-jobs-title">
      <h2 id="saved-jobs-title" className="saved-jobs__title">
        Saved jobs
      </h2>
      {saved.isPending && <Spinner label="Loading your saved jobs" />}
      {saved.isError && (
        <p className="jobs-error" role="alert">
          {saved.error.message}
        </p>
      )}
      {saved.data && saved.data.length === 0 && <p className="saved-jobs__empty">You have no jobs saved</p>}
      {saved.data && saved.data.length > 0 && (
        <ul className="job-grid">
          {saved.data.map((job) => (
            <li key={job.uuid}>
              <JobTile
                job={job}
                headingLevel={3}
                actions={
                  <button
                    type="button"
                    className="button button--secondary"
                    aria-label={`Unsave ${job.companyName}`}
                    onClick={() => toggle.mutate({ userUuid, jobUuid: job.uuid, save: false }, { onError: toastError })}
                  >
                    Unsave
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
