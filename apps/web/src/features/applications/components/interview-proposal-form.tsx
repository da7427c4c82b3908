// The school proposes up to five interview times (BEYOND §10), each a date and a start time on the
// clocks of one time zone (the browser's unless the school names another), a length and a way to meet.
// The times go to the server as ISO 8601 with that zone's offset then (zoned-time.ts); what the server
// refuses (a time past, too far ahead or overlapping another) lands on the time it names.
import {
  INTERVIEW_DAYS_AHEAD_MAX,
  INTERVIEW_MODES,
  INTERVIEW_SLOTS_MAX,
  InterviewProposalSchema,
  isTimeZone,
  type Interview,
  type InterviewMode,
  type InterviewProposalInput,
} from '@teacheast/shared';
import { useEffect, useId, useMemo, useRef } from 'react';
import { useFieldArray, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { isApiError } from '../../../lib/api-error';
import { toastError } from '../../../lib/toast';
import { SelectField } from '../../../ui/select-field';
import { TextField } from '../../../ui/text-field';
import { useProposeInterview } from '../api';
import { browserTimeZone, dateInZone, isoInZone, knownTimeZones } from '../zoned-time';

interface SlotValues {
  date: string;
  time: string;
  minutes: string;
  mode: string;
  where: string;
}

interface ProposalFormValues {
  timeZone: string;
  slots: SlotValues[];
}

const DAY = 86_400_000;
const MINUTE = 60_000;

const LENGTHS = [15, 30, 45, 60, 90, 120].map((minutes) => ({
  value: String(minutes),
  label:
    minutes < 60
      ? `${minutes} minutes`
      : `${Math.floor(minutes / 60)} hour${minutes >= 120 ? 's' : ''}${minutes % 60 ? ` ${minutes % 60} minutes` : ''}`,
}));

const blankSlot = (): SlotValues => ({ date: '', time: '', minutes: '30', mode: 'video', where: '' });

/** A server's or the schema's name of a slot's moment is the start time's input here. */
const inputOf = (path: string) => path.replace(/^slots\.(\d+)\.startsAt$/, 'slots.$1.time');

/** Flat "slots.0.time" messages as react-hook-form's nested errors. */
function nestedErrors(flat: Record<string, string>): FieldErrors<ProposalFormValues> {
  const errors: Record<string, unknown> = {};
  for (const [path, message] of Object.entries(flat)) {
    const keys = path.split('.');
    let node = errors;
    keys.slice(0, -1).forEach((key, i) => {
      node = (node[key] ??= /^\d+$/.test(keys[i + 1]!) ? [] : {}) as Record<string, unknown>;
    });
    node[keys.at(-1)!] = { type: 'validate', message };
  }
  return errors as FieldErrors<ProposalFormValues>;
}

/**
 * The proposal the inputs state, or what is wrong with it: each time read in the chosen zone, checked
 * as the server checks it (not past, at most 60 days ahead, no two overlapping), then by the shared schema.
 */
function readProposal(
  values: ProposalFormValues,
  now: number,
): { proposal: InterviewProposalInput } | { errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const timeZone = values.timeZone.trim();
  const isZone = timeZone !== '' && isTimeZone(timeZone);
  if (!timeZone) errors.timeZone = 'Write the time zone, such as Asia/Seoul';
  else if (!isZone) errors.timeZone = `“${timeZone}” is not a time zone: write one such as Asia/Seoul`;
  const moments: (number | null)[] = [];
  const slots = values.slots.map((slot, i) => {
    if (!slot.date) errors[`slots.${i}.date`] = 'Choose a date';
    if (!slot.time) errors[`slots.${i}.time`] = 'Choose a start time';
    const startsAt = isZone && slot.date && slot.time ? isoInZone(slot.date, slot.time, timeZone) : null;
    const moment = startsAt ? Date.parse(startsAt) : null;
    moments.push(moment);
    if (moment !== null && moment <= now) errors[`slots.${i}.time`] = 'This time has passed';
    else if (moment !== null && moment > now + INTERVIEW_DAYS_AHEAD_MAX * DAY) {
      errors[`slots.${i}.time`] = `No more than ${INTERVIEW_DAYS_AHEAD_MAX} days ahead`;
    }
    const where = slot.where.trim();
    return {
      startsAt: startsAt ?? '',
      minutes: Number(slot.minutes),
      // Checked by the schema below, which names a mode it does not know.
      mode: slot.mode as InterviewMode,
      ...(where ? { where } : {}),
    };
  });
  // Two times of one proposal that overlap: the later one in the list says so.
  slots.forEach((slot, i) => {
    const start = moments[i];
    if (start == null || errors[`slots.${i}.time`]) return;
    const end = start + slot.minutes * MINUTE;
    const clash = slots.some((other, j) => {
      const otherStart = moments[j];
      return j < i && otherStart != null && otherStart < end && start < otherStart + other.minutes * MINUTE;
    });
    if (clash) errors[`slots.${i}.time`] = 'This time overlaps another';
  });
  const proposal = { timeZone, slots };
  const parsed = InterviewProposalSchema.safeParse(proposal);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = issue.path.join('.');
      const slot = /^slots\.(\d+)\.startsAt$/.exec(path);
      // A time not filled in has its own message already.
      if (slot && (errors[`slots.${slot[1]}.date`] || errors[`slots.${slot[1]}.time`])) continue;
      errors[inputOf(path)] ??= issue.message;
    }
  }
  return Object.keys(errors).length > 0 ? { errors } : { proposal };
}

const proposalResolver: Resolver<ProposalFormValues, unknown, InterviewProposalInput> = (values) => {
  const result = readProposal(values, Date.now());
  return 'proposal' in result
    ? { values: result.proposal, errors: {} }
    : { values: {}, errors: nestedErrors(result.errors) };
};

interface InterviewProposalFormProps {
  applicationId: string;
  /** Who the times are for, as the form's name says it. */
  teacherName: string;
  onProposed: (interview: Interview) => void;
  onCancel: () => void;
}

export function InterviewProposalForm({
  applicationId,
  teacherName,
  onProposed,
  onCancel,
}: InterviewProposalFormProps) {
  const propose = useProposeInterview(applicationId);
  const zoneListId = useId();
  const zones = useMemo(knownTimeZones, []);
  const addRef = useRef<HTMLButtonElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    setFocus,
    control,
    formState: { errors },
  } = useForm<ProposalFormValues, unknown, InterviewProposalInput>({
    resolver: proposalResolver,
    // Checked on Send, then as each answer changes: a message that went on leaving a field would move
    // the button under the pointer between its press and its release.
    defaultValues: { timeZone: browserTimeZone(), slots: [blankSlot()] },
  });
  const { fields, append, remove } = useFieldArray({ control, name: 'slots' });
  const timeZone = useWatch({ control, name: 'timeZone' });
  // The form opens where its button was: the keyboard goes on at its first field.
  useEffect(() => setFocus('timeZone'), [setFocus]);
  const today = dateInZone(Date.now(), isTimeZone(timeZone.trim()) ? timeZone.trim() : browserTimeZone());

  const onSubmit = (proposal: InterviewProposalInput) => {
    if (propose.isPending) return;
    propose.mutate(proposal, {
      onSuccess: (interview) => onProposed(interview),
      onError: (failure) => {
        const fields = isApiError(failure) ? Object.entries(failure.fields ?? {}) : [];
        for (const [path, message] of fields) setError(inputOf(path) as 'timeZone', { type: 'server', message });
        if (fields.length === 0) toastError(failure);
      },
    });
  };

  const onRemove = (index: number) => {
    remove(index);
    // The Remove button is gone: the keyboard goes on from "Add another time".
    requestAnimationFrame(() => addRef.current?.focus());
  };

  return (
    <form
      className="form proposal-form"
      aria-label={`Propose interview times to ${teacherName}`}
      noValidate
      onSubmit={(event) => void handleSubmit(onSubmit)(event)}
    >
      <TextField
        label="Time zone"
        hint="The times below are on the clocks of this zone, such as Asia/Seoul. Your browser’s is filled in."
        list={zoneListId}
        autoComplete="off"
        spellCheck={false}
        registration={register('timeZone')}
        error={errors.timeZone?.message}
      />
      <datalist id={zoneListId}>
        {zones.map((zone) => (
          <option key={zone} value={zone} />
        ))}
      </datalist>
      {fields.map((field, i) => {
        const slotErrors = errors.slots?.[i];
        return (
          <fieldset key={field.id} className="proposal-form__slot">
            <legend className="proposal-form__legend">Time {i + 1}</legend>
            <div className="proposal-form__when">
              <TextField
                type="date"
                label="Date"
                min={today}
                registration={register(`slots.${i}.date`)}
                error={slotErrors?.date?.message}
              />
              <TextField
                type="time"
                label="Start time"
                registration={register(`slots.${i}.time`)}
                error={slotErrors?.time?.message}
              />
              <SelectField
                label="Length"
                options={LENGTHS}
                registration={register(`slots.${i}.minutes`)}
                error={slotErrors?.minutes?.message}
              />
              <SelectField
                label="Kind of interview"
                options={INTERVIEW_MODES}
                registration={register(`slots.${i}.mode`)}
                error={slotErrors?.mode?.message}
              />
            </div>
            <TextField
              label="Where, or how to join (optional)"
              hint="A video call link, a phone number or an address"
              autoComplete="off"
              maxLength={300}
              registration={register(`slots.${i}.where`)}
              error={slotErrors?.where?.message}
            />
            {fields.length > 1 && (
              <button type="button" className="button button--secondary" onClick={() => onRemove(i)}>
                Remove time {i + 1}
              </button>
            )}
          </fieldset>
        );
      })}
      {errors.slots?.root?.message || errors.slots?.message ? (
        <p className="field__error" role="alert">
          {errors.slots?.root?.message ?? errors.slots?.message}
        </p>
      ) : null}
      <div className="proposal-form__actions">
        {fields.length < INTERVIEW_SLOTS_MAX && (
          <button ref={addRef} type="button" className="button button--secondary" onClick={() => append(blankSlot())}>
            Add another time
          </button>
        )}
        <button type="submit" className="button button--primary" aria-busy={propose.isPending || undefined}>
          {propose.isPending ? 'Sending…' : 'Send the times'}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
      <p className="field__hint">
        Up to {INTERVIEW_SLOTS_MAX} times, at most {INTERVIEW_DAYS_AHEAD_MAX} days ahead. The teacher sees each in their
        own time zone and in yours, and chooses one.
      </p>
    </form>
  );
}
