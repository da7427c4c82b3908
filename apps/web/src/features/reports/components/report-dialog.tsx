// The report form in a dialog (BEYOND §9): what is wrong, as one of REPORT_REASONS, and what the
// visitor saw. Checked here with the schema the server uses, so a message is written once; sent, the
// server's thanks shows as a toast and the dialog closes. Loaded only when "Report this job" is pressed.
import {
  REPORT_DETAILS_MAX,
  REPORT_DETAILS_MIN,
  REPORT_REASONS,
  ReportCreateSchema,
  type ReportReason,
} from '@teacheast/shared';
import { useId, useRef, useState, type FormEvent, type RefObject } from 'react';
import { isApiError } from '../../../lib/api-error';
import { toast } from '../../../lib/toast';
import { ModalDialog } from '../../../ui/modal-dialog';
import { SubmitButton } from '../../../ui/submit-button';
import { useReportJob } from '../api';
import '../reports.css';

interface ReportDialogProps {
  jobUuid: string;
  /** The posting in words ("Kindergarten Teacher at Sakura English"), for the form's lead. */
  jobName: string;
  /** The button that opened the dialog: it takes the focus back. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  onClose: () => void;
}

interface FieldErrors {
  reason?: string;
  details?: string;
}

const count = (n: number) => n.toLocaleString('en');

/** The first message the schema gives each field. */
function fieldErrorsOf(issues: readonly { path: readonly PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = issue.path[0];
    if ((field === 'reason' || field === 'details') && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}

export function ReportDialog({ jobUuid, jobName, returnFocusTo, onClose }: ReportDialogProps) {
  const [reason, setReason] = useState<ReportReason | ''>('');
  const [details, setDetails] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const report = useReportJob(jobUuid);
  const id = useId();
  const reasonsRef = useRef<HTMLFieldSetElement>(null);
  const detailsRef = useRef<HTMLTextAreaElement>(null);
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const reasonErrorId = `${id}-reason-error`;
  const detailsErrorId = `${id}-details-error`;

  // A refusal the fields cannot show: already reported, too many reports, the job gone, the network.
  const failure = report.error;
  const hasFieldErrors = errors.reason !== undefined || errors.details !== undefined;
  const failureMessage =
    failure && !(isApiError(failure) && failure.fields && hasFieldErrors)
      ? isApiError(failure)
        ? failure.message
        : 'Something went wrong. Please try again.'
      : null;

  /** Takes the visitor to the first field to correct. */
  const focusFirstInvalid = (found: FieldErrors) => {
    if (found.reason) reasonsRef.current?.querySelector<HTMLInputElement>('input')?.focus();
    else if (found.details) detailsRef.current?.focus();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (report.isPending) return;
    const checked = ReportCreateSchema.safeParse({ reason, details });
    if (!checked.success) {
      const found = fieldErrorsOf(checked.error.issues);
      setErrors(found);
      report.reset();
      focusFirstInvalid(found);
      return;
    }
    setErrors({});
    report.mutate(checked.data, {
      onSuccess: (result) => {
        toast.success(result.message);
        onClose();
      },
      onError: (error) => {
        if (!isApiError(error) || !error.fields) return;
        const found = { reason: error.fields.reason, details: error.fields.details };
        setErrors(found);
        focusFirstInvalid(found);
      },
    });
  };

  return (
    <ModalDialog
      title="Report this job"
      closeLabel="Close the report form"
      className="report-dialog"
      returnFocusTo={returnFocusTo}
      onClose={onClose}
    >
      <form className="report-form" aria-label="Report this job" onSubmit={onSubmit} noValidate>
        <p className="report-form__lead">
          Tell TeachEast what is wrong with {jobName}. You do not need an account to report it.
        </p>
        <fieldset
          ref={reasonsRef}
          className={`report-form__reasons${errors.reason ? ' report-form__reasons--invalid' : ''}`}
          aria-describedby={errors.reason ? reasonErrorId : undefined}
        >
          <legend className="field__label">What is wrong?</legend>
          <div className="report-form__choices">
            {REPORT_REASONS.map((choice) => (
              <label key={choice.value} className="report-form__choice">
                <input
                  type="radio"
                  name={`${id}-reason`}
                  value={choice.value}
                  checked={reason === choice.value}
                  aria-invalid={errors.reason ? true : undefined}
                  onChange={() => {
                    setReason(choice.value);
                    setErrors((current) => ({ ...current, reason: undefined }));
                  }}
                />{' '}
                {choice.label}
              </label>
            ))}
          </div>
          {errors.reason && (
            <p className="field__error" id={reasonErrorId}>
              {errors.reason}
            </p>
          )}
        </fieldset>
        <div className={errors.details ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={`${id}-details`}>
            What did you see?
          </label>
          <p className="field__hint" id={hintId}>
            At least {REPORT_DETAILS_MIN} characters: what the posting or the school asked of you, and when.
          </p>
          <textarea
            ref={detailsRef}
            id={`${id}-details`}
            className="field__control field__control--multiline report-form__details"
            rows={6}
            maxLength={REPORT_DETAILS_MAX}
            aria-invalid={errors.details ? true : undefined}
            aria-describedby={[hintId, errors.details ? detailsErrorId : '', countId].filter(Boolean).join(' ')}
            value={details}
            onChange={(event) => setDetails(event.target.value)}
          />
          {errors.details && (
            <p className="field__error" id={detailsErrorId}>
              {errors.details}
            </p>
          )}
        </div>
        <p id={countId} className="report-form__count">
          {count(details.length)} of {count(REPORT_DETAILS_MAX)} characters
        </p>
        {failureMessage && (
          <p className="report-form__error" role="alert">
            {failureMessage}
          </p>
        )}
        <SubmitButton isPending={report.isPending}>Send report</SubmitButton>
      </form>
    </ModalDialog>
  );
}
