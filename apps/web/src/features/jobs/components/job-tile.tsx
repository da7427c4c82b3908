import {
  DEFAULT_JOB_TITLE,
  TERMS_LABELS,
  countryLabel,
  type JobTile as JobTileData,
  type Keywords,
  type TermsBadge,
  type TileSalary,
} from '@teacheast/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { countryImageOf } from './country-images';
import { Highlighted } from './highlighted';
import { durationText, publishedAgo, startLabel } from './job-facts';
import './jobs.css';

/**
 * 2500000 as "2,500,000". Written out rather than with Intl: the first Intl formatter a page builds
 * loads the locale data on the main thread (lib/dates.ts), and the amounts are whole numbers.
 */
export function withThousands(amount: number): string {
  return String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/** "KRW 2,300,000–2,700,000 a month", or "KRW 2,300,000 a month" without a top of the range. */
function tileSalaryText({ currency, min, max, period }: TileSalary): string {
  const amount = max === null || max === min ? withThousands(min) : `${withThousands(min)}–${withThousands(max)}`;
  return `${currency} ${amount} ${TERMS_LABELS.period[period]}`;
}

/** A badge's words: said in text, never by colour alone. */
const BADGE_LABELS: Record<TermsBadge, string> = { housing: 'Housing', flights: 'Flights', visa: 'Visa' };

export interface JobTileProps {
  job: JobTileData;
  /** When false (the job wizard's preview) the tile is a picture of itself: no link. */
  interactive?: boolean;
  /** Heading level of the company name, so the tile fits the page's outline. */
  headingLevel?: 2 | 3;
  /** Extra controls under the tile, e.g. the saved list's Unsave button. */
  actions?: ReactNode;
  /** The first tiles are in view at once: load their pictures at once, the rest when scrolled to. */
  eager?: boolean;
  /** A keyword search's words, marked in the title. */
  keywords?: Keywords | null;
  /** What the teacher's facts say of the job ("You qualify"), under its badges. */
  eligibility?: ReactNode;
}

/**
 * One search result. Only the title and school name are a link, stretched over the card with CSS,
 * so a screen reader hears a short link name and the facts as plain text.
 */
export function JobTile({
  job,
  interactive = true,
  headingLevel = 2,
  actions,
  eager = false,
  keywords = null,
  eligibility,
}: JobTileProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = job.companyName || 'Untitled job';
  // The contract sheet's salary when there is one; otherwise the school's own pay notes.
  const pay = job.salary ? tileSalaryText(job.salary) : job.pay;
  const badges = job.badges.slice(0, 3);
  const heading = (
    <>
      <span className="job-tile__title">
        <Highlighted text={job.title || DEFAULT_JOB_TITLE} keywords={keywords} />
      </span>{' '}
      <span className="job-tile__school">{name}</span>
    </>
  );
  return (
    <article className={`job-tile${interactive ? ' job-tile--interactive' : ''}`}>
      <img
        className="job-tile__image"
        src={job.thumbnail ?? countryImageOf(job.country, eager)}
        alt=""
        width={480}
        height={270}
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : 'auto'}
        decoding="async"
      />
      <div className="job-tile__body">
        <Heading className="job-tile__name">
          {interactive ? (
            <Link className="job-tile__link" to={paths.posting(job.uuid)}>
              {heading}
            </Link>
          ) : (
            heading
          )}
        </Heading>
        {/* RECRUITER_LABEL's words: the shared module that states them carries zod, which /jobs's
            first download must not (docs/decisions/014-jobs-first-load-budget.md). */}
        {job.school?.kind === 'recruiter' && <p className="job-tile__recruiter recruiter-label">Recruiter</p>}
        <p className="job-tile__place">
          {job.city}, {countryLabel(job.country)}
        </p>
        <dl className="job-tile__facts">
          <div>
            <dt>Students</dt>
            <dd>{job.ageGroup}</dd>
          </div>
          {pay && (
            <div className="job-tile__fact--wide">
              <dt>Pay</dt>
              <dd>{pay}</dd>
            </div>
          )}
          <div>
            <dt>Starts</dt>
            <dd>{startLabel(job.startDate)}</dd>
          </div>
          <div>
            <dt>Contract</dt>
            <dd>{durationText(job.duration)}</dd>
          </div>
          <div>
            <dt>Class size</dt>
            <dd>{job.classSize}</dd>
          </div>
        </dl>
        {badges.length > 0 && (
          <ul className="job-tile__badges" aria-label="The school gives">
            {badges.map((badge) => (
              <li key={badge} className="job-tile__badge">
                {BADGE_LABELS[badge]}
              </li>
            ))}
          </ul>
        )}
        {eligibility}
        <p className="job-tile__date">
          {job.publishedDate ? `Posted ${publishedAgo(job.publishedDate)}` : 'Not published yet'}
        </p>
      </div>
      {actions && <div className="job-tile__actions">{actions}</div>}
    </article>
  );
}
