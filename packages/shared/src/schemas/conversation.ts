// The hiring conversation (BEYOND §10): messages between a teacher and the school they applied to,
// interviews proposed across time zones, and an offer held against the ad.
import { z } from 'zod';
import { REQUIRED, UNSTORABLE_TEXT, isStorableText, uuidParam } from './common.js';
import { JobTermsSchema, monthlyTop, type JobTerms } from './terms.js';
import { TERMS_LABELS } from './terms-words.js';

export const MESSAGE_MAX = 5_000;
/** Interview slots one proposal holds at most. */
export const INTERVIEW_SLOTS_MAX = 5;
export const INTERVIEW_MINUTES_MIN = 15;
export const INTERVIEW_MINUTES_MAX = 120;
/** How far ahead a slot may be. */
export const INTERVIEW_DAYS_AHEAD_MAX = 60;
/** A closed conversation still takes messages this long after it closed. */
export const CONVERSATION_OPEN_DAYS_AFTER_CLOSE = 30;
/** A conversation's other party is mailed at most once in this time. */
export const MESSAGE_MAIL_EVERY_MINUTES = 15;

export const INTERVIEW_MODES = [
  { value: 'video', label: 'Video call' },
  { value: 'phone', label: 'Phone call' },
  { value: 'in_person', label: 'In person' },
] as const;
export type InterviewMode = (typeof INTERVIEW_MODES)[number]['value'];
const MODE_VALUES = INTERVIEW_MODES.map((m) => m.value) as [InterviewMode, ...InterviewMode[]];

/** Whether the runtime knows `zone` as an IANA time zone. */
export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return zone.includes('/') || zone === 'UTC';
  } catch {
    return false;
  }
}

/** Whether `YYYY-MM-DD` is a day of the calendar (a parser reads 30 February as 2 March). */
function isRealDate(date: string): boolean {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === date;
}

/** Whether an ISO 8601 time with its offset names a real date and time of day. */
function isRealDateTime(value: string): boolean {
  const [, date, hour, minute] = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})/.exec(value) ?? [];
  return !!date && isRealDate(date) && Number(hour) < 24 && Number(minute) < 60 && !Number.isNaN(Date.parse(value));
}

// ---- messages ----

/** POST /api/applications/{id}/messages: plain text. */
export const MessageCreateSchema = z.strictObject({
  body: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(MESSAGE_MAX, `No more than ${MESSAGE_MAX} characters`)
    .refine(isStorableText, UNSTORABLE_TEXT),
});
export type MessageCreate = z.infer<typeof MessageCreateSchema>;

export const ConversationMessageSchema = z.object({
  id: z.string(),
  from: z.enum(['teacher', 'school']),
  body: z.string(),
  at: z.string(),
});
export type ConversationMessage = z.infer<typeof ConversationMessageSchema>;

/** GET /api/applications/{id}/messages: oldest first (reading marks them read for the reader). */
export const MessagesAnswerSchema = z.object({ messages: z.array(ConversationMessageSchema) });
export type MessagesAnswer = z.infer<typeof MessagesAnswerSchema>;
/** 201 */
export const MessageAnswerSchema = z.object({ message: ConversationMessageSchema });

// ---- interviews ----

const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

export const InterviewSlotInputSchema = z.strictObject({
  startsAt: z
    .string({ error: REQUIRED })
    .regex(ISO_WITH_OFFSET, 'A date and time with its offset, e.g. 2026-12-01T11:00:00+09:00')
    .refine(isRealDateTime, 'Not a real date and time'),
  minutes: z
    .number({ error: 'Minutes must be a whole number' })
    .int('Minutes must be a whole number')
    .min(INTERVIEW_MINUTES_MIN, `At least ${INTERVIEW_MINUTES_MIN} minutes`)
    .max(INTERVIEW_MINUTES_MAX, `No more than ${INTERVIEW_MINUTES_MAX} minutes`),
  mode: z.enum(MODE_VALUES, { error: 'Choose video, phone or in person' }),
  where: z.string().trim().max(300, 'No more than 300 characters').refine(isStorableText, UNSTORABLE_TEXT).optional(),
});

/** POST /api/applications/{id}/interviews: the school proposes slots in its own time zone. */
export const InterviewProposalSchema = z.strictObject({
  timeZone: z.string({ error: REQUIRED }).max(64).refine(isTimeZone, 'Not a time zone'),
  slots: z
    .array(InterviewSlotInputSchema)
    .min(1, 'Propose at least one time')
    .max(INTERVIEW_SLOTS_MAX, `No more than ${INTERVIEW_SLOTS_MAX} times`),
});
export type InterviewProposalInput = z.input<typeof InterviewProposalSchema>;

export const InterviewSlotSchema = z.object({
  id: z.string(),
  /** ISO 8601 in UTC. */
  startsAt: z.string(),
  minutes: z.number(),
  mode: z.enum(MODE_VALUES),
  where: z.string().nullable(),
});
export type InterviewSlot = z.infer<typeof InterviewSlotSchema>;

export const InterviewSchema = z.object({
  id: z.string(),
  /** The school's IANA time zone. */
  timeZone: z.string(),
  slots: z.array(InterviewSlotSchema),
  /** The slot the teacher accepted, or null. */
  acceptedSlotId: z.string().nullable(),
  status: z.enum(['proposed', 'accepted', 'cancelled']),
  /** Why it was cancelled or moved. */
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type Interview = z.infer<typeof InterviewSchema>;

/** POST /api/applications/{id}/interviews/{interviewId}/cancel: a reason is required. */
export const InterviewCancelSchema = z.strictObject({
  reason: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(500, 'No more than 500 characters')
    .refine(isStorableText, UNSTORABLE_TEXT),
});
export const InterviewSlotParamsSchema = z.object({ id: uuidParam, slotId: uuidParam });
export const InterviewParamsSchema = z.object({ id: uuidParam, interviewId: uuidParam });
export const InterviewAnswerSchema = z.object({ interview: InterviewSchema });

// ---- offers ----

/** The parts of a sheet an offer is compared on, in the order the teacher reads them. */
export const OFFER_FIELDS = [
  'salary',
  'housing',
  'flights',
  'visa',
  'hours',
  'vacation',
  'insurance',
  'severance',
] as const;
export type OfferField = (typeof OFFER_FIELDS)[number];

/** POST /api/applications/{id}/offer */
export const OfferCreateSchema = z.strictObject({
  terms: JobTermsSchema,
  respondBy: z
    .string({ error: REQUIRED })
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date, e.g. 2026-12-31')
    .refine((v) => isRealDate(v), 'Not a real date'),
});
export type OfferCreateInput = z.input<typeof OfferCreateSchema>;

export const OfferDifferenceSchema = z.object({
  field: z.enum(OFFER_FIELDS),
  /** The ad's words for it, or null when the ad said nothing. */
  posted: z.string().nullable(),
  offered: z.string(),
  /** Whether the offer gives less than the ad on this (pay, housing, flights, visa). */
  worse: z.boolean(),
});
export type OfferDifference = z.infer<typeof OfferDifferenceSchema>;

export const OfferSchema = z.object({
  id: z.string(),
  terms: JobTermsSchema,
  respondBy: z.string(),
  status: z.enum(['open', 'accepted', 'declined', 'withdrawn']),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
  /** Against the job's sheet, line by line (the teacher's and the school's view alike). */
  differences: z.array(OfferDifferenceSchema),
});
export type Offer = z.infer<typeof OfferSchema>;
export const OfferAnswerSchema = z.object({ offer: OfferSchema });

// ---- an offer held against its ad ----

const number = (n: number) => n.toLocaleString('en-US');

function salaryWords(terms: JobTerms): string {
  const { currency, min, max, period, basis } = terms.salary;
  const amount = max !== undefined && max !== min ? `${number(min)}–${number(max)}` : number(min);
  return `${currency} ${amount} ${TERMS_LABELS.period[period]}, ${TERMS_LABELS.basis[basis]}`;
}

function housingWords(terms: JobTerms): string {
  const words = TERMS_LABELS.housing[terms.housing];
  return terms.housing === 'allowance' && terms.housingAllowance !== undefined
    ? `${words} of ${number(terms.housingAllowance)} ${terms.salary.currency} a month`
    : words;
}

function visaWords(terms: JobTerms): string {
  if (!terms.visa.sponsored) return 'Not sponsored';
  const permit = terms.visa.permit ? ` (${terms.visa.permit})` : '';
  const paid = terms.visa.costsPaidBy ? `, paid by ${TERMS_LABELS.costsPaidBy[terms.visa.costsPaidBy]}` : '';
  return `Sponsored${permit}${paid}`;
}

/** Each field's words, and a rank where more is better for the teacher (pay, housing, flights, visa). */
const OFFER_READINGS: Record<OfferField, { words: (t: JobTerms) => string; rank?: (t: JobTerms) => number }> = {
  salary: { words: salaryWords, rank: monthlyTop },
  housing: {
    words: housingWords,
    rank: (t) => ({ provided: 3, allowance: 2, help_finding: 1, none: 0 })[t.housing],
  },
  flights: {
    words: (t) => TERMS_LABELS.flights[t.flights],
    rank: (t) => ({ paid: 3, reimbursed: 3, allowance: 2, none: 0 })[t.flights],
  },
  visa: {
    words: visaWords,
    rank: (t) => (t.visa.sponsored ? 2 - { school: 0, shared: 1, teacher: 2 }[t.visa.costsPaidBy ?? 'school'] / 2 : 0),
  },
  hours: {
    words: (t) =>
      `${t.teachingHoursPerWeek} teaching hours a week` +
      (t.officeHoursPerWeek !== undefined ? `, ${t.officeHoursPerWeek} on site` : ''),
  },
  vacation: { words: (t) => `${t.vacationDays} paid vacation days` },
  insurance: { words: (t) => TERMS_LABELS.healthInsurance[t.healthInsurance] },
  severance: { words: (t) => (t.severance ? TERMS_LABELS.severance[t.severance] : 'Not stated') },
};

/** An allowance below the ad's, in the same currency, is less even when both are allowances. */
function housingWorse(posted: JobTerms, offered: JobTerms): boolean {
  return (
    posted.housing === 'allowance' &&
    offered.housing === 'allowance' &&
    posted.salary.currency === offered.salary.currency &&
    (offered.housingAllowance ?? 0) < (posted.housingAllowance ?? 0)
  );
}

/**
 * An offer's sheet against the ad's, line by line: each field whose words differ, with whether the
 * offer gives less (a pay below the ad's top only counts when it is in the same currency and basis).
 * Without a sheet on the ad, every field is a difference from nothing.
 */
export function offerDifferences(posted: JobTerms | null, offered: JobTerms): OfferDifference[] {
  const differences: OfferDifference[] = [];
  for (const field of OFFER_FIELDS) {
    const reading = OFFER_READINGS[field];
    const offeredWords = reading.words(offered);
    const postedWords = posted ? reading.words(posted) : null;
    if (postedWords === offeredWords) continue;
    let worse = false;
    if (posted && reading.rank) {
      const comparable =
        field !== 'salary' ||
        (posted.salary.currency === offered.salary.currency && posted.salary.basis === offered.salary.basis);
      worse = comparable && reading.rank(offered) < reading.rank(posted);
      if (field === 'housing' && housingWorse(posted, offered)) worse = true;
    }
    differences.push({ field, posted: postedWords, offered: offeredWords, worse });
  }
  return differences;
}

/** The words a teacher reads for each field of an offer. */
export const OFFER_FIELD_LABELS: Record<OfferField, string> = {
  salary: 'Salary',
  housing: 'Housing',
  flights: 'Flights',
  visa: 'Visa',
  hours: 'Hours',
  vacation: 'Vacation',
  insurance: 'Health insurance',
  severance: 'Severance',
};
