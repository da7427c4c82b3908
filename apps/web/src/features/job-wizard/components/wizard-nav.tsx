// The wizard's progress bar, step links (later steps disabled) and Back / Next buttons.
import { Link, useNavigate } from 'react-router';
import { JOB_WIZARD_STEPS, paths, type JobWizardStep } from '../../../config/paths';

export const STEP_TITLES: Record<JobWizardStep, string> = {
  details: 'Job Criteria',
  terms: 'Pay and Conditions',
  description: 'Job Description',
  'image-crop': 'Upload Image Head',
  'carousel-images': 'Carousel Image Upload',
  preview: 'Preview Job Posting',
};

export function WizardProgress({ uuid, step }: { uuid: string; step: JobWizardStep }) {
  const index = JOB_WIZARD_STEPS.indexOf(step);
  const percent = Math.round(((index + 1) / JOB_WIZARD_STEPS.length) * 100);
  return (
    <nav className="wizard-progress" aria-label="Job wizard steps">
      <div
        className="wizard-progress__bar"
        role="progressbar"
        aria-label="Progress"
        aria-valuemin={1}
        aria-valuemax={JOB_WIZARD_STEPS.length}
        aria-valuenow={index + 1}
        aria-valuetext={`Step ${index + 1} of ${JOB_WIZARD_STEPS.length}: ${STEP_TITLES[step]}`}
      >
        <span className="wizard-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      <ol className="wizard-progress__steps">
        {JOB_WIZARD_STEPS.map((s, i) => (
          <li
            key={s}
            className={`wizard-progress__step${i < index ? ' is-done' : ''}${i === index ? ' is-current' : ''}`}
          >
            {i <= index ? (
              <Link to={paths.jobWizard(s, uuid)} aria-current={i === index ? 'step' : undefined}>
                <span className="wizard-progress__number" aria-hidden="true">
                  {i + 1}
                </span>{' '}
                {STEP_TITLES[s]}
              </Link>
            ) : (
              <a aria-disabled="true" role="link" className="wizard-progress__disabled">
                <span className="wizard-progress__number" aria-hidden="true">
                  {i + 1}
                </span>{' '}
                {STEP_TITLES[s]}
              </a>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}

interface WizardNavProps {
  uuid: string;
  step: JobWizardStep;
  isNextDisabled?: boolean;
  /** Runs before moving on (a save); moving on happens only when it resolves to true. */
  beforeNext?: () => Promise<boolean>;
  nextLabel?: string;
  /** Offers "Skip for now": on to the next step without saving (an optional step). */
  canSkip?: boolean;
}

export function WizardNav({ uuid, step, isNextDisabled, beforeNext, nextLabel = 'Next', canSkip }: WizardNavProps) {
  const navigate = useNavigate();
  const index = JOB_WIZARD_STEPS.indexOf(step);
  const previous = JOB_WIZARD_STEPS[index - 1];
  const next = JOB_WIZARD_STEPS[index + 1];
  // Never rejects: beforeNext reports its own failure and resolves to false.
  const goTo = async (to: JobWizardStep) => {
    if (beforeNext && !(await beforeNext())) return;
    navigate(paths.jobWizard(to, uuid));
  };
  return (
    <div className="wizard-nav">
      {previous ? (
        <Link className="button button--secondary" to={paths.jobWizard(previous, uuid)}>
          Back
        </Link>
      ) : (
        <span />
      )}
      {next && (
        <div className="wizard-nav__forward">
          {canSkip && (
            <Link className="button button--secondary" to={paths.jobWizard(next, uuid)}>
              Skip for now
            </Link>
          )}
          <button
            type="button"
            className="button button--primary"
            disabled={isNextDisabled}
            onClick={() => void goTo(next)}
          >
            {nextLabel}
          </button>
        </div>
      )}
    </div>
  );
}
