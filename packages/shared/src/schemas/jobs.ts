import { z } from 'zod';
import { isCityOf } from '../cities.js';
import { AGE_GROUPS, CLASS_SIZES, COUNTRY_VALUES, DURATION_VALUES, START_DATE_VALUES } from '../enums.js';
import { REQUIRED, emailField, optionalFilter, pageParam, requiredChoice, requiredText } from './common.js';

const optionalText = (max: number) => z.string().trim().max(max, `No more than ${max} characters`).default('');

/** The job form of the details step; the only fields a job owner can set through it. */
export const JobDetailsSchema = z
  .object({
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
  page: pageParam,
});
export type JobSearch = z.input<typeof JobSearchSchema>;

/** What a search tile needs, and nothing more. */
export const JobTileSchema = z.object({
  uuid: z.string(),
  companyName: z.string(),
  country: z.string(),
  city: z.string(),
  ageGroup: z.string(),
  pay: z.string(),
  startDate: z.string(),
  duration: z.string(),
  classSize: z.string(),
  thumbnail: z.string().nullable(),
  publishedDate: z.string().nullable(),
});
export type JobTile = z.infer<typeof JobTileSchema>;

export const JobStatusSchema = z.enum(['unpublished', 'published', 'expired']);

export const JobSchema = JobTileSchema.extend({
  email: z.string(),
  phone: z.string(),
  link: z.string(),
  descriptionHTML: z.string(),
  images: z.array(z.string()),
  favoritedBy: z.array(z.string()),
  status: JobStatusSchema,
});
export type Job = z.infer<typeof JobSchema>;

export const JobTimeSchema = z.object({
  uuid: z.string().uuid('Not a valid id'),
  timeSpent: z.coerce
    .number({ error: 'timeSpent must be a number of seconds' })
    .int('timeSpent must be whole seconds')
    .min(0, 'timeSpent cannot be negative'),
});

export const JobClickSchema = z.object({ uuid: z.string().uuid('Not a valid id') });

export const JobMetricsSchema = z.object({
  timeSpent: z.number(),
  numberOfClicks: z.number(),
  favoritedBy: z.number(),
  daily: z.array(z.object({ date: z.string(), clicks: z.number(), timeSpent: z.number(), saves: z.number() })),
});
export type JobMetrics = z.infer<typeof JobMetricsSchema>;

export const CityCountSchema = z.object({ city: z.string(), count: z.number() });
export type CityCount = z.infer<typeof CityCountSchema>;

export const RichTextSchema = z.object({
  descriptionHTML: z.string().max(100_000, 'The description is too long'),
});

/** The job wizard's details step as the server answers it: the form's fields, with id and status. */
export const JobDetailsViewSchema = z.object({
  uuid: z.string(),
  status: JobStatusSchema,
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
});
export type JobDetailsView = z.infer<typeof JobDetailsViewSchema>;

/** A job just made (create or relist). */
export const CreatedJobSchema = z.object({ message: z.string(), uuid: z.string() });

/** A job's carousel: stored image URLs in order. */
export const JobImagesSchema = z.object({ images: z.array(z.string()) });
