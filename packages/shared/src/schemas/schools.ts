// School profiles and their verification (BEYOND §8), and the operators' verification queue (§9).
import { z } from 'zod';
import { isCityOf } from '../cities.js';
import { COUNTRY_VALUES } from '../enums.js';
import {
  SCHOOL_KIND_VALUES,
  SCHOOL_NAME_MAX,
  SCHOOL_NAME_MIN,
  FOREIGN_TEACHERS_MAX,
  FOUNDED_YEAR_MIN,
} from './school-words.js';
import { REQUIRED, UNSTORABLE_TEXT, isStorableText, requiredChoice, uuidParam } from './common.js';

const name = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .min(SCHOOL_NAME_MIN, `Must be at least ${SCHOOL_NAME_MIN} characters`)
  .max(SCHOOL_NAME_MAX, `No more than ${SCHOOL_NAME_MAX} characters`)
  .refine(isStorableText, UNSTORABLE_TEXT);
const city = z.string({ error: REQUIRED }).trim().min(1, REQUIRED).max(100);
const website = z
  .string()
  .trim()
  .max(500, 'No more than 500 characters')
  .refine((v) => v === '' || /^https:\/\/[^\s/$.?#].[^\s]*$/i.test(v), 'Must include https://');
/** The about's markup: sanitised by the server, which then counts its text (SCHOOL_ABOUT_TEXT_MAX). */
const about = z.string().max(100_000, 'The text is too long').refine(isStorableText, UNSTORABLE_TEXT);
const foundedYear = z
  .number({ error: 'Must be a year' })
  .int('Must be a year')
  .min(FOUNDED_YEAR_MIN, `Must be ${FOUNDED_YEAR_MIN} or later`)
  .max(2100, 'Must not be in the future');
const foreignTeachers = z
  .number({ error: 'Must be a whole number' })
  .int('Must be a whole number')
  .min(0, 'Must be 0 or more')
  .max(FOREIGN_TEACHERS_MAX, `No more than ${FOREIGN_TEACHERS_MAX}`);

const cityOfCountry = (v: { country?: string | undefined; city?: string | undefined }, ctx: z.RefinementCtx) => {
  if (v.country !== undefined && v.city !== undefined && v.city !== '' && !isCityOf(v.country, v.city)) {
    ctx.addIssue({ code: 'custom', path: ['city'], message: 'Choose a city from the list' });
  }
};

const schoolFields = {
  name,
  country: requiredChoice(COUNTRY_VALUES),
  city,
  kind: requiredChoice(SCHOOL_KIND_VALUES),
  website: website.nullish(),
  about: about.nullish(),
  foundedYear: foundedYear.nullish(),
  foreignTeachers: foreignTeachers.nullish(),
};

/** POST /api/schools */
export const SchoolCreateSchema = z.strictObject(schoolFields).superRefine(cityOfCountry);
export type SchoolCreateInput = z.input<typeof SchoolCreateSchema>;
export type SchoolCreate = z.output<typeof SchoolCreateSchema>;

/**
 * PATCH /api/schools/{slug}: any of the fields; null clears an optional one. A city is checked against
 * the country sent with it, or the school's own (by the server).
 */
export const SchoolPatchSchema = z.strictObject(schoolFields).partial().superRefine(cityOfCountry);
export type SchoolPatchInput = z.input<typeof SchoolPatchSchema>;
export type SchoolPatch = z.output<typeof SchoolPatchSchema>;

export const SchoolParamsSchema = z.object({
  slug: z
    .string()
    .max(140)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a school'),
});
export type SchoolParams = z.infer<typeof SchoolParamsSchema>;

/** A dated check of a school (BEYOND §8): only checks that were made are listed. */
export const SchoolVerificationSchema = z.object({
  kind: z.literal('registration'),
  /** ISO 8601: when an operator approved it. */
  checkedAt: z.string(),
});
export type SchoolVerification = z.infer<typeof SchoolVerificationSchema>;

/** A school as everyone sees it. */
export const SchoolSchema = z.object({
  slug: z.string(),
  name: z.string(),
  country: z.string(),
  city: z.string(),
  kind: z.enum(SCHOOL_KIND_VALUES),
  website: z.string().nullable(),
  aboutHTML: z.string(),
  foundedYear: z.number().nullable(),
  foreignTeachers: z.number().nullable(),
  logo: z.string().nullable(),
  /** True once a registration check is approved. */
  verified: z.boolean(),
});
export type School = z.infer<typeof SchoolSchema>;

/** Where the owner's latest registration check stands (the owner's own lists only). */
export const RegistrationStatusSchema = z
  .object({
    status: z.enum(['pending', 'approved', 'rejected']),
    registrationNumber: z.string(),
    requestedAt: z.string(),
    checkedAt: z.string().nullable(),
    note: z.string().nullable(),
  })
  .nullable();
export type RegistrationStatus = z.infer<typeof RegistrationStatusSchema>;

export const OwnSchoolSchema = SchoolSchema.extend({ registration: RegistrationStatusSchema });
export type OwnSchool = z.infer<typeof OwnSchoolSchema>;

/** POST /api/schools (201), PATCH /api/schools/{slug} */
export const SchoolAnswerSchema = z.object({ school: OwnSchoolSchema });
export type SchoolAnswer = z.infer<typeof SchoolAnswerSchema>;

/** GET /api/my-schools */
export const MySchoolsAnswerSchema = z.object({ schools: z.array(OwnSchoolSchema) });
export type MySchoolsAnswer = z.infer<typeof MySchoolsAnswerSchema>;

/** The school a job's tile and record carry (BEYOND §8), or null. */
export const JobSchoolSchema = z.object({
  slug: z.string(),
  name: z.string(),
  kind: z.enum(SCHOOL_KIND_VALUES),
  verified: z.boolean(),
});
export type JobSchool = z.infer<typeof JobSchoolSchema>;

/** GET /api/schools?country=&city= : the directory, schools with a live job first. */
export const SchoolDirectoryQuerySchema = z.object({
  country: z.preprocess((v) => (v === '' ? undefined : v), z.enum(COUNTRY_VALUES).optional()),
  city: z.preprocess((v) => (v === '' ? undefined : v), z.string().max(100).optional()),
});
export type SchoolDirectoryQuery = z.input<typeof SchoolDirectoryQuerySchema>;

export const SchoolDirectoryEntrySchema = z.object({
  slug: z.string(),
  name: z.string(),
  kind: z.enum(SCHOOL_KIND_VALUES),
  country: z.string(),
  city: z.string(),
  logo: z.string().nullable(),
  verified: z.boolean(),
  liveJobs: z.number(),
});
export type SchoolDirectoryEntry = z.infer<typeof SchoolDirectoryEntrySchema>;
export const SchoolDirectoryAnswerSchema = z.object({ schools: z.array(SchoolDirectoryEntrySchema) });
export type SchoolDirectoryAnswer = z.infer<typeof SchoolDirectoryAnswerSchema>;

/** POST /api/schools/{slug}/verification */
export const RegistrationRequestSchema = z.strictObject({
  registrationNumber: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(40, 'No more than 40 characters')
    .refine(isStorableText, UNSTORABLE_TEXT),
});
export type RegistrationRequest = z.infer<typeof RegistrationRequestSchema>;
/** 202: the number is well formed and waits for an operator. */
export const RegistrationAcceptedSchema = z.object({ message: z.string(), registration: RegistrationStatusSchema });
export type RegistrationAccepted = z.infer<typeof RegistrationAcceptedSchema>;

/** PUT /api/schools/{slug}/logo: the image as a data URL, re-encoded like a job's header image. */
export const SchoolLogoUploadSchema = z.strictObject({ logo: z.string({ error: REQUIRED }).min(1, REQUIRED) });
export const SchoolLogoAnswerSchema = z.object({ logo: z.string() });

/** An operator's note on a decision. */
export const OperatorNoteSchema = z
  .strictObject({
    note: z.string().trim().max(1_000, 'No more than 1000 characters').refine(isStorableText, UNSTORABLE_TEXT),
  })
  .partial();
export type OperatorNote = z.infer<typeof OperatorNoteSchema>;

export const VerificationParamsSchema = z.object({ id: uuidParam });

/** GET /api/operator/verifications: the checks waiting, oldest first. */
export const PendingVerificationSchema = z.object({
  id: z.string(),
  school: z.object({ slug: z.string(), name: z.string(), country: z.string(), city: z.string() }),
  registrationNumber: z.string(),
  requestedAt: z.string(),
});
export type PendingVerification = z.infer<typeof PendingVerificationSchema>;
export const PendingVerificationsAnswerSchema = z.object({ verifications: z.array(PendingVerificationSchema) });
export type PendingVerificationsAnswer = z.infer<typeof PendingVerificationsAnswerSchema>;
export const VerificationDecisionAnswerSchema = z.object({
  id: z.string(),
  status: z.enum(['approved', 'rejected']),
  checkedAt: z.string(),
});
