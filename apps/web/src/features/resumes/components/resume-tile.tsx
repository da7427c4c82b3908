import type { ResumeTile as ResumeTileData } from '@teacheast/shared';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { ProfilePhoto } from './profile-photo';
import { TILE_DEFAULTS, experienceText, updatedAgo } from './resume-facts';

export interface ResumeTileProps {
  resume: ResumeTileData;
  /** When false (the wizard's preview) the tile is a picture of itself: no link. */
  interactive?: boolean;
  headingLevel?: 2 | 3;
}

/** One resume on the board. Only the name is a link, stretched over the card with CSS. */
export function ResumeTile({ resume, interactive = true, headingLevel = 2 }: ResumeTileProps) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const name = resume.name || 'Your name';
  return (
    <article className={`resume-tile${interactive ? ' resume-tile--interactive' : ''}`}>
      <ProfilePhoto src={resume.profileImage} name={resume.name} size={88} />
      <div className="resume-tile__body">
        <Heading className="resume-tile__name">
          {interactive ? (
            <Link className="resume-tile__link" to={paths.resume(resume.uuid)}>
              {name}
            </Link>
          ) : (
            name
          )}
        </Heading>
        <dl className="resume-tile__facts">
          <div>
            <dt>Nationality</dt>
            <dd>{resume.nationality || '—'}</dd>
          </div>
          <div>
            <dt>Experience</dt>
            <dd>{experienceText(resume.experience) || '—'}</dd>
          </div>
          <div>
            <dt>Education</dt>
            <dd>{resume.education || '—'}</dd>
          </div>
          <div>
            <dt>Desired country</dt>
            <dd>{resume.desiredCountry || TILE_DEFAULTS.desiredCountry}</dd>
          </div>
          <div>
            <dt>Start date</dt>
            <dd>{resume.desiredStartDate || TILE_DEFAULTS.desiredStartDate}</dd>
          </div>
          <div>
            <dt>Age group</dt>
            <dd>{resume.desiredAgeGroup || TILE_DEFAULTS.desiredAgeGroup}</dd>
          </div>
        </dl>
        <p className="resume-tile__date">Updated {updatedAgo(resume.lastUpdatedAt)}</p>
      </div>
    </article>
  );
}
