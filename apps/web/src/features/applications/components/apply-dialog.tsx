// The application form in a dialog: an optional cover letter, and "Send application". Loaded only
// when Apply is pressed.
import { COVER_LETTER_MAX, type Job } from '@teacheast/shared';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { ModalDialog } from '../../../ui/modal-dialog';
import { SubmitButton } from '../../../ui/submit-button';
import { useApply } from '../api';

interface ApplyDialogProps {
  job: Job;
  /** Sent now, or earlier (the server says the member has already applied). */
  onApplied: () => void;
  onClose: () => void;
}

const count = (n: number) => n.toLocaleString('en');

export function ApplyDialog({ job, onApplied, onClose }: ApplyDialogProps) {
  const school = job.companyName || 'the school';
  const [coverLetter, setCoverLetter] = useState('');
  const apply = useApply(job.uuid, {
    onSuccess: () => {
      toast.success(`Application sent to ${school}.`);
      onApplied();
      onClose();
    },
    onError: (failure) => {
      if (isApiError(failure) && failure.errorType === 'ALREADY_APPLIED') {
        toast.success(`You have already applied to ${school}.`);
        onApplied();
        onClose();
      }
    },
  });
  const fieldId = useId();
  const countId = `${fieldId}-count`;
  const error = apply.error;
  const fieldError = isApiError(error) ? error.fields?.coverLetter : undefined;
  const hasNoResume = isApiError(error) && error.errorType === 'NO_RESUME';

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (apply.isPending) return;
    apply.mutate({ coverLetter });
  };

  return (
    <ModalDialog title={`Apply to ${school}`} closeLabel="Close the application form" onClose={onClose}>
      <form className="apply-form" aria-label={`Apply to ${school}`} onSubmit={onSubmit} noValidate>
        <p className="apply-form__lead">{school} will see your published resume, your name and your e-mail address.</p>
        <div className={fieldError ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={fieldId}>
            Cover letter (optional)
          </label>
          <textarea
            id={fieldId}
            aria-invalid={fieldError ? true : undefined}
            aria-describedby={fieldError ? `${fieldId}-error ${countId}` : countId}
            className="field__control field__control--multiline apply-form__letter"
            rows={10}
            maxLength={COVER_LETTER_MAX}
            value={coverLetter}
            onChange={(event) => setCoverLetter(event.target.value)}
          />
          {fieldError && (
            <p className="field__error" id={`${fieldId}-error`}>
              {fieldError}
            </p>
          )}
        </div>
        <p id={countId} className="apply-form__count">
          {count(coverLetter.length)} of {count(COVER_LETTER_MAX)} characters
        </p>
        {error && !fieldError && (
          <p className="apply-form__error" role="alert">
            {hasNoResume ? (
              <>
                Your resume is not published. <Link to={paths.postResume()}>Publish your resume to apply</Link>
              </>
            ) : (
              error.message
            )}
          </p>
        )}
        <SubmitButton isPending={apply.isPending}>Send application</SubmitButton>
      </form>
    </ModalDialog>
  );
}
