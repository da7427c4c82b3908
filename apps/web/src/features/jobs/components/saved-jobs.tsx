import { COMPARE_MAX, DEFAULT_JOB_TITLE, type JobTile as JobTileData } from '@teacheast/shared';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { COMPARE_CHOICE_STORAGE_KEY } from '../../../config/storage-keys';
import { toastError } from '../../../lib/toast';
import { useSessionUser } from '../../../lib/session';
import { Spinner } from '../../../ui/spinner';
import { useSavedJobs, useToggleSavedJob } from '../api';
import { SAVED_JOBS_ID, comparePath } from '../compare-api';
import { JobTile } from './job-tile';
import './jobs.css';
import './compare-table.css';

/** Fewer than two jobs is nothing to compare. */
const COMPARE_MIN = 2;

/**
 * The account page's 'Saved jobs' list, with an Unsave button per job and, from two saved jobs on,
 * a tick per job to compare 2 to 4 of them side by side (BEYOND §6).
 */
export function SavedJobs() {
  const user = useSessionUser();
  if (!user) return null;
  return <SavedJobsOf userUuid={user.uuid} />;
}

/** The jobs ticked in this tab, kept so that Back from the comparison finds them still ticked. */
function readChoice(): string[] {
  try {
    const stored: unknown = JSON.parse(window.sessionStorage.getItem(COMPARE_CHOICE_STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((id): id is string => typeof id === 'string') : [];
  } catch {
    return [];
  }
}

function storeChoice(ids: readonly string[]): void {
  try {
    window.sessionStorage.setItem(COMPARE_CHOICE_STORAGE_KEY, JSON.stringify(ids));
  } catch {
    // Storage full or refused: the choice lasts as long as the page, which is all it needs.
  }
}

function SavedJobsOf({ userUuid }: { userUuid: string }) {
  const saved = useSavedJobs(userUuid);
  const toggle = useToggleSavedJob();

  const unsave = (job: JobTileData) => (
    <button
      type="button"
      className="button button--secondary"
      aria-label={`Unsave ${job.companyName}`}
      onClick={() => toggle.mutate({ userUuid, jobUuid: job.uuid, save: false }, { onError: toastError })}
    >
      Unsave
    </button>
  );

  return (
    <section id={SAVED_JOBS_ID} className="saved-jobs" aria-labelledby="saved-jobs-title">
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
      {saved.data && saved.data.length === 1 && (
        <>
          <p className="compare-choice__hint">Save one more job to compare them side by side.</p>
          <JobGrid jobs={saved.data} actions={unsave} />
        </>
      )}
      {saved.data && saved.data.length >= COMPARE_MIN && <CompareChoice jobs={saved.data} unsave={unsave} />}
    </section>
  );
}

function JobGrid({ jobs, actions }: { jobs: readonly JobTileData[]; actions: (job: JobTileData) => ReactNode }) {
  return (
    <ul className="job-grid">
      {jobs.map((job) => (
        <li key={job.uuid}>
          <JobTile job={job} headingLevel={3} actions={actions(job)} />
        </li>
      ))}
    </ul>
  );
}

/** What the Compare button waits for, or what it will do. */
function choiceStatus(count: number): string {
  if (count === 0) return `Choose ${COMPARE_MIN} to ${COMPARE_MAX} jobs to compare.`;
  if (count < COMPARE_MIN) return `1 job chosen: choose at least ${COMPARE_MIN - count} more to compare.`;
  if (count === COMPARE_MAX) return `${count} jobs chosen, the most you can compare at once.`;
  return `${count} jobs chosen.`;
}

/**
 * The saved jobs with a tick each and a Compare button, which goes to /compare with the ticked jobs
 * in the order of the list. Compare stays disabled, saying why, until two are ticked; a fifth tick is
 * refused with a message, so the comparison never asks for more than the API compares.
 */
function CompareChoice({ jobs, unsave }: { jobs: readonly JobTileData[]; unsave: (job: JobTileData) => ReactNode }) {
  const navigate = useNavigate();
  const statusId = useId();
  const [ticked, setTicked] = useState<readonly string[]>(readChoice);
  const [isRefusingMore, setRefusingMore] = useState(false);
  // A job unsaved since it was ticked is no longer chosen (nor more than the most, from an old tab).
  const chosen = jobs
    .filter((job) => ticked.includes(job.uuid))
    .map((job) => job.uuid)
    .slice(0, COMPARE_MAX);
  const canCompare = chosen.length >= COMPARE_MIN;

  const tick = (uuid: string, isTicked: boolean) => {
    if (isTicked && chosen.length >= COMPARE_MAX) {
      // The box stays unticked (it shows `ticked`), and the message says why.
      setRefusingMore(true);
      return;
    }
    setRefusingMore(false);
    const next = isTicked ? [...chosen, uuid] : chosen.filter((id) => id !== uuid);
    setTicked(next);
    storeChoice(next);
  };

  const compare = (event: FormEvent) => {
    event.preventDefault();
    if (canCompare) navigate(comparePath(chosen));
  };

  return (
    <form onSubmit={compare} noValidate>
      <fieldset className="compare-choice">
        <legend className="compare-choice__legend">Choose jobs to compare</legend>
        <p className="compare-choice__hint">
          Tick {COMPARE_MIN} to {COMPARE_MAX} jobs to see their pay and conditions side by side.
        </p>
        <JobGrid
          jobs={jobs}
          actions={(job) => (
            <>
              <label className="compare-choice__tick">
                <input
                  type="checkbox"
                  checked={chosen.includes(job.uuid)}
                  onChange={(event) => tick(job.uuid, event.target.checked)}
                />
                Compare{' '}
                <span className="visually-hidden">
                  {job.title || DEFAULT_JOB_TITLE} at {job.companyName}
                </span>
              </label>
              {unsave(job)}
            </>
          )}
        />
        <div className="compare-choice__bar">
          <button
            type="submit"
            className="button button--primary compare-choice__submit"
            // Not `disabled`: the button stays in the tab order, where its description says what it waits for.
            aria-disabled={!canCompare || undefined}
            aria-describedby={statusId}
          >
            Compare
          </button>
          <p id={statusId} className="compare-choice__status" aria-live="polite">
            {choiceStatus(chosen.length)}
          </p>
          {isRefusingMore && (
            <p className="compare-choice__limit" role="alert">
              You can compare at most {COMPARE_MAX} jobs. Untick one to choose another.
            </p>
          )}
        </div>
      </fieldset>
    </form>
  );
}
