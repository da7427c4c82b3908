// The posting page's way to apply (BEYOND §5). Part of the posting page's own code, so it holds only
// what a visitor sees: "Log in to apply" (the server's render is the anonymous visitor's). A member's
// controls, which ask the server about their resume and applications, load after the page; the
// dialog's code when Apply is pressed.
import type { Job } from '@teacheast/shared';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { useSessionUser } from '../../../lib/session';

const ApplyControls = lazy(() => import('./apply-controls').then((module) => ({ default: module.ApplyControls })));

export function ApplyOffer({ job }: { job: Job }) {
  const user = useSessionUser();
  // A closed or unpublished posting takes no applications.
  if (job.status !== 'published') return null;
  if (!user) {
    return (
      <Link className="button button--primary" to={paths.login()}>
        Log in to apply
      </Link>
    );
  }
  return (
    <Suspense>
      <ApplyControls job={job} userUuid={user.uuid} />
    </Suspense>
  );
}
