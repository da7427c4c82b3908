// Who may open which page: visitors only, members only, or anyone. The server enforces them too; these only keep
// people away from pages that would answer 401/403 anyway.
import { Navigate, Outlet, useParams } from 'react-router';
import { paths, RESUME_WIZARD_STEPS, type ResumeWizardStep } from '../config/paths';
import { useSessionUser } from '../lib/session';

/** Logged-in only; anonymous visitors go to `redirectTo` (the home page unless said otherwise). */
export function RequireUser({ redirectTo = paths.home() }: { redirectTo?: string }) {
  const user = useSessionUser();
  return user ? <Outlet /> : <Navigate to={redirectTo} replace />;
}

/** Login, register and friends are not offered to someone already logged in. */
export function RequireAnonymous() {
  const user = useSessionUser();
  return user ? <Navigate to={paths.home()} replace /> : <Outlet />;
}

/** A path segment that must be one of a fixed list, e.g. a wizard step. */
export function RequireParamIn({
  param,
  values,
  redirectTo,
}: {
  param: string;
  values: readonly string[];
  redirectTo: string;
}) {
  const value = useParams()[param];
  return value !== undefined && values.includes(value) ? <Outlet /> : <Navigate to={redirectTo} replace />;
}

/**
 * The resume wizard works on the visitor's own resume only: a foreign or mistyped user uuid is
 * swapped for their own, a step that does not exist restarts the wizard.
 */
export function RequireOwnResumeStep() {
  const user = useSessionUser();
  const { step, userUuid } = useParams();
  if (!user) return <Navigate to={paths.postResume()} replace />;
  if (!step || !(RESUME_WIZARD_STEPS as readonly string[]).includes(step)) {
    return <Navigate to={paths.postResumeStep('details', user.uuid)} replace />;
  }
  if (userUuid !== user.uuid) {
    return <Navigate to={paths.postResumeStep(step as ResumeWizardStep, user.uuid)} replace />;
  }
  return <Outlet />;
}
