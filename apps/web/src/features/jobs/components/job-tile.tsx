import { DEFAULT_JOB_TITLE, countryLabel, type JobTile as JobTileData, type Keywords } from '@teacheast/shared';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { countryImageOf } from './country-images';
import { Highlighted } from './highlighted';
import { durationText, publishedAgo, startLabel } from './job-facts';
import './jobs.css';

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
}: JobTileProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = job.companyName || 'Untitled job';
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
        <p className="job-tile__place">
          {job.city}, {countryLabel(job.country)}
        </p>
        <dl className="job-tile__facts">
          <div>
            <dt>Students</dt>
            <dd>{job.ageGroup}</dd>
          </div>
          {job.pay && (
            <div>
              <dt>Pay</dt>
              <dd>{job.pay}</dd>
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
        <p className="job-tile__date">
          {job.publishedDate ? `Posted ${publishedAgo(job.publishedDate)}` : 'Not published yet'}
        </p>
      </div>
      {actions && <div className="job-tile__actions">{actions}</div>}
    </article>
  );
}
