import { countryLabel, DEFAULT_JOB_TITLE, type Job, MESSAGES } from '@teacheast/shared';
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSessionUser } from '../../../lib/session';
import { toast, toastError } from '../../../lib/toast';
import { RichText } from '../../../ui/rich-text';
import { RegistrationChecked } from '../../schools/components/registration-checked';
import { useToggleSavedJob } from '../api';
import { CarouselModal } from './carousel-modal';
import { countryImageOf } from './country-images';
import { durationText, formatDate, startLabel } from './job-facts';
import { PayConditionsCard } from './pay-conditions-card';
import { usePostingVisit } from './use-posting-visit';
import './jobs.css';

export interface JobPostingViewProps {
  job: Job;
  /**
   * False in the job wizard's preview: no Save button, no photos dialog, no visit counting, and
   * links shown as text, so the preview looks like the posting without acting like it.
   */
  interactive?: boolean;
  /** The way to apply, above Save: the posting page hands it in from the applications feature. */
  applyAction?: ReactNode;
  /** "Visa and eligibility" (BEYOND §7), after "Pay and conditions": handed in from the eligibility feature. */
  eligibility?: ReactNode;
  /** "Report this job" (BEYOND §9), shown on a live posting only: handed in from the reports feature. */
  reportAction?: ReactNode;
}

function CopyIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <rect x="8" y="8" width="12" height="12" rx="2" fill="none" stroke="currentColor" strokeWidth="2" />
      <path
        d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      />
    </svg>
  );
}

async function copyToClipboard(text: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('E-mail address copied');
  } catch {
    toast.error('Could not copy. Select the address and copy it instead.');
  }
}

function SaveButton({ job }: { job: Job }) {
  const user = useSessionUser();
  const toggle = useToggleSavedJob();
  const isSaved = user !== null && job.favoritedBy.includes(user.uuid);
  // A closed posting can no longer be saved, but one already saved can be let go.
  if (!isSaved && job.status !== 'published') return null;

  const onClick = () => {
    if (!user) {
      toast.error(MESSAGES.mustLogInToSave);
      return;
    }
    if (toggle.isPending) return;
    toggle.mutate(
      { userUuid: user.uuid, jobUuid: job.uuid, save: !isSaved },
      {
        onSuccess: () => toast.success(isSaved ? 'Removed from your saved jobs' : 'Saved to your account'),
        onError: toastError,
      },
    );
  };

  return (
    <button
      type="button"
      className={`button ${isSaved ? 'button--secondary' : 'button--accent'}`}
      aria-busy={toggle.isPending || undefined}
      onClick={onClick}
    >
      {isSaved ? 'Unsave' : 'Save'}
    </button>
  );
}

/**
 * The school the job is posted under (BEYOND §8): a link to its page, "Recruiter" for a recruiter, and
 * the mark of a registration check. (RECRUITER_LABEL's words: the shared module that states them
 * carries zod, which a landing page's first download does without.)
 */
function PostingSchool({ school, interactive }: { school: NonNullable<Job['school']>; interactive: boolean }) {
  return (
    <p className="posting__school-line">
      Posted by {interactive ? <Link to={paths.school(school.slug)}>{school.name}</Link> : <span>{school.name}</span>}
      {school.kind === 'recruiter' && (
        <>
          {' '}
          <span className="recruiter-label">Recruiter</span>
        </>
      )}
      {school.verified && (
        <>
          {' '}
          <RegistrationChecked />
        </>
      )}
    </p>
  );
}

/**
 * On every posting, beside the way to apply (BEYOND §9): the one rule that tells a scam apart, and the
 * page on the others. In the wizard's preview the link is text, as the preview's links are.
 */
function SafetyLine({ interactive }: { interactive: boolean }) {
  return (
    <p className="posting__safety">
      TeachEast never asks teachers for money.{' '}
      {interactive ? <Link to={paths.safety()}>How to spot a job scam</Link> : <span>How to spot a job scam</span>}
    </p>
  );
}

/** The full job posting, shared by /posting/{uuid} and the job wizard's preview. */
export function JobPostingView({
  job,
  interactive = true,
  applyAction,
  eligibility,
  reportAction,
}: JobPostingViewProps) {
  const [isCarouselOpen, setIsCarouselOpen] = useState(false);
  const photosButton = useRef<HTMLButtonElement>(null);
  usePostingVisit(job.uuid, interactive && job.status === 'published');

  const name = job.companyName || 'Untitled job';
  // Held for review after reports (BEYOND §9): closed, with no way to reach the school or apply, even
  // for its owner, whose answer still carries the contact details.
  const isUnderReview = job.underReview;
  // Taken down by TeachEast (BEYOND §9): closed for good, however recently it was posted.
  const isTakenDown = job.takenDown && !isUnderReview;
  const isLive = job.status === 'published' && !isUnderReview && !job.takenDown;
  const showsContact = !isUnderReview;
  const photos = [...(job.thumbnail ? [job.thumbnail] : []), ...job.images];
  const header = job.thumbnail ?? countryImageOf(job.country, true);
  const headerImage = (
    <img
      className="posting__header-image"
      src={header}
      // Decorative: the heading names the school, the button says what it opens.
      alt=""
      width={1280}
      height={720}
      // The largest thing on the page: fetch it before anything else that is waiting.
      fetchPriority="high"
    />
  );

  return (
    <article className="posting" aria-labelledby="posting-title">
      {isUnderReview && (
        <div className="posting__notice posting__notice--review" role="status">
          <strong>Under review.</strong> Teachers reported this job and TeachEast is looking at it. It is not taking
          applications.
        </div>
      )}
      {isTakenDown && (
        <div className="posting__notice posting__notice--closed" role="status">
          <strong>This job was taken down by TeachEast</strong> and no longer takes applications.
        </div>
      )}
      {job.status === 'expired' && !isUnderReview && !isTakenDown && (
        <div className="posting__notice posting__notice--closed" role="status">
          <strong>This job is closed.</strong> It was posted more than 45 days ago and no longer takes applications.
        </div>
      )}
      {job.status === 'unpublished' && !isUnderReview && !isTakenDown && (
        <div className="posting__notice" role="status">
          <strong>This job is not published yet.</strong> Only you can see it.
        </div>
      )}

      <div className="posting__header">
        {interactive && photos.length > 0 ? (
          <button
            ref={photosButton}
            type="button"
            className="posting__header-button"
            onClick={() => setIsCarouselOpen(true)}
          >
            {headerImage}
            <span className="posting__photos-label">View photos ({photos.length})</span>
          </button>
        ) : (
          headerImage
        )}
      </div>

      <div className="posting__layout">
        <div className="posting__main">
          <h1 id="posting-title" className="posting__title">
            <span className="posting__job-title">{job.title || DEFAULT_JOB_TITLE}</span>{' '}
            <span className="posting__school">{name}</span>
          </h1>
          <p className="posting__place">
            {job.city}
            {job.city && ', '}
            {countryLabel(job.country)}
          </p>
          {job.school && <PostingSchool school={job.school} interactive={interactive} />}
          <RichText className="prose posting__description" html={job.descriptionHTML} inert={!interactive} />
          <PayConditionsCard terms={job.terms} />
          {eligibility}
        </div>

        <aside className="posting__aside" aria-label="Job details">
          {interactive && (
            <div className="posting__actions">
              {!isUnderReview && applyAction}
              <SaveButton job={job} />
            </div>
          )}
          <SafetyLine interactive={interactive} />
          <dl className="posting__facts">
            {job.pay && (
              <div>
                {/* Beside a contract sheet, the school's free text is its notes on the pay. */}
                <dt>{job.terms ? 'Pay notes' : 'Pay'}</dt>
                <dd>{job.pay}</dd>
              </div>
            )}
            <div>
              <dt>Student age group</dt>
              <dd>{job.ageGroup}</dd>
            </div>
            <div>
              <dt>Class size</dt>
              <dd>{job.classSize}</dd>
            </div>
            <div>
              <dt>Start date</dt>
              <dd>{startLabel(job.startDate)}</dd>
            </div>
            <div>
              <dt>Contract</dt>
              <dd>{durationText(job.duration)}</dd>
            </div>
            {showsContact && job.phone && (
              <div>
                <dt>Phone</dt>
                <dd>{interactive ? <a href={`tel:${job.phone.replace(/[^+\d]/g, '')}`}>{job.phone}</a> : job.phone}</dd>
              </div>
            )}
            {/* Empty for everyone but the owner when an operator closed the job (held or taken down). */}
            {showsContact && job.email && (
              <div>
                <dt>E-mail</dt>
                <dd className="posting__email">
                  {interactive ? (
                    <>
                      <a href={`mailto:${job.email}`}>{job.email}</a>
                      <button
                        type="button"
                        className="posting__copy"
                        aria-label={`Copy e-mail address ${job.email}`}
                        title="Copy e-mail address"
                        onClick={() => void copyToClipboard(job.email)}
                      >
                        <CopyIcon />
                      </button>
                    </>
                  ) : (
                    <span>{job.email}</span>
                  )}
                </dd>
              </div>
            )}
            {showsContact && job.link && (
              <div>
                <dt>Website</dt>
                <dd className="posting__website">
                  {interactive ? (
                    <a href={job.link} target="_blank" rel="noopener noreferrer">
                      {job.link.replace(/^https:\/\//, '')}
                      <span className="visually-hidden"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <span>{job.link.replace(/^https:\/\//, '')}</span>
                  )}
                </dd>
              </div>
            )}
            {job.publishedDate && (
              <div>
                <dt>Posted</dt>
                <dd>{formatDate(job.publishedDate)}</dd>
              </div>
            )}
          </dl>
          {interactive && isLive && reportAction}
        </aside>
      </div>

      {isCarouselOpen && (
        <CarouselModal
          images={photos}
          title={name}
          returnFocusTo={photosButton}
          onClose={() => setIsCarouselOpen(false)}
        />
      )}
    </article>
  );
}
