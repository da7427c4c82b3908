// Applying on site (BEYOND §5): a teacher applies to a job, lists and withdraws their applications;
// a job's owner lists, opens and decides on the applications to it. The hiring conversation (BEYOND
// §10): its messages, interviews and offer, for the two parties. Answers are checked with the shared
// schemas: this module loads only for a logged-in member (after the posting page's own code), on the
// account page, the applicants page and the conversation page.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  ApplicantAnswerSchema,
  ApplicationAnswerSchema,
  InterviewAnswerSchema,
  JobApplicationsAnswerSchema,
  MessageAnswerSchema,
  MessagesAnswerSchema,
  MyApplicationsAnswerSchema,
  OfferAnswerSchema,
  type Applicant,
  type Application,
  type ApplicationDetail,
  type ApplyInput,
  type ConversationMessage,
  type EmployerDecision,
  type Interview,
  type InterviewProposalInput,
  type MyApplication,
  type Offer,
  type OfferCreateInput,
  type Resume,
} from '@teacheast/shared';
import { api } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';

const enc = encodeURIComponent;

/** Everything here is private: dropped with every other private query at logout (lib/session.ts). */
const applicationKeys = {
  all: ['applications'] as const,
  mine: ['applications', 'mine'] as const,
  /** Every job's applicant list. */
  jobs: ['applications', 'job'] as const,
  job: (jobUuid: string) => ['applications', 'job', jobUuid] as const,
  one: (id: string) => ['applications', 'one', id] as const,
  messages: (id: string) => ['applications', 'messages', id] as const,
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

function openApplication(id: string, signal?: AbortSignal): Promise<ApplicationDetail> {
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
  const merge = <T extends Application>(applicant: T): T =>
    applicant.id === application.id
      ? { ...applicant, status: application.status, history: application.history }
      : applicant;
  client.setQueryData<Applicant[]>(applicationKeys.job(application.jobUuid), (list) => list?.map(merge));
  client.setQueryData<ApplicationDetail>(applicationKeys.one(application.id), (one) => (one ? merge(one) : one));
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

/**
 * Opens one application, as the job's owner (the server marks it viewed, and the list shows it so) or
 * as its teacher: with its job, interviews and offer.
 */
export function useApplication(id: string | null) {
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

// ---- the hiring conversation (BEYOND §10) ----

function listMessages(id: string, signal?: AbortSignal): Promise<ConversationMessage[]> {
  return api
    .get(`/api/applications/${enc(id)}/messages`, { schema: MessagesAnswerSchema, signal })
    .then((d) => d.messages);
}

function sendMessage(id: string, body: string): Promise<ConversationMessage> {
  return api
    .post(`/api/applications/${enc(id)}/messages`, { body }, { schema: MessageAnswerSchema })
    .then((d) => d.message);
}

function proposeInterview(id: string, proposal: InterviewProposalInput): Promise<Interview> {
  return api
    .post(`/api/applications/${enc(id)}/interviews`, proposal, { schema: InterviewAnswerSchema })
    .then((d) => d.interview);
}

function acceptSlot(id: string, slotId: string): Promise<Interview> {
  return api
    .post(`/api/applications/${enc(id)}/interviews/${enc(slotId)}/accept`, undefined, {
      schema: InterviewAnswerSchema,
    })
    .then((d) => d.interview);
}

function cancelInterview(id: string, interviewId: string, reason: string): Promise<Interview> {
  return api
    .post(
      `/api/applications/${enc(id)}/interviews/${enc(interviewId)}/cancel`,
      { reason },
      {
        schema: InterviewAnswerSchema,
      },
    )
    .then((d) => d.interview);
}

function makeOffer(id: string, offer: OfferCreateInput): Promise<Offer> {
  return api.post(`/api/applications/${enc(id)}/offer`, offer, { schema: OfferAnswerSchema }).then((d) => d.offer);
}

function answerOffer(id: string, answer: 'accept' | 'decline'): Promise<Offer> {
  return api
    .post(`/api/applications/${enc(id)}/offer/${answer}`, undefined, { schema: OfferAnswerSchema })
    .then((d) => d.offer);
}

/** Reading the messages marks them read: the badges of both lists and of the application say so at once. */
function markRead(client: QueryClient, id: string): void {
  const read = <T extends { id: string; unread: number }>(one: T): T => (one.id === id ? { ...one, unread: 0 } : one);
  client.setQueryData<MyApplication[]>(applicationKeys.mine, (list) => list?.map(read));
  client.setQueriesData<Applicant[]>({ queryKey: applicationKeys.jobs }, (list) => list?.map(read));
  client.setQueryData<ApplicationDetail>(applicationKeys.one(id), (one) => (one ? read(one) : one));
}

/** How often an open conversation asks for new messages while its page is in view. */
const MESSAGES_REFRESH_MS = 30_000;

/** The conversation's messages, oldest first, asked again every half minute while the page is in view. */
export function useMessages(id: string) {
  const client = useQueryClient();
  return useQuery({
    queryKey: applicationKeys.messages(id),
    queryFn: async ({ signal }) => {
      const messages = await listMessages(id, signal);
      markRead(client, id);
      return messages;
    },
    refetchInterval: MESSAGES_REFRESH_MS,
  });
}

export function useSendMessage(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => sendMessage(id, body),
    onSuccess: (message) => {
      client.setQueryData<ConversationMessage[]>(applicationKeys.messages(id), (list) =>
        list && !list.some((m) => m.id === message.id) ? [...list, message] : list,
      );
    },
  });
}

/** The application read again after a change of its stage (an interview proposed, an offer made or answered). */
function refreshApplication(client: QueryClient, id: string): void {
  void client.invalidateQueries({ queryKey: applicationKeys.one(id) });
  void client.invalidateQueries({ queryKey: applicationKeys.mine });
  void client.invalidateQueries({ queryKey: applicationKeys.jobs });
}

/** Puts an interview as the server answered it into the application, new or changed. */
function storeInterview(client: QueryClient, id: string, interview: Interview): void {
  client.setQueryData<ApplicationDetail>(applicationKeys.one(id), (one) => {
    if (!one) return one;
    const isKnown = one.interviews.some((i) => i.id === interview.id);
    const interviews = isKnown
      ? one.interviews.map((i) => (i.id === interview.id ? interview : i))
      : [...one.interviews, interview];
    return { ...one, interviews };
  });
}

function storeOffer(client: QueryClient, id: string, offer: Offer): void {
  client.setQueryData<ApplicationDetail>(applicationKeys.one(id), (one) => (one ? { ...one, offer } : one));
}

export function useProposeInterview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (proposal: InterviewProposalInput) => proposeInterview(id, proposal),
    onSuccess: (interview) => {
      storeInterview(client, id, interview);
      refreshApplication(client, id);
    },
  });
}

/** Accepting a time; when it is gone (SLOT_GONE) the application is read again to show what holds now. */
export function useAcceptSlot(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (slotId: string) => acceptSlot(id, slotId),
    onSuccess: (interview) => storeInterview(client, id, interview),
    onSettled: () => refreshApplication(client, id),
  });
}

export function useCancelInterview(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ interviewId, reason }: { interviewId: string; reason: string }) =>
      cancelInterview(id, interviewId, reason),
    onSuccess: (interview) => storeInterview(client, id, interview),
    onSettled: () => refreshApplication(client, id),
  });
}

export function useMakeOffer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (offer: OfferCreateInput) => makeOffer(id, offer),
    onSuccess: (offer) => storeOffer(client, id, offer),
    onSettled: () => refreshApplication(client, id),
  });
}

export function useAnswerOffer(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (answer: 'accept' | 'decline') => answerOffer(id, answer),
    onSuccess: (offer) => storeOffer(client, id, offer),
    onSettled: () => refreshApplication(client, id),
  });
}
