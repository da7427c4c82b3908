import { z } from 'zod';
import { EligibilityFactsSchema } from '../eligibility/eligibility-schema.js';
import { JobAlertSchema } from './alerts.js';
import { ApplicationSchema } from './applications.js';
import { ConversationMessageSchema, InterviewSchema, OfferSchema } from './conversation.js';
import { REQUIRED } from './common.js';
import { JobDetailsViewSchema } from './jobs.js';
import { ResumeDetailsAnswerSchema } from './resumes.js';
import { SchoolSchema } from './schools.js';
import { SubscriptionViewSchema } from './subscriptions.js';

/** DELETE /api/account: the account's password confirms the deletion. */
export const DeleteAccountSchema = z.object({
  password: z.string({ error: REQUIRED }).min(1, REQUIRED).max(200),
});
export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;

const isoTime = z.string();

/**
 * GET /api/account/export: everything held about the caller, as a file to download. Times are ISO
 * strings. Strict at every level: a field the export gains must be named here too, or the answer
 * fails (and its test with it) instead of leaving that field out of the user's copy.
 */
export const AccountExportSchema = z.strictObject({
  exportedAt: isoTime,
  account: z.strictObject({
    uuid: z.string(),
    email: z.string(),
    createdAt: isoTime,
    confirmedAt: isoTime.nullable(),
  }),
  jobs: z.array(
    z.strictObject({
      ...JobDetailsViewSchema.omit({ status: true }).shape,
      descriptionHTML: z.string(),
      thumbnail: z.string().nullable(),
      images: z.array(z.string()),
      publishedDate: isoTime.nullable(),
      createdAt: isoTime,
    }),
  ),
  savedJobs: z.array(
    z.strictObject({
      uuid: z.string(),
      companyName: z.string(),
      city: z.string(),
      country: z.string(),
      savedAt: isoTime,
    }),
  ),
  resume: z
    .strictObject({
      uuid: z.string(),
      ...ResumeDetailsAnswerSchema.shape,
      resumeHtml: z.string(),
      hasPdf: z.boolean(),
      hasProfileImage: z.boolean(),
      publishedAt: isoTime.nullable(),
      lastUpdatedAt: isoTime,
    })
    .nullable(),
  subscriptions: z.array(z.strictObject({ id: z.string(), ...SubscriptionViewSchema.shape })),
  credits: z.array(z.strictObject({ delta: z.number(), reason: z.string(), at: isoTime })),
  payments: z.array(
    z.strictObject({
      id: z.string(),
      kind: z.string(),
      quantity: z.string().nullable(),
      amountCents: z.number(),
      status: z.string(),
      at: isoTime,
    }),
  ),
  contactMessages: z.array(z.strictObject({ subject: z.string(), text: z.string(), at: isoTime })),
  /**
   * The account's job alerts (`email` null), and those made with its address, as typed, before it
   * signed in (the same mailbox: `+tags` and Gmail's dots aside).
   */
  jobAlerts: z.array(
    z.strictObject({
      ...JobAlertSchema.shape,
      email: z.string().nullable(),
      confirmedAt: isoTime.nullable(),
      unsubscribedAt: isoTime.nullable(),
      lastMailedAt: isoTime.nullable(),
    }),
  ),
  /** The applications the account made as a teacher, each with its stages and the job it went to. */
  applications: z.array(
    z.strictObject({
      ...ApplicationSchema.shape,
      jobTitle: z.string(),
      companyName: z.string(),
      updatedAt: isoTime,
      /** The conversation with the school (BEYOND §10): its messages and interviews. */
      messages: z.array(z.strictObject(ConversationMessageSchema.shape)),
      interviews: z.array(InterviewSchema),
      offers: z.array(OfferSchema.omit({ differences: true })),
    }),
  ),
  /** The facts it gave for visa eligibility (BEYOND §7), or null. */
  eligibilityFacts: EligibilityFactsSchema.nullable(),
  /** Who sees its resume (BEYOND §11), and who opened it. */
  resumePrivacy: z.strictObject({ visibility: z.string(), hiddenFromDomains: z.array(z.string()) }),
  resumeViews: z.array(
    z.strictObject({ viewer: z.strictObject({ name: z.string(), school: z.string().optional() }), at: isoTime }),
  ),
  /** The postings it reported (BEYOND §9). */
  reportsMade: z.array(
    z.strictObject({ jobUuid: z.string(), reason: z.string(), details: z.string(), status: z.string(), at: isoTime }),
  ),
  /** The schools it created (BEYOND §8), each with the registration checks it asked for. */
  schools: z.array(
    z.strictObject({
      ...SchoolSchema.shape,
      createdAt: isoTime,
      registrations: z.array(
        z.strictObject({
          registrationNumber: z.string(),
          status: z.string(),
          requestedAt: isoTime,
          checkedAt: isoTime.nullable(),
          note: z.string().nullable(),
        }),
      ),
    }),
  ),
});
export type AccountExport = z.infer<typeof AccountExportSchema>;
