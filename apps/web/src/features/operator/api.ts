// The operators' console (BEYOND §9): who is signed in as an operator, the report queue, the held
// jobs, the schools' registration checks, accounts and the audit log, each with its TanStack Query
// hook. The console is a page of its own that nobody lands on, never part of a first download, so
// answers are checked with the shared schemas. Every /api/operator/ call answers 404 to anyone who is
// not an operator.
import { useMutation, useQuery, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import {
  AuditAnswerSchema,
  HeldJobsAnswerSchema,
  OperatorMeSchema,
  OperatorReportsAnswerSchema,
  OperatorUsersAnswerSchema,
  PendingVerificationsAnswerSchema,
  ReleasedJobSchema,
  ReportResolvedSchema,
  SuspendedUserSchema,
  VerificationDecisionAnswerSchema,
  type OperatorUser,
} from '@teacheast/shared';
import { api } from '../../lib/api-client';

const enc = encodeURIComponent;

/** Everything here is private: dropped with every other private query at logout (lib/session.ts). */
const operatorKeys = {
  me: (userUuid: string) => ['operator', 'me', userUuid] as const,
  reports: ['operator', 'reports'] as const,
  heldJobs: ['operator', 'held-jobs'] as const,
  verifications: ['operator', 'verifications'] as const,
  users: ['operator', 'users'] as const,
  usersFound: (emailPrefix: string) => ['operator', 'users', emailPrefix] as const,
  audit: ['operator', 'audit'] as const,
};

// The roots of the public answers an operator's decision changes: a posting and the searches
// (features/jobs/api.ts), a school's page and the directory (features/schools/api.ts). Written here
// rather than imported, as features do not import each other's modules.
const JOB_ANSWERS = ['jobs'] as const;
const SCHOOL_ANSWERS = ['schools'] as const;

/**
 * Several operators work the same queues: a list is asked for again each time its tab opens, not
 * kept for the app's usual 30 seconds.
 */
const QUEUE_STALE_TIME = 0;

/** Asks again for the answers an action changed. Not awaited: the action's own reactions come first. */
function refresh(client: QueryClient, keys: readonly QueryKey[]): void {
  for (const queryKey of keys) void client.invalidateQueries({ queryKey });
}

/** Who the console is signed in as; a 404 (ApiError) for anyone who is not an operator. */
export function useOperatorMe(userUuid: string | null) {
  return useQuery({
    queryKey: operatorKeys.me(userUuid ?? ''),
    queryFn: ({ signal }) => api.get('/api/operator/me', { schema: OperatorMeSchema, signal }),
    // Without a session the answer is a 404 anyway: the page knows it without asking.
    enabled: userUuid !== null,
  });
}

/** The open reports, oldest first. */
export function useOpenReports() {
  return useQuery({
    queryKey: operatorKeys.reports,
    queryFn: ({ signal }) =>
      api.get('/api/operator/reports', { schema: OperatorReportsAnswerSchema, signal }).then((d) => d.reports),
    staleTime: QUEUE_STALE_TIME,
  });
}

interface ReportResolution {
  id: string;
  action: 'dismiss' | 'remove';
  note: string;
}

/** Dismisses a report, or removes its job (every open report of the job is closed with it). */
export function useResolveReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: ReportResolution) =>
      api.post(`/api/operator/reports/${enc(id)}/resolve`, { action, note }, { schema: ReportResolvedSchema }),
    // Also after a failure: another operator may have resolved the report first.
    onSettled: (_answer, _error, { action }) =>
      refresh(client, [
        operatorKeys.reports,
        operatorKeys.heldJobs,
        operatorKeys.audit,
        ...(action === 'remove' ? [JOB_ANSWERS] : []),
      ]),
  });
}

/** The jobs under review (held after reports), longest held first. */
export function useHeldJobs() {
  return useQuery({
    queryKey: operatorKeys.heldJobs,
    queryFn: ({ signal }) =>
      api.get('/api/operator/jobs/held', { schema: HeldJobsAnswerSchema, signal }).then((d) => d.jobs),
    staleTime: QUEUE_STALE_TIME,
  });
}

/** Puts a held job back in search; its open reports are dismissed and its owner told. */
export function useReleaseJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, note }: { uuid: string; note: string }) =>
      api.post(`/api/operator/jobs/${enc(uuid)}/release`, { note }, { schema: ReleasedJobSchema }).then((d) => d.job),
    onSettled: () => refresh(client, [operatorKeys.heldJobs, operatorKeys.reports, operatorKeys.audit, JOB_ANSWERS]),
  });
}

/** The schools' registration checks waiting for an operator, oldest first. */
export function usePendingVerifications() {
  return useQuery({
    queryKey: operatorKeys.verifications,
    queryFn: ({ signal }) =>
      api
        .get('/api/operator/verifications', { schema: PendingVerificationsAnswerSchema, signal })
        .then((d) => d.verifications),
    staleTime: QUEUE_STALE_TIME,
  });
}

export interface VerificationDecision {
  id: string;
  decision: 'approve' | 'reject';
  note: string;
}

/** Approves or rejects a school's registration check. */
export function useDecideVerification() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision, note }: VerificationDecision) =>
      api.post(
        `/api/operator/verifications/${enc(id)}/${decision}`,
        { note },
        { schema: VerificationDecisionAnswerSchema },
      ),
    onSettled: () => refresh(client, [operatorKeys.verifications, operatorKeys.audit, SCHOOL_ANSWERS, JOB_ANSWERS]),
  });
}

/** Accounts whose address starts with `emailPrefix`; nothing is asked while it is empty. */
export function useFoundUsers(emailPrefix: string) {
  return useQuery({
    queryKey: operatorKeys.usersFound(emailPrefix),
    queryFn: ({ signal }) =>
      api
        .get('/api/operator/users', { query: { email: emailPrefix }, schema: OperatorUsersAnswerSchema, signal })
        .then((d) => d.users),
    enabled: emailPrefix !== '',
    staleTime: QUEUE_STALE_TIME,
  });
}

/** Suspends an account: its sessions end and it can no longer log in. */
export function useSuspendUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ uuid, note }: { uuid: string; note: string }) =>
      api
        .post(`/api/operator/users/${enc(uuid)}/suspend`, { note }, { schema: SuspendedUserSchema })
        .then((d) => d.user),
    onSuccess: (user) => {
      // Every list of found accounts shows the account as it now is, before they are asked for again.
      client.setQueriesData<OperatorUser[]>({ queryKey: operatorKeys.users }, (users) =>
        users?.map((found) => (found.uuid === user.uuid ? user : found)),
      );
    },
    onSettled: () => refresh(client, [operatorKeys.users, operatorKeys.audit]),
  });
}

/** Every operator action, newest first. */
export function useAuditLog() {
  return useQuery({
    queryKey: operatorKeys.audit,
    queryFn: ({ signal }) =>
      api.get('/api/operator/audit', { schema: AuditAnswerSchema, signal }).then((d) => d.entries),
    staleTime: QUEUE_STALE_TIME,
  });
}
