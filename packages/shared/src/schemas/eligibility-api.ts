// The eligibility routes' own shapes (BEYOND §7): the teacher's saved facts, and the facts a
// visitor asks with in a query. The facts themselves and the answer are in ../eligibility.
import { z } from 'zod';
import { DEGREES } from '../eligibility/eligibility.js';
import { EligibilityFactsSchema } from '../eligibility/eligibility-schema.js';

/** GET and PUT /api/post-resume/eligibility/{userUuid}: the account's facts, or null before any. */
export const EligibilityFactsAnswerSchema = z.object({ facts: EligibilityFactsSchema.nullable() });
export type EligibilityFactsAnswer = z.infer<typeof EligibilityFactsAnswerSchema>;

const queryNumber = (what: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${what} must be a whole number` })
      .int(`${what} must be a whole number`)
      .min(0, `${what} must be between 0 and ${max}`)
      .max(max, `${what} must be between 0 and ${max}`)
      .optional(),
  );

/**
 * Facts in a query (`passport` comma separated, `degree`, `teflHours`, `teachingYears`), as a visitor
 * sends them; the server keeps nothing of them. Read into the facts' own shape.
 */
export const EligibilityQueryShape = {
  passport: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z
      .string()
      .transform((v) => v.split(',').map((code) => code.trim().toUpperCase()))
      .pipe(
        z
          .array(z.string().regex(/^[A-Z]{2}$/, 'Give each passport as its two-letter country code, such as US or GB'))
          .min(1)
          .max(3, 'Give at most three passports'),
      )
      .optional(),
  ),
  degree: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.enum(DEGREES, { error: 'Choose a degree: none, associate, bachelor, master or doctorate' }).optional(),
  ),
  teflHours: queryNumber('teflHours', 1000),
  teachingYears: queryNumber('teachingYears', 40),
};
export const EligibilityQuerySchema = z.object(EligibilityQueryShape);
export type EligibilityQuery = z.output<typeof EligibilityQuerySchema>;
