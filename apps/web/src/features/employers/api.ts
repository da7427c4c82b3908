// The employers' calls: credits, payments, job creation, the wizard's steps and the account's job
// lists, each with its TanStack Query hook. Answers are validated with the shared schemas.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ClientSecretAnswerSchema,
  CouponSignUpAnswerSchema,
  CreatedJobSchema,
  CreditsAnswerSchema,
  ExpiredJobsAnswerSchema,
  HeaderImageAnswerSchema,
  JobDetailsAnswerSchema,
  JobImagesSchema,
  JobSchema,
  MessageSchema,
  PublishedJobsAnswerSchema,
  RichTextSchema,
  SavedHeaderImageAnswerSchema,
  SavedJobDetailsAnswerSchema,
  TestPaymentConfirmAnswerSchema,
  UnpublishedJobsAnswerSchema,
  type CarouselUpload,
  type Card,
  type CouponSignUp,
  type CreditIntent,
  type CreditPack,
  type HeaderImageUpload,
  type JobDetails,
  type JobDetailsView,
  type PageQuery,
  type RichText,
  type TestPaymentConfirm,
} from '@teacheast/shared';
import { api, apiRequest, upload } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { uploadInParts } from './carousel-upload';

export type { JobDetailsView };

export const employerKeys = {
  credits: (userUuid: string) => ['employers', 'credits', userUuid] as const,
  details: (uuid: string) => ['employers', 'details', uuid] as const,
  description: (uuid: string) => ['employers', 'description', uuid] as const,
  header: (uuid: string) => ['employers', 'header', uuid] as const,
  images: (uuid: string) => ['employers', 'images', uuid] as const,
  preview: (uuid: string) => ['employers', 'preview', uuid] as const,
  lists: (userUuid: string) => ['employers', 'lists', userUuid] as const,
  unpublished: (userUuid: string) => ['employers', 'lists', userUuid, 'unpublished'] as const,
  published: (userUuid: string, page: number) => ['employers', 'lists', userUuid, 'published', page] as const,
  expired: (userUuid: string) => ['employers', 'lists', userUuid, 'expired'] as const,
};

// ---- credits and payments ----

export function useCredits(userUuid: string | undefined) {
  return useQuery({
    queryKey: employerKeys.credits(userUuid ?? ''),
    queryFn: () => api.get(`/api/credits/${userUuid}`, { schema: CreditsAnswerSchema }).then((r) => r.credits),
    enabled: Boolean(userUuid),
  });
}

export async function createCreditIntent(userUuid: string, quantity: CreditPack): Promise<string> {
  const { client_secret } = await api.post('/api/payments-jobs/', { quantity, userUuid } satisfies CreditIntent, {
    schema: ClientSecretAnswerSchema,
  });
  return client_secret;
}

export async function confirmTestPayment(clientSecret: string, card: Card): Promise<void> {
  await api.post('/api/test-payments/confirm', { client_secret: clientSecret, card } satisfies TestPaymentConfirm, {
    schema: TestPaymentConfirmAnswerSchema,
  });
}

// ---- jobs ----

export function useCreateJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userUuid: string) => api.post(`/api/jobs/create/${userUuid}`, undefined, { schema: CreatedJobSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: ['employers'] }),
  });
}

export function useRelistJob(userUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api.post(`/api/jobs/relist/${uuid}/${userUuid}`, undefined, { schema: CreatedJobSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: ['employers'] }),
  });
}

export function useJobDetails(uuid: string, userUuid: string) {
  return useQuery({
    queryKey: employerKeys.details(uuid),
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
      client.setQueryData(employerKeys.details(uuid), result.job);
      void client.invalidateQueries({ queryKey: employerKeys.preview(uuid) });
      void client.invalidateQueries({ queryKey: employerKeys.lists(userUuid) });
    },
  });
}

export function useJobDescription(uuid: string, userUuid: string) {
  return useQuery({
    queryKey: employerKeys.description(uuid),
    queryFn: () =>
      api.get(`/api/job/richtext/${uuid}/${userUuid}`, { schema: RichTextSchema }).then((r) => r.descriptionHTML),
  });
}

export function useSaveJobDescription(uuid: string, userUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (descriptionHTML: string) =>
      api.post(`/api/job/richtext/${uuid}/${userUuid}`, { descriptionHTML } satisfies RichText, {
        schema: RichTextSchema,
      }),
    onSuccess: (result) => {
      client.setQueryData(employerKeys.description(uuid), result.descriptionHTML);
      void client.invalidateQueries({ queryKey: employerKeys.preview(uuid) });
    },
  });
}

export function useHeaderImage(uuid: string, userUuid: string) {
  return useQuery({
    queryKey: employerKeys.header(uuid),
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
      client.setQueryData(employerKeys.header(uuid), {
        thumbnail: result.thumbnail,
        tileThumbnail: result.tileThumbnail,
      });
      void client.invalidateQueries({ queryKey: employerKeys.preview(uuid) });
      void client.invalidateQueries({ queryKey: employerKeys.lists(userUuid) });
    },
  });
}

export function useCarouselImages(uuid: string, userUuid: string) {
  return useQuery({
    queryKey: employerKeys.images(uuid),
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
    queryKey: employerKeys.preview(uuid),
    queryFn: () => api.get(`/api/job/preview/${uuid}/${userUuid}`, { schema: JobSchema }),
  });
}

export function usePublishJob(uuid: string, userUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(`/api/job/publish/${uuid}/${userUuid}`, undefined, { schema: MessageSchema }),
    onSettled: () => {
      void client.invalidateQueries({ queryKey: ['employers'] });
      void client.invalidateQueries({ queryKey: ['jobs'] });
    },
  });
}

// ---- account lists ----

export function useUnpublishedJobs(userUuid: string) {
  return useQuery({
    queryKey: employerKeys.unpublished(userUuid),
    queryFn: () =>
      api
        .get(`/api/jobs/unpublished/user/${userUuid}`, {
          schema: UnpublishedJobsAnswerSchema,
        })
        .then((r) => r.unpublishedJobs),
  });
}

export function usePublishedJobs(userUuid: string, page: number) {
  return useQuery({
    queryKey: employerKeys.published(userUuid, page),
    queryFn: () =>
      api
        .get(`/api/jobs/published/${userUuid}`, {
          query: { page } satisfies PageQuery,
          schema: PublishedJobsAnswerSchema,
        })
        .then((r) => r.publishedJobs),
    placeholderData: keepPreviousData,
  });
}

export function useExpiredJobs(userUuid: string) {
  return useQuery({
    queryKey: employerKeys.expired(userUuid),
    queryFn: () =>
      api.get(`/api/jobs/expired/${userUuid}`, { schema: ExpiredJobsAnswerSchema }).then((r) => r.expiredJobs),
  });
}

// ---- coupons ----

export async function redeemCoupon(input: CouponSignUp) {
  const { data, headers } = await apiRequest('POST', '/api/coupon/create-account-with-job', {
    body: input,
    schema: CouponSignUpAnswerSchema,
  });
  const token = headers.get('auth-token');
  if (!token) throw new ApiError(500, 'The sign-up worked but no session came back. Please log in.');
  return { ...data, token };
}
