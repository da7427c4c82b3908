import { z } from 'zod';
import { isCityOf } from '../cities.js';
import { KEYWORDS_MAX_LENGTH } from '../keywords.js';
import { JOB_TITLE_MAX } from '../limits.js';
import { AGE_GROUPS, CLASS_SIZES, COUNTRY_VALUES, DURATION_VALUES, START_DATE_VALUES } from '../enums.js';
import { IMAGE_BODY_LIMIT, MAX_CAROUSEL_IMAGES } from '../limits.js';
import { REQUIRED, emailField, optionalFilter, pageParam, requiredChoice, requiredText, uuidParam } from './common.js';
import { JobTermsSchema, TermsFilterShape, TileSalarySchema } from './terms.js';
import { TERMS_BADGES } from './terms-words.js';
import { EligibilityQueryShape } from './eligibility-api.js';
import { JobSchoolSchema, SchoolSchema, SchoolVerificationSchema } from './schools.js';
import { POSTING_RULE_IDS } from '../posting-checks/posting-checks.js';

/**
 * The posting checks' warnings a school has read and keeps (BEYOND §9): sent with a publish, or with
 * an edit of a published job, each rule named goes through.
 */
export const AcknowledgeWarningsField = z.array(z.enum(POSTING_RULE_IDS)).max(POSTING_RULE_IDS.length).optional();

/**
 * POST /api/job/publish/{uuid}/{userUuid}: no body (SPEC), or the warnings acknowledged; anything else a
 * client sends along is not read.
 */
export const PublishJobSchema = z.object({ acknowledgeWarnings: AcknowledgeWarningsField });
export type PublishJob = z.infer<typeof PublishJobSchema>;

const optionalText = (max: number) => z.string().trim().max(max, `No more than ${max} characters`).default('');

/** The job form of the details step; the only fields a job owner can set through it. */
export const JobDetailsSchema = z
  .object({
    title: optionalText(JOB_TITLE_MAX),
    companyName: requiredText(120),
    email: emailField,
    country: requiredChoice(COUNTRY_VALUES),
    city: z.string({ error: REQUIRED }).trim().min(1, REQUIRED).min(2, 'Must be at least 2 characters').max(100),
    pay: optionalText(80).refine((v) => v === '' || v.length >= 2, 'Must be at least 2 characters'),
    ageGroup: requiredChoice(AGE_GROUPS),
    duration: requiredChoice(DURATION_VALUES as [string, ...string[]]),
    classSize: requiredChoice(CLASS_SIZES),
    startDate: requiredChoice(START_DATE_VALUES as [string, ...string[]]),
    phone: optionalText(40),
    link: optionalText(500).refine(
      (v) => v === '' || /^https:\/\/[^\s/$.?#].[^\s]*$/i.test(v),
      'Must include https://',
    ),
    /** One of the owner's schools (BEYOND §8); empty or null posts the job without one. */
    schoolSlug: z.preprocess((v) => (v === '' ? null : v), z.string().max(140).nullish()),
    acknowledgeWarnings: AcknowledgeWarningsField,
  })
  .superRefine((v, ctx) => {
    if (v.city.length >= 2 && !isCityOf(v.country, v.city)) {
      ctx.addIssue({ code: 'custom', path: ['city'], message: 'Choose a city from the list' });
    }
  });
export type JobDetailsInput = z.input<typeof JobDetailsSchema>;
export type JobDetails = z.output<typeof JobDetailsSchema>;

export const JobSearchSchema = z.object({
  country: z.enum(COUNTRY_VALUES, { error: 'Choose one of the seven countries' }),
  city: optionalFilter(z.string().max(100)),
  ageGroup: optionalFilter(z.enum(AGE_GROUPS, { error: 'Not a known age group' })),
  /** The teacher's keywords (keywords.ts reads them); empty means none. */
  q: optionalFilter(z.string().max(KEYWORDS_MAX_LENGTH, `No more than ${KEYWORDS_MAX_LENGTH} characters`)),
  ...TermsFilterShape,
  /** Only jobs the teacher can take (BEYOND §7), by the facts below or else their saved ones. */
  eligibleOnly: z.preprocess(
    (v) => (v === '' || v === null || v === undefined || v === '0' ? undefined : v),
    z.literal('1', { error: 'Use 1 to turn this filter on' }).optional(),
  ),
  ...EligibilityQueryShape,
  page: pageParam,
});
export type JobSearch = z.input<typeof JobSearchSchema>;
export type JobSearchQuery = z.output<typeof JobSearchSchema>;

/** A job by its id: `/api/job/{uuid}`, its images and metrics. */
export const JobParamsSchema = z.object({ uuid: uuidParam });
export type JobParams = z.infer<typeof JobParamsSchema>;

/** One of the caller's own jobs: the wizard's `…/{uuid}/{userUuid}` routes, relist. */
export const OwnJobParamsSchema = z.object({ uuid: uuidParam, userUuid: uuidParam });
export type OwnJobParams = z.infer<typeof OwnJobParamsSchema>;

/** GET /api/jobs/cities/{country} */
export const CountryParamsSchema = z.object({
  country: z.enum(COUNTRY_VALUES, { error: 'Choose one of the seven countries' }),
});
export type CountryParams = z.infer<typeof CountryParamsSchema>;

/** Saving and unsaving: `/api/favorites[/remove]/{userUuid}/{jobUuid}`. */
export const SavedJobParamsSchema = z.object({ userUuid: uuidParam, jobUuid: uuidParam });
export type SavedJobParams = z.infer<typeof SavedJobParamsSchema>;

/** What a search tile needs, and nothing more. */
export const JobTileSchema = z.object({
  uuid: z.string(),
  /** The posting's own title; empty means it has none (shown as DEFAULT_JOB_TITLE). */
  title: z.string(),
  companyName: z.string(),
  country: z.string(),
  city: z.string(),
  ageGroup: z.string(),
  pay: z.string(),
  startDate: z.string(),
  duration: z.string(),
  classSize: z.string(),
  thumbnail: z.string().nullable(),
  /** The contract sheet's salary (BEYOND §6), or null without one; `pay` stays the pay notes. */
  salary: TileSalarySchema.nullable(),
  /** Up to three of housing, flights and visa, from the contract sheet. */
  badges: z.array(z.enum(TERMS_BADGES)),
  /** The work permit the school sponsors (BEYOND §7), or null: what a teacher's eligibility is read against. */
  permit: z.string().nullable(),
  /** The school it is posted under (BEYOND §8), or null for a job without one. */
  school: JobSchoolSchema.nullable(),
  publishedDate: z.string().nullable(),
});
export type JobTile = z.infer<typeof JobTileSchema>;

/** GET /api/schools/{slug}: a school's public page (BEYOND §8). */
export const SchoolPageAnswerSchema = z.object({
  school: SchoolSchema,
  /** Its live jobs, newest first. */
  jobs: z.array(JobTileSchema),
  /** Jobs it has published in all. */
  jobsPosted: z.number(),
  /** ISO 8601 date of its first publication, or null. */
  since: z.string().nullable(),
  verifications: z.array(SchoolVerificationSchema),
});
export type SchoolPageAnswer = z.infer<typeof SchoolPageAnswerSchema>;

/** GET /api/filter-jobs */
export const JobSearchAnswerSchema = z.object({ results: z.array(JobTileSchema) });
export type JobSearchAnswer = z.infer<typeof JobSearchAnswerSchema>;

export const JobStatusSchema = z.enum(['unpublished', 'published', 'expired']);

export const JobSchema = JobTileSchema.extend({
  email: z.string(),
  phone: z.string(),
  link: z.string(),
  descriptionHTML: z.string(),
  images: z.array(z.string()),
  favoritedBy: z.array(z.string()),
  status: JobStatusSchema,
  /** The contract sheet (BEYOND §6), or null when the school has not filled it. */
  terms: JobTermsSchema.nullable(),
  /** Held for review after reports (BEYOND §9): closed, its page says "Under review". */
  underReview: z.boolean(),
  /** Taken down by an operator (BEYOND §9): closed for good, its page says TeachEast took it down. */
  takenDown: z.boolean(),
});
export type Job = z.infer<typeof JobSchema>;

/** Jobs compared side by side: GET /api/compare?ids={uuid},… (1 to 4). */
export const COMPARE_MAX = 4;
export const CompareQuerySchema = z.object({
  ids: z
    .string({ error: 'Give the ids of 1 to 4 jobs' })
    .transform((v) => v.split(','))
    .pipe(
      z
        .array(z.string().uuid('Not a valid id'))
        .min(1, 'Give the ids of 1 to 4 jobs')
        .max(COMPARE_MAX, 'Compare at most 4 jobs'),
    ),
});
export type CompareQuery = z.output<typeof CompareQuerySchema>;
export const CompareAnswerSchema = z.object({ jobs: z.array(JobSchema), missing: z.array(z.string()) });
export type CompareAnswer = z.infer<typeof CompareAnswerSchema>;

/** GET /api/job/{uuid} */
export const JobAnswerSchema = z.object({ job: JobSchema });
export type JobAnswer = z.infer<typeof JobAnswerSchema>;

export const JobTimeSchema = z.object({
  uuid: z.string().uuid('Not a valid id'),
  timeSpent: z.coerce
    .number({ error: 'timeSpent must be a number of seconds' })
    .int('timeSpent must be whole seconds')
    .min(0, 'timeSpent cannot be negative'),
});

export type JobTime = z.input<typeof JobTimeSchema>;

export const JobTimeAnswerSchema = z.object({ message: z.string(), timeSpent: z.number() });
export type JobTimeAnswer = z.infer<typeof JobTimeAnswerSchema>;

export const JobClickSchema = z.object({ uuid: z.string().uuid('Not a valid id') });
export type JobClick = z.infer<typeof JobClickSchema>;

/** GET /api/favorites/{userUuid}: the caller's saved jobs. */
export const SavedJobsAnswerSchema = z.object({ jobs: z.array(JobTileSchema) });
export type SavedJobsAnswer = z.infer<typeof SavedJobsAnswerSchema>;

/** A save or an unsave: who saves the job now. */
export const FavoriteAnswerSchema = z.object({ message: z.string(), favoritedBy: z.array(z.string()) });
export type FavoriteAnswer = z.infer<typeof FavoriteAnswerSchema>;

export const JobMetricsSchema = z.object({
  timeSpent: z.number(),
  numberOfClicks: z.number(),
  favoritedBy: z.number(),
  /** Teachers who applied on TeachEast (withdrawn ones included). */
  applications: z.number(),
  daily: z.array(
    z.object({
      date: z.string(),
      clicks: z.number(),
      timeSpent: z.number(),
      saves: z.number(),
      applications: z.number(),
    }),
  ),
});
export type JobMetrics = z.infer<typeof JobMetricsSchema>;

export const CityCountSchema = z.object({ city: z.string(), count: z.number() });
export type CityCount = z.infer<typeof CityCountSchema>;

/** GET /api/jobs/cities/{country}: the cities with published jobs. */
export const CitiesAnswerSchema = z.array(CityCountSchema);
export type CitiesAnswer = z.infer<typeof CitiesAnswerSchema>;

/** The job's description, sent and answered by the wizard's description step. */
export const RichTextSchema = z.object({
  descriptionHTML: z.string().max(100_000, 'The description is too long'),
  acknowledgeWarnings: AcknowledgeWarningsField,
});
export type RichText = z.infer<typeof RichTextSchema>;

/** The job wizard's details step as the server answers it: the form's fields, with id and status. */
export const JobDetailsViewSchema = z.object({
  uuid: z.string(),
  status: JobStatusSchema,
  title: z.string(),
  companyName: z.string(),
  email: z.string(),
  country: z.string(),
  city: z.string(),
  pay: z.string(),
  ageGroup: z.string(),
  duration: z.string(),
  classSize: z.string(),
  startDate: z.string(),
  phone: z.string(),
  link: z.string(),
  /** The school it is posted under, or null. */
  schoolSlug: z.string().nullable(),
});
export type JobDetailsView = z.infer<typeof JobDetailsViewSchema>;

/** GET /api/jobs/details/{uuid}/{userUuid} */
export const JobDetailsAnswerSchema = z.object({ job: JobDetailsViewSchema });
export type JobDetailsAnswer = z.infer<typeof JobDetailsAnswerSchema>;

/** POST /api/jobs/details/{uuid}/{userUuid} */
export const SavedJobDetailsAnswerSchema = z.object({ job: JobDetailsViewSchema, message: z.string() });
export type SavedJobDetailsAnswer = z.infer<typeof SavedJobDetailsAnswerSchema>;

/** The header image of the wizard's crop step: the posting's picture and the search tile's. */
export const HeaderImageAnswerSchema = z.object({
  thumbnail: z.string().nullable(),
  tileThumbnail: z.string().nullable(),
});
export type HeaderImageAnswer = z.infer<typeof HeaderImageAnswerSchema>;

/** POST /api/job/image-crop/{uuid}/{userUuid}: the cropped image as a data URL. */
export const HeaderImageUploadSchema = z.object({ thumbnail: z.string({ error: REQUIRED }).min(1, REQUIRED) });
export type HeaderImageUpload = z.infer<typeof HeaderImageUploadSchema>;

export const SavedHeaderImageAnswerSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  thumbnail: z.string(),
  tileThumbnail: z.string(),
});
export type SavedHeaderImageAnswer = z.infer<typeof SavedHeaderImageAnswerSchema>;

/** A job just made (create or relist). */
export const CreatedJobSchema = z.object({ message: z.string(), uuid: z.string() });
export type CreatedJob = z.infer<typeof CreatedJobSchema>;

/** A job's carousel: stored image URLs in order (the wizard's carousel step and GET /api/job/images/{uuid}). */
export const JobImagesSchema = z.object({ images: z.array(z.string()) });
export type JobImages = z.infer<typeof JobImagesSchema>;

/**
 * POST /api/job/image-upload/{uuid}/{userUuid}: the whole carousel list, stored URLs it keeps and
 * new photos as data URLs (apps/web/src/features/job-wizard/carousel-upload.ts sends it in parts).
 */
export const CarouselUploadSchema = z.object({
  images: z
    .array(z.string().min(1).max(IMAGE_BODY_LIMIT))
    .max(MAX_CAROUSEL_IMAGES, `A job can have at most ${MAX_CAROUSEL_IMAGES} carousel images`),
});
export type CarouselUpload = z.infer<typeof CarouselUploadSchema>;

/** The caller's job lists on the account page. */
export const UnpublishedJobsAnswerSchema = z.object({ unpublishedJobs: z.array(JobTileSchema) });
export type UnpublishedJobsAnswer = z.infer<typeof UnpublishedJobsAnswerSchema>;

export const PublishedJobsAnswerSchema = z.object({ publishedJobs: z.array(JobTileSchema) });
export type PublishedJobsAnswer = z.infer<typeof PublishedJobsAnswerSchema>;

export const ExpiredJobsAnswerSchema = z.object({ expiredJobs: z.array(JobTileSchema) });
export type ExpiredJobsAnswer = z.infer<typeof ExpiredJobsAnswerSchema>;
