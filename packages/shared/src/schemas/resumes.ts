import { z } from 'zod';
import { PERMITS } from './terms-words.js';
import { AGE_GROUPS, DESIRED_COUNTRIES, EDUCATION_LEVELS, EXPERIENCE_LEVELS, MONTHS, NATIONALITIES } from '../enums.js';
import { REQUIRED, emailField, optionalFilter, pageParam, requiredChoice, requiredText, uuidParam } from './common.js';

/** A resume by its id: the resume page and its signed links. */
export const ResumeParamsSchema = z.object({ resumeUuid: uuidParam });
export type ResumeParams = z.infer<typeof ResumeParamsSchema>;

export const ResumeDetailsSchema = z.object({
  name: requiredText(100),
  email: emailField,
  nationality: requiredChoice(NATIONALITIES),
  education: requiredChoice(EDUCATION_LEVELS),
  experience: requiredChoice(EXPERIENCE_LEVELS),
  desiredCountry: requiredChoice(DESIRED_COUNTRIES),
  desiredStartDate: requiredChoice(MONTHS),
  desiredAgeGroup: requiredChoice(AGE_GROUPS),
});
export type ResumeDetails = z.infer<typeof ResumeDetailsSchema>;

/** The saved details; every value is '' until the first save (the e-mail defaults to the account's). */
export const ResumeDetailsAnswerSchema = z.object({
  name: z.string(),
  email: z.string(),
  nationality: z.string(),
  education: z.string(),
  experience: z.string(),
  desiredCountry: z.string(),
  desiredStartDate: z.string(),
  desiredAgeGroup: z.string(),
});
export type ResumeDetailsAnswer = z.infer<typeof ResumeDetailsAnswerSchema>;

/** PATCH /api/post-resume/profile-image/{userUuid}: the cropped photo as a data URL. */
export const ProfileImageUploadSchema = z.object({ profileImage: z.string({ error: REQUIRED }).min(1, REQUIRED) });
export type ProfileImageUpload = z.infer<typeof ProfileImageUploadSchema>;

/** The resume's photo: a signed link, or null before one is saved. */
export const ProfileImageSchema = z.object({ profileImage: z.string().nullable() });
export type ProfileImage = z.infer<typeof ProfileImageSchema>;

/** PATCH /api/post-resume/resume/{userUuid}: the resume as text, or as a PDF (a data URL). */
export const ResumeContentUploadSchema = z.object({
  resumeHtml: z.string().max(500_000, 'The resume text is too long').optional(),
  resumeUrl: z.string().optional(),
});
export type ResumeContentUpload = z.infer<typeof ResumeContentUploadSchema>;

/** The resume as saved: its text, or a signed link to its PDF ('' for the one not used). */
export const ResumeContentSchema = z.object({ resumeHtml: z.string(), resumeUrl: z.string() });
export type ResumeContent = z.infer<typeof ResumeContentSchema>;

export const ResumeBoardSearchSchema = z.object({
  nationality: optionalFilter(z.enum(NATIONALITIES, { error: 'Not a known nationality' })),
  education: optionalFilter(z.enum(EDUCATION_LEVELS, { error: 'Not a known education level' })),
  experience: optionalFilter(z.enum(EXPERIENCE_LEVELS, { error: 'Not a known experience level' })),
  desiredCountry: optionalFilter(z.enum(DESIRED_COUNTRIES, { error: 'Not a known country' })),
  desiredStartDate: optionalFilter(z.enum(MONTHS, { error: 'Not a known month' })),
  desiredAgeGroup: optionalFilter(z.enum(AGE_GROUPS, { error: 'Not a known age group' })),
  /** Only teachers whose facts make them eligible for this work permit (BEYOND §7). */
  eligibleFor: optionalFilter(z.enum(PERMITS, { error: 'Not a known work permit' })),
  page: pageParam,
});
export type ResumeBoardSearch = z.input<typeof ResumeBoardSearchSchema>;

export const ResumeTileSchema = z.object({
  uuid: z.string(),
  name: z.string(),
  nationality: z.string(),
  experience: z.string(),
  education: z.string(),
  desiredCountry: z.string(),
  desiredStartDate: z.string(),
  desiredAgeGroup: z.string(),
  profileImage: z.string().nullable(),
  lastUpdatedAt: z.string().nullable(),
});
export type ResumeTile = z.infer<typeof ResumeTileSchema>;

/** GET /api/resume-board/filter/{userUuid} */
export const ResumeBoardAnswerSchema = z.object({ results: z.array(ResumeTileSchema) });
export type ResumeBoardAnswer = z.infer<typeof ResumeBoardAnswerSchema>;

export const ResumeSchema = ResumeTileSchema.extend({
  email: z.string(),
  resumeHtml: z.string(),
  resumeUrl: z.string(),
  published: z.boolean(),
});
export type Resume = z.infer<typeof ResumeSchema>;

/** The query of a signed link to a resume's PDF or photo (`?expires=…&sig=…`). */
export const SignedLinkQuerySchema = z.object({
  expires: z.coerce.number().int().positive(),
  sig: z.string().regex(/^[0-9a-f]{64}$/, 'Not a valid signature'),
});
export type SignedLinkQuery = z.infer<typeof SignedLinkQuerySchema>;

// ---- privacy (BEYOND §11) ----

export const RESUME_VISIBILITIES = [
  { value: 'board', label: 'On the resume board' },
  { value: 'applications_only', label: 'Only the schools I apply to' },
] as const;
export type ResumeVisibility = (typeof RESUME_VISIBILITIES)[number]['value'];
export const HIDDEN_DOMAINS_MAX = 20;

const DOMAIN = /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;

/** GET and PUT /api/post-resume/privacy/{userUuid} */
export const ResumePrivacySchema = z.strictObject({
  visibility: z.enum(['board', 'applications_only'], { error: 'Choose who sees your resume' }),
  hiddenFromDomains: z
    .array(
      z
        .string()
        .trim()
        .toLowerCase()
        // An address pasted whole, or a domain written with an @, means its domain.
        .transform((v) => v.replace(/^.*@/, ''))
        .refine((v) => DOMAIN.test(v), 'Not an e-mail domain, e.g. school.example'),
    )
    .max(HIDDEN_DOMAINS_MAX, `No more than ${HIDDEN_DOMAINS_MAX} domains`)
    .transform((domains) => [...new Set(domains)]),
});
export type ResumePrivacyInput = z.input<typeof ResumePrivacySchema>;
export type ResumePrivacy = z.output<typeof ResumePrivacySchema>;
/** The privacy as the server answers it (no transform: what is stored). */
export const ResumePrivacyAnswerSchema = z.object({
  visibility: z.enum(['board', 'applications_only']),
  hiddenFromDomains: z.array(z.string()),
});

/**
 * A domain and the domains it is part of (`hr.school.example` → itself and `school.example`): hiding a
 * resume from a school's domain hides it from its subdomains too.
 */
export function domainAndParents(domain: string): string[] {
  const labels = domain.toLowerCase().split('.');
  const found: string[] = [];
  for (let i = 0; i <= labels.length - 2; i++) found.push(labels.slice(i).join('.'));
  return found;
}

/** GET /api/post-resume/views/{userUuid}: who opened the resume, newest first. */
export const ResumeViewSchema = z.object({
  viewer: z.object({
    /** Their school's or company's name, or else their e-mail's domain. */
    name: z.string(),
    /** Their school's page, when they have one. */
    school: z.string().optional(),
  }),
  at: z.string(),
});
export type ResumeView = z.infer<typeof ResumeViewSchema>;
export const ResumeViewsAnswerSchema = z.object({ views: z.array(ResumeViewSchema) });
export type ResumeViewsAnswer = z.infer<typeof ResumeViewsAnswerSchema>;
