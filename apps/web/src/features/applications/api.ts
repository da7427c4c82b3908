// Applying on site (BEYOND §5): a teacher applies to a job, lists and withdraws their applications;
// a job's owner lists, opens and decides on the applications to it. Answers are checked with the
// shared schemas: this module loads only for a logged-in member (after the posting page's own code),
// on the account page and on the applicants page.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ApplicantAnswerSchema,
  ApplicationAnswerSchema,
  JobApplicationsAnswerSchema,
  MyApplicationsAnswerSchema,
  type Applicant,
  type Application,
  type ApplyInput,
  type EmployerDecision,
  type MyApplication,
  type Resume,
} from '@teacheast/shared';
import { api } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';

const enc = encodeURIComponent;

/** Everything here is private: dropped with every other private query at logout (lib/session.ts). */
const applicationKeys = {
  all: ['applications'] as const,
  mine: ['applications', 'mine'] as const,
  job: (jobUuid: string) => ['applications', 'job', jobUuid] as const,
  one: (id: string) => ['applications', 'one', id] as const,
  resumeIsPublished: (userUuid: string) => ['applications', 'resume-published', userUuid] as const,
};

function apply(jobUuid: string, body: ApplyInput): Promise<Application> {
  return api
    .post(`/api/jobs/${enc(jobUuid)}/applications`, body, { schema: ApplicationAnswerSchema })
    .then((d) => d.application);
}

function listMyApplications(signal?: AbortSignal): Promise<MyApplication[]> {
  return api.get('/api/applications', { schema: MyApplicationsAnswerSchema, signal }).then((d) => d.applications);
}

function withdrawApplication(id: string): Promise<Application> {
  return api
    .post(`/api/applications/${enc(id)}/withdraw`, undefined, { schema: ApplicationAnswerSchema })
    .then((d) => d.application);
}

function listJobApplications(jobUuid: string, signal?: AbortSignal): Promise<Applicant[]> {
  return api
    .get(`/api/jobs/${enc(jobUuid)}/applications`, { schema: JobApplicationsAnswerSchema, signal })
    .then((d) => d.applications);
}

function openApplication(id: string, signal?: AbortSignal): Promise<Applicant> {
  return api.get(`/api/applications/${enc(id)}`, { schema: ApplicantAnswerSchema, signal }).then((d) => d.application);
}

function decideApplication(id: string, status: EmployerDecision): Promise<Application> {
  return api
    .patch(`/api/applications/${enc(id)}`, { status }, { schema: ApplicationAnswerSchema })
    .then((d) => d.application);
}

/**
 * Whether the member's resume is published: what the resume wizard's preview says (404: no resume).
 * Typed by the shared schema, not checked: checking it would split the resume schemas into a chunk
 * of their own, whose name every first download carries in its route table (decision 005); a wrong
 * answer here only shows Apply, and the server's answer to it then says what is missing.
 */
async function isResumePublished(userUuid: string, signal?: AbortSignal): Promise<boolean> {
  try {
    const resume = await api.get<Resume>(`/api/post-resume/preview/${enc(userUuid)}`, { signal });
    return resume.published === true;
  } catch (error) {
    if (isApiError(error) && error.status === 404) return false;
    throw error;
  }
}

/** The applicant list's entry for `id` takes the fields of an answer about it (status, history). */
function updateApplicant(client: QueryClient, application: Application): void {
  const merge = (applicant: Applicant): Applicant =>
    applicant.id === application.id
      ? { ...applicant, status: application.status, history: application.history }
      : applicant;
  client.setQueryData<Applicant[]>(applicationKeys.job(application.jobUuid), (list) => list?.map(merge));
  client.setQueryData<Applicant>(applicationKeys.one(application.id), (one) => (one ? merge(one) : one));
}

export function useMyApplications(options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: applicationKeys.mine,
    queryFn: ({ signal }) => listMyApplications(signal),
    enabled: options.enabled,
  });
}

export function useResumeIsPublished(userUuid: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: applicationKeys.resumeIsPublished(userUuid),
    queryFn: ({ signal }) => isResumePublished(userUuid, signal),
    enabled: options.enabled,
    // Published a moment ago in another tab: ask again each time a posting opens.
    staleTime: 0,
  });
}

/** Sends an application; the member's list is read again, the job's applicant list too. */
/**
 * Applying. The dialog's reactions are the mutation's own callbacks, run before the lists are
 * fetched again: callbacks given to mutate() would be dropped if that refetch re-rendered the dialog.
 */
export function useApply(
  jobUuid: string,
  reactions: { onSuccess?: () => void; onError?: (failure: Error) => void } = {},
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ApplyInput) => apply(jobUuid, body),
    onSuccess: () => reactions.onSuccess?.(),
    onError: (failure) => reactions.onError?.(failure),
    onSettled: () => client.invalidateQueries({ queryKey: applicationKeys.all }),
  });
}

export function useWithdrawApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: withdrawApplication,
    onSuccess: (application) => {
      client.setQueryData<MyApplication[]>(applicationKeys.mine, (list) =>
        list?.map((mine) =>
          mine.id === application.id ? { ...mine, status: application.status, history: application.history } : mine,
        ),
      );
    },
    onSettled: () => client.invalidateQueries({ queryKey: applicationKeys.mine }),
  });
}

/** The job's applications, for its owner; a 404 for anyone else (which is how a posting tells its owner). */
export function useJobApplications(jobUuid: string, options: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: applicationKeys.job(jobUuid),
    queryFn: ({ signal }) => listJobApplications(jobUuid, signal),
    enabled: options.enabled,
  });
}

/** Opens one application as the job's owner: the server marks it viewed, and the list shows it so. */
export function useApplicant(id: string | null) {
  const client = useQueryClient();
  return useQuery({
    queryKey: applicationKeys.one(id ?? ''),
    queryFn: async ({ signal }) => {
      const applicant = await openApplication(id!, signal);
      updateApplicant(client, applicant);
      return applicant;
    },
    enabled: id !== null,
    staleTime: 0,
  });
}

export function useDecideApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: EmployerDecision }) => decideApplication(id, status),
    onSuccess: (application) => {
      updateApplicant(client, application);
      void client.invalidateQueries({ queryKey: applicationKeys.job(application.jobUuid) });
    },
  });
}
