// Applying on site (BEYOND §5): a teacher applies to a live job with their published resume and a
// cover letter; the job's owner moves the application through its stages; both see its history.
import { z } from 'zod';
import { UNSTORABLE_TEXT, isStorableText, uuidParam } from './common.js';
import { JobTileSchema } from './jobs.js';
import { EligibilityResultSchema } from '../eligibility/eligibility-schema.js';
import { InterviewSchema, OfferSchema } from './conversation.js';

export const COVER_LETTER_MAX = 5000;

export const APPLICATION_STATUSES = [
  'submitted',
  'viewed',
  'shortlisted',
  'interview',
  'offered',
  'accepted',
  'declined',
  'rejected',
  'withdrawn',
  'closed',
] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

/** The stages a job's owner may move an application to. */
export const EMPLOYER_DECISIONS = ['shortlisted', 'offered', 'rejected'] as const;
export type EmployerDecision = (typeof EMPLOYER_DECISIONS)[number];

/** POST /api/jobs/{jobUuid}/applications */
export const ApplySchema = z.object({
  coverLetter: z
    .string()
    .max(COVER_LETTER_MAX, `No more than ${COVER_LETTER_MAX} characters`)
    .refine(isStorableText, UNSTORABLE_TEXT)
    .default(''),
  /** Sent again after ELIGIBILITY_WARNING: the teacher applies knowing the reasons (BEYOND §7). */
  acknowledgeEligibility: z.boolean({ error: 'acknowledgeEligibility must be true or false' }).optional(),
});
export type ApplyInput = z.input<typeof ApplySchema>;

export const JobApplicationsParamsSchema = z.object({ jobUuid: uuidParam });
export const ApplicationParamsSchema = z.object({ id: uuidParam });

/** PATCH /api/applications/{id} */
export const ApplicationDecisionSchema = z.object({
  status: z.enum(EMPLOYER_DECISIONS, { error: 'Choose shortlisted, offered or rejected' }),
});

export const ApplicationSchema = z.object({
  id: z.string(),
  jobUuid: z.string(),
  status: z.enum(APPLICATION_STATUSES),
  coverLetter: z.string(),
  createdAt: z.string(),
  /** Every stage with the moment it was reached, oldest first (the first is `submitted`). */
  history: z.array(z.object({ status: z.enum(APPLICATION_STATUSES), at: z.string() })),
});

/** Messages of the other party the reader has not read (BEYOND §10), on both sides' lists. */
const unread = z.number();
export type Application = z.infer<typeof ApplicationSchema>;

/** POST /api/jobs/{jobUuid}/applications (201), POST /api/applications/{id}/withdraw, PATCH /api/applications/{id} */
export const ApplicationAnswerSchema = z.object({ application: ApplicationSchema });
export type ApplicationAnswer = z.infer<typeof ApplicationAnswerSchema>;

/** A teacher's own application, with the job it went to. */
export const MyApplicationSchema = ApplicationSchema.extend({ job: JobTileSchema, unread });
export type MyApplication = z.infer<typeof MyApplicationSchema>;

/** GET /api/applications: the caller's applications, newest first. */
export const MyApplicationsAnswerSchema = z.object({ applications: z.array(MyApplicationSchema) });
export type MyApplicationsAnswer = z.infer<typeof MyApplicationsAnswerSchema>;

/** An application as the job's owner sees it: who applied, and the resume to open. */
export const ApplicantSchema = ApplicationSchema.extend({
  applicantName: z.string(),
  applicantEmail: z.string(),
  resumeUuid: z.string(),
  /** The applicant's eligibility for the job's permit (BEYOND §7), from their facts; null without any. */
  eligibility: EligibilityResultSchema.nullable(),
  unread,
});
export type Applicant = z.infer<typeof ApplicantSchema>;

/** GET /api/jobs/{jobUuid}/applications: the job's applications, newest first (its owner only). */
export const JobApplicationsAnswerSchema = z.object({ applications: z.array(ApplicantSchema) });
export type JobApplicationsAnswer = z.infer<typeof JobApplicationsAnswerSchema>;

/**
 * GET /api/applications/{id}: the job's owner opening one (which marks it viewed), or its teacher;
 * with the job, the interviews proposed and the offer (BEYOND §10).
 */
export const ApplicationDetailSchema = ApplicantSchema.extend({
  /** Who is reading: the applicant or the job's owner. */
  as: z.enum(['teacher', 'school']),
  job: z.object({ uuid: z.string(), title: z.string(), companyName: z.string(), country: z.string() }),
  interviews: z.array(InterviewSchema),
  offer: OfferSchema.nullable(),
  /** Whether messages may still be sent (CONVERSATION_CLOSED otherwise). */
  open: z.boolean(),
});
export type ApplicationDetail = z.infer<typeof ApplicationDetailSchema>;
export const ApplicantAnswerSchema = z.object({ application: ApplicationDetailSchema });
export type ApplicantAnswer = z.infer<typeof ApplicantAnswerSchema>;
