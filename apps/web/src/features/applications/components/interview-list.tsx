// The interviews of an application (BEYOND §10), newest first: each proposal's times in the reader's
// own time zone and in the school's, the teacher's "Accept" on each while none is chosen, the time
// chosen once one is, and "Cancel the interview" with a reason for either party.
import {
  INTERVIEW_MODES,
  InterviewCancelSchema,
  REQUIRED,
  type Interview,
  type InterviewSlot,
} from '@teacheast/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-error';
import { toast, toastError } from '../../../lib/toast';
import { useAcceptSlot, useCancelInterview } from '../api';
import { localDateTime, timeInBothZones } from '../zoned-time';

const MODE_WORDS = Object.fromEntries(INTERVIEW_MODES.map((mode) => [mode.value, mode.label])) as Record<
  InterviewSlot['mode'],
  string
>;

function slotWords(slot: InterviewSlot, timeZone: string): string {
  return timeInBothZones(slot.startsAt, timeZone);
}

function SlotDetails({ slot }: { slot: InterviewSlot }) {
  return (
    <span className="slot__details">
      {slot.minutes} minutes · {MODE_WORDS[slot.mode]}
      {slot.where ? ` · ${slot.where}` : ''}
    </span>
  );
}

interface InterviewListProps {
  applicationId: string;
  interviews: Interview[];
  as: 'teacher' | 'school';
  /** The interview just proposed: its heading takes the focus. */
  focusId?: string | null;
}

export function InterviewList({ applicationId, interviews, as, focusId }: InterviewListProps) {
  const newestFirst = [...interviews].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
  return (
    <ul className="interviews" aria-label="Interviews">
      {newestFirst.map((interview) => (
        <li key={interview.id}>
          <InterviewCard
            applicationId={applicationId}
            interview={interview}
            as={as}
            isFocused={interview.id === focusId}
          />
        </li>
      ))}
    </ul>
  );
}

const STATUS_WORDS: Record<'teacher' | 'school', Record<Interview['status'], string>> = {
  teacher: { proposed: 'Choose an interview time', accepted: 'Interview arranged', cancelled: 'Interview cancelled' },
  school: {
    proposed: 'Times proposed: waiting for the teacher',
    accepted: 'Interview arranged',
    cancelled: 'Interview cancelled',
  },
};

interface InterviewCardProps {
  applicationId: string;
  interview: Interview;
  as: 'teacher' | 'school';
  isFocused: boolean;
}

function InterviewCard({ applicationId, interview, as, isFocused }: InterviewCardProps) {
  const accept = useAcceptSlot(applicationId);
  const [isCancelling, setIsCancelling] = useState(false);
  const [gone, setGone] = useState<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const cancelButtonRef = useRef<HTMLButtonElement>(null);
  const headingId = useId();
  const accepted = interview.slots.find((slot) => slot.id === interview.acceptedSlotId);
  const canAccept = as === 'teacher' && interview.status === 'proposed';
  const canCancel = interview.status !== 'cancelled';

  useEffect(() => {
    if (isFocused) headingRef.current?.focus();
  }, [isFocused]);

  const onAccept = (slot: InterviewSlot) => {
    if (accept.isPending) return;
    setGone(null);
    accept.mutate(slot.id, {
      onSuccess: () => {
        toast.success(`Interview arranged: ${slotWords(slot, interview.timeZone)}.`);
        // The Accept buttons are gone: the heading says what holds now.
        headingRef.current?.focus();
      },
      onError: (failure) => {
        if (isApiError(failure) && failure.errorType === 'SLOT_GONE') setGone(failure.message);
        else toastError(failure);
      },
    });
  };

  return (
    <article className={`interview card interview--${interview.status}`} aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={-1} className="interview__title">
        {STATUS_WORDS[as][interview.status]}
      </h3>
      <p className="interview__meta">
        Proposed {localDateTime(interview.createdAt)}. Times in your time zone, and in the school’s (
        {interview.timeZone}).
      </p>
      {gone && (
        <p className="notice interview__gone" role="alert">
          {gone}
        </p>
      )}
      {interview.status === 'accepted' && accepted ? (
        <p className="interview__accepted">
          <strong>
            <time dateTime={accepted.startsAt}>{slotWords(accepted, interview.timeZone)}</time>
          </strong>
          <br />
          <SlotDetails slot={accepted} />
        </p>
      ) : (
        <ul
          className="interview__slots"
          aria-label={interview.status === 'cancelled' ? 'The times proposed' : 'The times'}
        >
          {interview.slots.map((slot) => {
            const words = slotWords(slot, interview.timeZone);
            return (
              <li key={slot.id} className="slot">
                <span className="slot__when">
                  <time dateTime={slot.startsAt}>{words}</time>
                </span>
                <SlotDetails slot={slot} />
                {canAccept && (
                  <button
                    type="button"
                    className="button button--primary slot__accept"
                    // Which time, after the words the button shows (WCAG 2.5.3, label in name).
                    aria-label={`Accept this time: ${words}`}
                    aria-busy={(accept.isPending && accept.variables === slot.id) || undefined}
                    onClick={() => onAccept(slot)}
                  >
                    Accept this time
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {interview.status === 'cancelled' && interview.reason && (
        <p className="interview__reason">Reason: {interview.reason}</p>
      )}
      {canCancel &&
        (isCancelling ? (
          <CancelForm
            applicationId={applicationId}
            interview={interview}
            onDone={() => {
              setIsCancelling(false);
              headingRef.current?.focus();
            }}
            onKeep={() => {
              setIsCancelling(false);
              requestAnimationFrame(() => cancelButtonRef.current?.focus());
            }}
          />
        ) : (
          <button
            ref={cancelButtonRef}
            type="button"
            className="button button--secondary interview__cancel"
            onClick={() => setIsCancelling(true)}
          >
            Cancel the interview
          </button>
        ))}
    </article>
  );
}

interface CancelFormProps {
  applicationId: string;
  interview: Interview;
  onDone: () => void;
  onKeep: () => void;
}

function CancelForm({ applicationId, interview, onDone, onKeep }: CancelFormProps) {
  const cancel = useCancelInterview(applicationId);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const fieldId = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);

  // The form opens where the button was: the keyboard goes on in its box.
  useEffect(() => {
    reasonRef.current?.focus();
  }, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (cancel.isPending) return;
    const parsed = InterviewCancelSchema.safeParse({ reason });
    if (!parsed.success) {
      const message = parsed.error.issues[0]?.message;
      setError(!message || message === REQUIRED ? 'Say why, for the other side to read' : message);
      return;
    }
    setError(null);
    cancel.mutate(
      { interviewId: interview.id, reason: parsed.data.reason },
      {
        onSuccess: () => {
          toast.success('Interview cancelled. The other side has been told why.');
          onDone();
        },
        onError: (failure) => {
          const fieldError = isApiError(failure) ? failure.fields?.reason : undefined;
          if (fieldError) setError(fieldError);
          else toastError(failure);
        },
      },
    );
  };

  return (
    <form className="cancel-form" aria-label="Cancel the interview" onSubmit={onSubmit} noValidate>
      <div className={error ? 'field field--invalid' : 'field'}>
        <label className="field__label" htmlFor={fieldId}>
          Why are you cancelling?
        </label>
        <p className="field__hint" id={`${fieldId}-hint`}>
          The other side reads this in the mail that tells them. To move the interview, cancel it and propose new times.
        </p>
        <textarea
          id={fieldId}
          ref={reasonRef}
          className="field__control field__control--multiline"
          rows={3}
          maxLength={500}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${fieldId}-hint ${fieldId}-error` : `${fieldId}-hint`}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
        />
        {error && (
          <p className="field__error" id={`${fieldId}-error`}>
            {error}
          </p>
        )}
      </div>
      <div className="cancel-form__actions">
        <button type="submit" className="button button--primary" aria-busy={cancel.isPending || undefined}>
          Cancel the interview
        </button>
        <button type="button" className="button button--secondary" onClick={onKeep}>
          Keep it
        </button>
      </div>
    </form>
  );
}
