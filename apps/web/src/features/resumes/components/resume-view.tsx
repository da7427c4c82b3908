import type { Resume } from '@teacheast/shared';
import { RichText } from '../../../ui/rich-text';
import { CopyEmail } from './copy-email';
import { ProfilePhoto } from './profile-photo';
import { experienceText } from './resume-facts';

export interface ResumeViewProps {
  resume: Resume;
  /** h1 on the resume page, lower inside the wizard's preview. */
  headingLevel?: 1 | 2 | 3;
  /** The preview shows the page as a picture: links and buttons do nothing there. */
  interactive?: boolean;
}

/** A resume in full, in this order: photo, name and e-mail, the six facts, then the resume text or its PDF. */
export function ResumeView({ resume, headingLevel = 1, interactive = true }: ResumeViewProps) {
  const Heading = (['h1', 'h2', 'h3'] as const)[headingLevel - 1]!;
  const facts: [string, string][] = [
    ['Nationality', resume.nationality],
    ['Education', resume.education],
    ['Experience', experienceText(resume.experience)],
    ['Desired Country', resume.desiredCountry],
    ['Desired Start Date', resume.desiredStartDate],
    ['Desired Age Group', resume.desiredAgeGroup],
  ];
  return (
    <article className="resume-view" inert={!interactive}>
      <header className="resume-view__header">
        <ProfilePhoto src={resume.profileImage} name={resume.name} size={160} />
        <div>
          <Heading className="resume-view__name">{resume.name || 'Your name'}</Heading>
          {resume.email && (
            <p className="resume-view__email">
              <CopyEmail email={resume.email} interactive={interactive} />
            </p>
          )}
        </div>
      </header>
      <dl className="resume-view__facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      <section className="resume-view__resume" aria-label="Resume">
        {resume.resumeUrl ? (
          <p>
            <a className="button button--secondary" href={resume.resumeUrl} target="_blank" rel="noopener noreferrer">
              PDF URL<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        ) : resume.resumeHtml ? (
          <RichText className="resume-html prose" html={resume.resumeHtml} />
        ) : (
          <p className="resume-view__empty">No resume text or PDF yet.</p>
        )}
      </section>
    </article>
  );
}
