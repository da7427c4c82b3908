// A school's public profile (BEYOND §8): who it is, where, what it has shown TeachEast (its checks,
// since when it hires here, how many jobs it posted) and its own words. Its jobs are the page's.
import { RECRUITER_LABEL, schoolKindLabel, type SchoolPageAnswer } from '@teacheast/shared';
import { longUtcDate } from '../../../lib/dates';
import { ExternalLink } from '../../../ui/external-link';
import { RichText } from '../../../ui/rich-text';
import { jobsPostedText, schoolPlace, websiteText } from '../school-words';
import { RegistrationChecked } from './registration-checked';
import '../schools.css';

export function SchoolProfile({ answer }: { answer: SchoolPageAnswer }) {
  const { school, jobsPosted, since, verifications } = answer;
  const isRecruiter = school.kind === 'recruiter';
  return (
    <article className="school-profile" aria-labelledby="school-name">
      <header className="school-profile__header">
        {school.logo && (
          // The name beside it says who it is: the logo adds nothing to read aloud.
          <img className="school-profile__logo" src={school.logo} alt="" width={112} height={112} />
        )}
        <div className="school-profile__heading">
          <h1 id="school-name" className="school-profile__name">
            {school.name}
          </h1>
          <p className="school-profile__kind">
            {isRecruiter ? (
              <>
                <span className="recruiter-label">{RECRUITER_LABEL}</span> A recruiter hires teachers for other schools.
              </>
            ) : (
              schoolKindLabel(school.kind)
            )}
          </p>
          <p className="school-profile__place">{schoolPlace(school)}</p>
        </div>
      </header>

      {verifications.length > 0 && (
        <ul className="school-profile__checks" aria-label="Checks by TeachEast">
          {verifications.map((check) => (
            <li key={`${check.kind}-${check.checkedAt}`}>
              <RegistrationChecked checkedAt={check.checkedAt} />
            </li>
          ))}
        </ul>
      )}

      <dl className="school-profile__facts">
        {school.website && (
          <div>
            <dt>Website</dt>
            <dd className="school-profile__website">
              <ExternalLink href={school.website}>{websiteText(school.website)}</ExternalLink>
            </dd>
          </div>
        )}
        {school.foundedYear !== null && (
          <div>
            <dt>Founded</dt>
            <dd>{school.foundedYear}</dd>
          </div>
        )}
        {school.foreignTeachers !== null && (
          <div>
            <dt>Foreign teachers</dt>
            <dd>{school.foreignTeachers}</dd>
          </div>
        )}
        <div>
          <dt>On TeachEast</dt>
          <dd>
            {[since && `Hiring on TeachEast since ${longUtcDate(since)}.`, `${jobsPostedText(jobsPosted)}.`]
              .filter(Boolean)
              .join(' ')}
          </dd>
        </div>
      </dl>

      {school.aboutHTML && (
        <section className="school-profile__about" aria-labelledby="school-about-title">
          <h2 id="school-about-title">About {school.name}</h2>
          <RichText className="prose" html={school.aboutHTML} />
        </section>
      )}
    </article>
  );
}
