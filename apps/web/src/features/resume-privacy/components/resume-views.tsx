// "Who viewed my resume" (BEYOND §11): the schools and companies that opened the resume or its PDF,
// newest first, each once a day; a school with a page links to it.
import type { ResumeView } from '@teacheast/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { Spinner } from '../../../ui/spinner';
import { useResumeViews } from '../api';
import '../resume-privacy.css';

const NO_VIEWS_MESSAGE = 'No school has opened your resume yet.';

/** The day of a view in the reader's own words for dates (the account page is never rendered ahead). */
function dayOf(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

function Viewer({ view }: { view: ResumeView }) {
  const { name, school } = view.viewer;
  return (
    <li className="resume-views__view">
      {school ? (
        <Link className="resume-views__name" to={paths.school(school)}>
          {name}
        </Link>
      ) : (
        <span className="resume-views__name">{name}</span>
      )}{' '}
      <time className="resume-views__day" dateTime={view.at}>
        {dayOf(view.at)}
      </time>
    </li>
  );
}

export function ResumeViews({ userUuid }: { userUuid: string }) {
  const titleId = useId();
  const views = useResumeViews(userUuid);
  return (
    <div className="resume-views">
      <h3 id={titleId} className="resume-views__title">
        Who viewed my resume
      </h3>
      {views.isPending ? (
        <Spinner label="Loading who viewed your resume" />
      ) : views.isError ? (
        <p role="alert">{views.error.message}</p>
      ) : views.data.length === 0 ? (
        <p>{NO_VIEWS_MESSAGE}</p>
      ) : (
        <ul className="resume-views__list" aria-labelledby={titleId}>
          {views.data.map((view) => (
            <Viewer key={`${view.viewer.school ?? view.viewer.name}-${view.at}`} view={view} />
          ))}
        </ul>
      )}
    </div>
  );
}
