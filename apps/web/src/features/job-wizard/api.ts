// The job wizard's calls: creating a draft (it spends a credit), each step's read and save, the
// preview and publishing, each with its TanStack Query hook. Answers are validated with the shared schemas.
// Publishing, and saving the words of a published job, may meet the posting checks (BEYOND §9):
// postingProblemOf reads such a refusal, and the calls take the warnings the school has acknowledged.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreatedJobSchema,
  HeaderImageAnswerSchema,
  JobDetailsAnswerSchema,
  JobImagesSchema,
  JobSchema,
  JobTermsAnswerSchema,
  MessageSchema,
  POSTING_RULE_IDS,
  POSTING_RULES,
  RichTextSchema,
  SavedHeaderImageAnswerSchema,
  SavedJobDetailsAnswerSchema,
  type CarouselUpload,
  type HeaderImageUpload,
  type JobDetails,
  type JobDetailsView,
  type JobTerms,
  type PostingField,
  type PostingRuleId,
  type PostingText,
  type PublishJob,
  type RichText,
  checkPosting,
} from '@teacheast/shared';
import { api, upload } from '../../lib/api-client';
import { isApiError } from '../../lib/api-error';
import { employerJobListsKey, employerQueryRoot } from '../../lib/employer-query-keys';
import { uploadInParts } from './carousel-upload';

export type { JobDetailsView };

// Under the employer root, so a relist (account-jobs) and publishing refresh them too.
export const wizardKeys = {
  details: (uuid: string) => [...employerQueryRoot, 'details', uuid] as const,
  terms: (uuid: string) => [...employerQueryRoot, 'terms', uuid] as const,
  description: (uuid: string) => [...employerQueryRoot, 'description', uuid] as const,
  header: (uuid: string) => [...employerQueryRoot, 'header', uuid] as const,
  images: (uuid: string) => [...employerQueryRoot, 'images', uuid] as const,
  preview: (uuid: string) => [...employerQueryRoot, 'preview', uuid] as const,
};

/** Creating a job spends a credit on a new draft: the balance and the account's lists change too. */
export function useCreateJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userUuid: string) => api.post(`/api/jobs/create/${userUuid}`, undefined, { schema: CreatedJobSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: employerQueryRoot }),
  });
}

export function useJobDetails(uuid: string, userUuid: string) {
  return useQuery({
    queryKey: wizardKeys.details(uuid),
    queryFn: () =>
      api.get(`/api/jobs/details/${uuid}/${userUuid}`, { schema: JobDetailsAnswerSchema }).then((r) => r.job),
  });
}

export function useSaveJobDetails(uuid: string, userUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: JobDetails) =>
      api.post(`/api/jobs/details/${uuid}/${userUuid}`, details, { schema: SavedJobDetailsAnswerSchema }),
    onSuccess: (result) => {
      client.setQueryData(wizardKeys.details(uuid), result.job);
      void client.invalidateQueries({ queryKey: wizardKeys.preview(uuid) });
      void client.invalidateQueries({ queryKey: employerJobListsKey(userUuid) });
    },
  });
}

/** The contract sheet (BEYOND §6), or null while the school has not filled it. */
export function useJobTerms(uuid: string, userUuid: string) {
  return useQuery({
    queryKey: wizardKeys.terms(uuid),
    queryFn: () =>
      api.get(`/api/jobs/terms/${uuid}/${userUuid}`, { schema: JobTermsAnswerSchema }).then((r) => r.terms),
  });
}

/** Replaces the whole sheet; the answer is the sheet as stored. */
export function useSaveJobTerms(uuid: string, userUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (terms: JobTerms) =>
      api.put(`/api/jobs/terms/${uuid}/${userUuid}`, terms, { schema: JobTermsAnswerSchema }).then((r) => r.terms),
    onSuccess: (terms) => {
      client.setQueryData(wizardKeys.terms(uuid), terms);
      void client.invalidateQueries({ queryKey: wizardKeys.preview(uuid) });
      // The account's lists show the tile, whose salary and badges come from the sheet; so does the
      // posting of a job already published.
      void client.invalidateQueries({ queryKey: employerJobListsKey(userUuid) });
      void client.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

export function useJobDescription(uuid: string, userUuid: string) {
  return useQuery({
    queryKey: wizardKeys.description(uuid),
    queryFn: () =>
      api.get(`/api/job/richtext/${uuid}/${userUuid}`, { schema: RichTextSchema }).then((r) => r.descriptionHTML),
  });
}

/** The description, with the warnings of the checks the school has read and keeps (a published job). */
export function useSaveJobDescription(uuid: string, userUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ descriptionHTML, acknowledgeWarnings }: RichText) =>
      api.post(
        `/api/job/richtext/${uuid}/${userUuid}`,
        (acknowledgeWarnings ? { descriptionHTML, acknowledgeWarnings } : { descriptionHTML }) satisfies RichText,
        { schema: RichTextSchema },
      ),
    onSuccess: (result) => {
      client.setQueryData(wizardKeys.description(uuid), result.descriptionHTML);
      void client.invalidateQueries({ queryKey: wizardKeys.preview(uuid) });
    },
  });
}

export function useHeaderImage(uuid: string, userUuid: string) {
  return useQuery({
    queryKey: wizardKeys.header(uuid),
    queryFn: () => api.get(`/api/job/image-crop/${uuid}/${userUuid}`, { schema: HeaderImageAnswerSchema }),
  });
}

export function useSaveHeaderImage(uuid: string, userUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (thumbnail: string) =>
      upload('POST', `/api/job/image-crop/${uuid}/${userUuid}`, { thumbnail } satisfies HeaderImageUpload, {
        schema: SavedHeaderImageAnswerSchema,
      }),
    onSuccess: (result) => {
      client.setQueryData(wizardKeys.header(uuid), {
        thumbnail: result.thumbnail,
        tileThumbnail: result.tileThumbnail,
      });
      void client.invalidateQueries({ queryKey: wizardKeys.preview(uuid) });
      void client.invalidateQueries({ queryKey: employerJobListsKey(userUuid) });
    },
  });
}

export function useCarouselImages(uuid: string, userUuid: string) {
  return useQuery({
    queryKey: wizardKeys.images(uuid),
    queryFn: () =>
      api.get(`/api/job/image-upload/${uuid}/${userUuid}`, { schema: JobImagesSchema }).then((r) => r.images),
  });
}

/**
 * Saves the carousel list, in as many requests as its size needs (carousel-upload.ts), with one
 * progress fraction over them all.
 */
export function uploadCarouselImages(
  uuid: string,
  userUuid: string,
  images: readonly string[],
  onProgress: (fraction: number) => void,
): Promise<string[]> {
  return uploadInParts(
    images,
    (list, onPartProgress) => sendCarouselList(uuid, userUuid, list, onPartProgress),
    onProgress,
  );
}

/** Sends one carousel list; resolves to the list as stored. */
async function sendCarouselList(
  uuid: string,
  userUuid: string,
  images: string[],
  onProgress: (fraction: number) => void,
): Promise<string[]> {
  const answer = await upload(
    'POST',
    `/api/job/image-upload/${uuid}/${userUuid}`,
    { images } satisfies CarouselUpload,
    {
      schema: JobImagesSchema,
      onProgress,
    },
  );
  return answer.images;
}

export function useJobPreview(uuid: string, userUuid: string) {
  return useQuery({
    queryKey: wizardKeys.preview(uuid),
    queryFn: () => api.get(`/api/job/preview/${uuid}/${userUuid}`, { schema: JobSchema }),
  });
}

/** Publishes the draft; sent again with the warnings the school has read, it goes through them. */
export function usePublishJob(uuid: string, userUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (acknowledgeWarnings?: PostingRuleId[]) =>
      api.post(
        `/api/job/publish/${uuid}/${userUuid}`,
        acknowledgeWarnings ? ({ acknowledgeWarnings } satisfies PublishJob) : undefined,
        { schema: MessageSchema },
      ),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: employerQueryRoot });
      void client.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

// ---- the posting checks' refusals (BEYOND §9) ----

/** One thing the checks found, as the wizard shows it: the words, what is wrong, what to write, and where. */
export interface PostingProblemIssue {
  rule: PostingRuleId;
  excerpt: string;
  message: string;
  suggestion?: string;
  field: PostingField;
}

/** A save or publish the checks stopped: refused (400 POSTING_CHECK) or waiting for the school's word (409). */
export interface PostingProblem {
  kind: 'refused' | 'warning';
  issues: PostingProblemIssue[];
}

const isRuleId = (rule: unknown): rule is PostingRuleId => POSTING_RULE_IDS.some((id) => id === rule);

/** Where the words are: as the checks here find them in the text sent, else the field whose text holds them. */
function fieldOf(issue: { rule: PostingRuleId; excerpt: string }, sent: PostingText): PostingField {
  const check = checkPosting(sent);
  const same = [...check.blocks, ...check.warnings].find((f) => f.rule === issue.rule && f.excerpt === issue.excerpt);
  if (same) return same.field;
  const words = issue.excerpt.replace(/^…|…$/g, '').trim().toLowerCase();
  if (words !== '' && sent.title.toLowerCase().includes(words)) return 'title';
  if (words !== '' && sent.payNotes.toLowerCase().includes(words)) return 'payNotes';
  return 'descriptionHTML';
}

/**
 * What the posting checks said of a save or publish that failed with 400 POSTING_CHECK or 409
 * POSTING_WARNING (the server's `issues`, each placed in the field its words are in), or null for any
 * other failure.
 */
export function postingProblemOf(error: unknown, sent: PostingText): PostingProblem | null {
  if (!isApiError(error)) return null;
  const kind =
    error.errorType === 'POSTING_CHECK' ? 'refused' : error.errorType === 'POSTING_WARNING' ? 'warning' : null;
  if (kind === null) return null;
  const issues = (error.issues ?? []).flatMap((issue) => {
    if (!isRuleId(issue.rule)) return [];
    const rule = POSTING_RULES.find((r) => r.id === issue.rule);
    return [
      {
        rule: issue.rule,
        excerpt: issue.excerpt,
        message: issue.message ?? rule?.message ?? error.message,
        ...(issue.suggestion ? { suggestion: issue.suggestion } : {}),
        field: fieldOf({ rule: issue.rule, excerpt: issue.excerpt }, sent),
      },
    ];
  });
  return issues.length > 0 ? { kind, issues } : null;
}
