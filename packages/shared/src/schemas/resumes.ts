import { z } from 'zod';
import {
  AGE_GROUPS,
  DESIRED_COUNTRIES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  MONTHS,
  NATIONALITIES,
} from '../enums.js';
import { emailField, optionalFilter, pageParam, requiredChoice, requiredText } from './common.js';

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

export const ResumeBoardSearchSchema = z.object({
  nationality: optionalFilter(z.enum(NATIONALITIES, { error: 'Not a known nationality' })),
  education: optionalFilter(z.enum(EDUCATION_LEVELS, { error: 'Not a known education level' })),
  experience: optionalFilter(z.enum(EXPERIENCE_LEVELS, { error: 'Not a known experience level' })),
  desiredCountry: optionalFilter(z.enum(DESIRED_COUNTRIES, { error: 'Not a known country' })),
  desiredStartDate: optionalFilter(z.enum(MONTHS, { error: 'Not a known month' })),
  desiredAgeGroup: optionalFilter(z.enum(AGE_GROUPS, { error: 'Not a known age group' })),
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

export const ResumeSchema = ResumeTileSchema.extend({
  email: z.string(),
  resumeHtml: z.string(),
  resumeUrl: z.string(),
  published: z.boolean(),
});
export type Resume = z.infer<typeof ResumeSchema>;
