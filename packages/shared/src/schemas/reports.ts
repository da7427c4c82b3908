// Trust and safety (BEYOND §9): reports of a posting, and the operators' console (report queue, held
// jobs, users, audit log). The school checks' part of the console is in schools.ts.
import { z } from 'zod';
import { type Option } from '../enums.js';
import { REQUIRED, UNSTORABLE_TEXT, isStorableText, requiredChoice, uuidParam } from './common.js';

export const REPORT_REASONS = [
  { value: 'asks_for_money', label: 'Asks teachers for money' },
  { value: 'wrong_visa', label: 'Wrong or no work visa' },
  { value: 'terms_differ', label: 'The terms differ from the ad' },
  { value: 'fake_school', label: 'The school is not real' },
  { value: 'discriminatory', label: 'Discriminatory requirements' },
  { value: 'suspicious_contact', label: 'Suspicious contact details' },
  { value: 'filled', label: 'The job is already filled' },
  { value: 'other', label: 'Something else' },
] as const satisfies readonly Option[];
export type ReportReason = (typeof REPORT_REASONS)[number]['value'];
export const REPORT_REASON_VALUES = REPORT_REASONS.map((r) => r.value) as [ReportReason, ...ReportReason[]];

/** The reasons that hold a job once three confirmed accounts give one of them within HOLD_WINDOW_DAYS. */
export const SERIOUS_REPORT_REASONS: readonly ReportReason[] = ['asks_for_money', 'fake_school', 'suspicious_contact'];
export const HOLD_REPORTS = 3;
export const HOLD_WINDOW_DAYS = 7;
export const REPORT_DETAILS_MIN = 10;
export const REPORT_DETAILS_MAX = 2_000;

export function reportReasonLabel(reason: string): string {
  return REPORT_REASONS.find((r) => r.value === reason)?.label ?? reason;
}

/** POST /api/jobs/{uuid}/reports */
export const ReportCreateSchema = z.strictObject({
  reason: requiredChoice(REPORT_REASON_VALUES),
  details: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .min(REPORT_DETAILS_MIN, `Must be at least ${REPORT_DETAILS_MIN} characters`)
    .max(REPORT_DETAILS_MAX, `No more than ${REPORT_DETAILS_MAX} characters`)
    .refine(isStorableText, UNSTORABLE_TEXT),
});
export type ReportCreateInput = z.input<typeof ReportCreateSchema>;
export type ReportCreate = z.output<typeof ReportCreateSchema>;

export const ReportCreatedSchema = z.object({
  message: z.string(),
  report: z.object({ id: z.string(), reason: z.enum(REPORT_REASON_VALUES), createdAt: z.string() }),
});
export type ReportCreated = z.infer<typeof ReportCreatedSchema>;

const note = z.string().trim().max(1_000, 'No more than 1000 characters').refine(isStorableText, UNSTORABLE_TEXT);

/** POST /api/operator/reports/{id}/resolve */
export const ReportResolveSchema = z.strictObject({
  action: requiredChoice(['dismiss', 'remove'] as const),
  note: note.default(''),
});
export type ReportResolveInput = z.input<typeof ReportResolveSchema>;

export const ReportParamsSchema = z.object({ id: uuidParam });

/** A job as the console shows it. */
export const OperatorJobSchema = z.object({
  uuid: z.string(),
  title: z.string(),
  companyName: z.string(),
  country: z.string(),
  city: z.string(),
  ownerEmail: z.string().nullable(),
  /** live, held (under review), removed (taken down), expired or unpublished. */
  state: z.enum(['live', 'held', 'removed', 'expired', 'unpublished']),
  heldAt: z.string().nullable(),
});
export type OperatorJob = z.infer<typeof OperatorJobSchema>;

/** GET /api/operator/reports: the open reports, oldest first. */
export const OperatorReportSchema = z.object({
  id: z.string(),
  reason: z.enum(REPORT_REASON_VALUES),
  details: z.string(),
  createdAt: z.string(),
  /** The reporter's address, or null for a report made without an account. */
  reporterEmail: z.string().nullable(),
  job: OperatorJobSchema,
  /** Open reports of the same job, this one included. */
  openReportsOfJob: z.number(),
});
export type OperatorReport = z.infer<typeof OperatorReportSchema>;
export const OperatorReportsAnswerSchema = z.object({ reports: z.array(OperatorReportSchema) });
export type OperatorReportsAnswer = z.infer<typeof OperatorReportsAnswerSchema>;

export const ReportResolvedSchema = z.object({
  id: z.string(),
  status: z.enum(['dismissed', 'removed']),
  resolvedAt: z.string(),
});

/** GET /api/operator/jobs/held: the jobs under review, longest held first. */
export const HeldJobsAnswerSchema = z.object({ jobs: z.array(OperatorJobSchema) });
export type HeldJobsAnswer = z.infer<typeof HeldJobsAnswerSchema>;
export const ReleasedJobSchema = z.object({ job: OperatorJobSchema });

/** GET /api/operator/users?email= : accounts whose address starts with the text. */
export const OperatorUsersQuerySchema = z.object({
  email: z.string().trim().min(1, REQUIRED).max(254, 'No more than 254 characters'),
});
export const OperatorUserSchema = z.object({
  uuid: z.string(),
  email: z.string(),
  createdAt: z.string(),
  confirmed: z.boolean(),
  operator: z.boolean(),
  suspendedAt: z.string().nullable(),
  jobs: z.number(),
});
export type OperatorUser = z.infer<typeof OperatorUserSchema>;
export const OperatorUsersAnswerSchema = z.object({ users: z.array(OperatorUserSchema) });
export type OperatorUsersAnswer = z.infer<typeof OperatorUsersAnswerSchema>;
export const OperatorUserParamsSchema = z.object({ uuid: uuidParam });
export const SuspendedUserSchema = z.object({ user: OperatorUserSchema });

/** GET /api/operator/audit: every operator action, newest first. */
export const AuditEntrySchema = z.object({
  id: z.string(),
  at: z.string(),
  /** Who acted: an operator's address, or "admin command". */
  actor: z.string(),
  action: z.string(),
  subjectKind: z.string(),
  subjectId: z.string(),
  note: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;
export const AuditAnswerSchema = z.object({ entries: z.array(AuditEntrySchema) });
export type AuditAnswer = z.infer<typeof AuditAnswerSchema>;

/** What the console's pages ask who is signing in: GET /api/operator/me (404 to everyone else). */
export const OperatorMeSchema = z.object({ email: z.string(), operatorSince: z.string() });
