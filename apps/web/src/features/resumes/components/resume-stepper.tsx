import { Link } from 'react-router';
import { paths, RESUME_WIZARD_STEPS, type ResumeWizardStep } from '../../../config/paths';

export const RESUME_STEP_TITLES: Record<ResumeWizardStep, string> = {
  details: 'Resume Details',
  'profile-image': 'Profile Image',
  resume: 'Resume or Rich Text',
  preview: 'Preview',
};

/** The wizard's progress: done steps are circles that lead back, later steps are not links yet. */
export function ResumeStepper({ step, userUuid }: { step: ResumeWizardStep; userUuid: string }) {
  const current = RESUME_WIZARD_STEPS.indexOf(step);
  return (
    <nav className="stepper" aria-label="Resume steps">
      <ol className="stepper__list">
        {RESUME_WIZARD_STEPS.map((s, index) => {
          const state = index < current ? 'done' : index === current ? 'current' : 'todo';
          const content = (
            <>
              <span className="stepper__circle" aria-hidden="true">
                {index + 1}
              </span>
              <span className="stepper__label">{RESUME_STEP_TITLES[s]}</span>
            </>
          );
          return (
            <li key={s} className={`stepper__step stepper__step--${state}`}>
              {state === 'done' ? (
                <Link className="stepper__link" to={paths.postResumeStep(s, userUuid)}>
                  {content}
                  <span className="visually-hidden"> (done, go back to this step)</span>
                </Link>
              ) : (
                <span className="stepper__link" aria-current={state === 'current' ? 'step' : undefined}>
                  {content}
                  {state === 'todo' && <span className="visually-hidden"> (not yet)</span>}
                </span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
