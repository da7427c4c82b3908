// Job alerts: a saved search whose new jobs are mailed daily or weekly (BEYOND §4).
import { z } from 'zod';
import { TermsFilterAnswerSchema, TermsFilterShape } from './terms.js';
import { isCityOf } from '../cities.js';
import { AGE_GROUPS, COUNTRY_VALUES } from '../enums.js';
import { KEYWORDS_MAX_LENGTH } from '../keywords.js';
import { emailField, optionalFilter, uuidParam } from './common.js';

export const ALERT_FREQUENCIES = ['daily', 'weekly'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/**
 * Keywords are one line of printable text: no control characters (line breaks, tabs, escapes, C1),
 * no line or paragraph separators, no bidi overrides that would make them read otherwise.
 */
const NOT_ONE_LINE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u;

/**
 * POST /api/job-alerts: the search (values as in filter-jobs), how often, and the address when logged
 * out. An alert made with an address mails a stranger's inbox, so nothing in it is free text: the city
 * is one of the country's, and the keywords one line of printable text.
 */
export const JobAlertCreateSchema = z
  .object({
    country: z.enum(COUNTRY_VALUES, { error: 'Choose one of the seven countries' }),
    city: optionalFilter(z.string().trim().max(100, 'No more than 100 characters')),
    ageGroup: optionalFilter(z.enum(AGE_GROUPS, { error: 'Not a known age group' })),
    q: optionalFilter(
      z
        .string()
        .trim()
        .max(KEYWORDS_MAX_LENGTH, `No more than ${KEYWORDS_MAX_LENGTH} characters`)
        .refine((q) => !NOT_ONE_LINE.test(q), 'Keywords must be one line of letters, numbers and punctuation'),
    ),
    ...TermsFilterShape,
    /** Only the jobs the account can take, by its saved facts (BEYOND §7): an account's alerts only. */
    eligibleOnly: z.preprocess(
      (v) => (v === '' || v === null || v === undefined || v === '0' ? undefined : v),
      z.literal('1', { error: 'Use 1 to turn this filter on' }).optional(),
    ),
    frequency: z.enum(ALERT_FREQUENCIES, { error: 'Choose daily or weekly' }),
    /** Required without a session; ignored with one (the alert goes to the account's address). */
    email: optionalFilter(emailField),
  })
  .superRefine((v, ctx) => {
    if (v.city !== undefined && !isCityOf(v.country, v.city)) {
      ctx.addIssue({ code: 'custom', path: ['city'], message: 'Choose a city from the list' });
    }
  });
export type JobAlertCreate = z.input<typeof JobAlertCreateSchema>;

export const JobAlertSchema = z.object({
  id: z.string(),
  country: z.string(),
  city: z.string(),
  ageGroup: z.string(),
  q: z.string(),
  /** The contract-sheet filters it was made with (BEYOND §6): only those that are on. */
  filters: TermsFilterAnswerSchema,
  frequency: z.enum(ALERT_FREQUENCIES),
  /** False until the address is confirmed (alerts made without a session), and after unsubscribing. */
  active: z.boolean(),
  createdAt: z.string(),
});
export type JobAlert = z.infer<typeof JobAlertSchema>;

/** POST /api/job-alerts (201) and POST /api/job-alerts/confirm */
export const JobAlertAnswerSchema = z.object({ alert: JobAlertSchema });
export type JobAlertAnswer = z.infer<typeof JobAlertAnswerSchema>;

/** GET /api/job-alerts */
export const JobAlertListAnswerSchema = z.object({ alerts: z.array(JobAlertSchema) });
export type JobAlertListAnswer = z.infer<typeof JobAlertListAnswerSchema>;

/** DELETE /api/job-alerts/{id} */
export const JobAlertParamsSchema = z.object({ id: uuidParam });

/** POST /api/job-alerts/confirm: the token from the confirmation mail's link. */
export const JobAlertConfirmSchema = z.object({
  token: z.string({ error: 'Required' }).min(1, 'Required').max(200, 'Not a valid link'),
});

/** GET and POST /api/job-alerts/unsubscribe?token=… (the link in every alert mail). */
export const JobAlertUnsubscribeQuerySchema = z.object({
  token: z.string({ error: 'Required' }).min(1, 'Required').max(200, 'Not a valid link'),
});
