// The employers' calls: credits, payments, job creation, the wizard's steps and the account's job
// lists, each with its TanStack Query hook. Answers are validated with zod.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreatedJobSchema,
  CurrentUserSchema,
  JobDetailsViewSchema,
  JobImagesSchema,
  JobSchema,
  JobTileSchema,
  RichTextSchema,
  type CouponSignUp,
  type CreditPack,
  type JobDetails,
  type JobDetailsView,
} from '@teacheast/shared';
import { z } from 'zod';
import { api, apiRequest } from '../../lib/api-client';
import { ApiError } from '../../lib/api-error';
import { readToken } from '../../lib/token-storage';
import { uploadInParts } from './carousel-upload';

const CreditsSchema = z.object({ credits: z.number() });
const ClientSecretSchema = z.object({ client_secret: z.string() });
const ConfirmSchema = z.object({ status: z.literal('succeeded') });
const MessageSchema = z.object({ message: z.string() });
export type { JobDetailsView };
const DetailsResponseSchema = z.object({ job: JobDetailsViewSchema });
const SavedDetailsSchema = z.object({ job: JobDetailsViewSchema, message: z.string() });
const HeaderImageSchema = z.object({ thumbnail: z.string().nullable(), tileThumbnail: z.string().nullable() });
const CropResultSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  thumbnail: z.string(),
  tileThumbnail: z.string(),
});
const CouponResultSchema = z.object({ message: z.string(), currentUser: CurrentUserSchema });

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
    queryFn: () => api.get(`/api/credits/${userUuid}`, { schema: CreditsSchema }).then((r) => r.credits),
    enabled: Boolean(userUuid),
  });
}

export interface TestCard {
  number: string;
  exp: string;
  cvc: string;
}

export async function createCreditIntent(userUuid: string, quantity: CreditPack): Promise<string> {
  const { client_secret } = await api.post(
    '/api/payments-jobs/',
    { quantity, userUuid },
    { schema: ClientSecretSchema },
  );
  return client_secret;
}

export async function confirmTestPayment(clientSecret: string, card: TestCard): Promise<void> {
  await api.post('/api/test-payments/confirm', { client_secret: clientSecret, card }, { schema: ConfirmSchema });
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
      api.get(`/api/jobs/details/${uuid}/${userUuid}`, { schema: DetailsResponseSchema }).then((r) => r.job),
  });
}

export function useSaveJobDetails(uuid: string, userUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (details: JobDetails) =>
      api.post(`/api/jobs/details/${uuid}/${userUuid}`, details, { schema: SavedDetailsSchema }),
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
      api.post(`/api/job/richtext/${uuid}/${userUuid}`, { descriptionHTML }, { schema: RichTextSchema }),
    onSuccess: (result) => {
      client.setQueryData(employerKeys.description(uuid), result.descriptionHTML);
      void client.invalidateQueries({ queryKey: employerKeys.preview(uuid) });
    },
  });
}

export function useHeaderImage(uuid: string, userUuid: string) {
  return useQuery({
    queryKey: employerKeys.header(uuid),
    queryFn: () => api.get(`/api/job/image-crop/${uuid}/${userUuid}`, { schema: HeaderImageSchema }),
  });
}

export function useSaveHeaderImage(uuid: string, userUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (thumbnail: string) =>
      api.post(`/api/job/image-crop/${uuid}/${userUuid}`, { thumbnail }, { schema: CropResultSchema }),
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
  return uploadInParts(images, (list, onPartProgress) => sendCarouselList(uuid, userUuid, list, onPartProgress), onProgress);
}

/**
 * Sends one carousel list with XMLHttpRequest, because fetch cannot report upload progress.
 * Errors come back as the same ApiError the rest of the app uses.
 */
function sendCarouselList(
  uuid: string,
  userUuid: string,
  images: string[],
  onProgress: (fraction: number) => void,
): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/job/image-upload/${uuid}/${userUuid}`);
    xhr.setRequestHeader('Content-Type', 'application/json');
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, 'Could not reach TeachEast. Check your connection and try again.', { errorType: 'NETWORK' }),
      );
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText) as unknown;
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        const parsed = JobImagesSchema.safeParse(body);
        if (parsed.success) resolve(parsed.data.images);
        else reject(new ApiError(xhr.status, 'The server sent an answer we did not expect.'));
        return;
      }
      const error = body as { message?: unknown; errorType?: unknown } | undefined;
      reject(
        new ApiError(
          xhr.status,
          typeof error?.message === 'string' ? error.message : 'The images could not be uploaded.',
          {
            errorType: typeof error?.errorType === 'string' ? error.errorType : undefined,
          },
        ),
      );
    };
    xhr.send(JSON.stringify({ images }));
  });
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
          schema: z.object({ unpublishedJobs: z.array(JobTileSchema) }),
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
          query: { page },
          schema: z.object({ publishedJobs: z.array(JobTileSchema) }),
        })
        .then((r) => r.publishedJobs),
    placeholderData: keepPreviousData,
  });
}

export function useExpiredJobs(userUuid: string) {
  return useQuery({
    queryKey: employerKeys.expired(userUuid),
    queryFn: () =>
      api
        .get(`/api/jobs/expired/${userUuid}`, { schema: z.object({ expiredJobs: z.array(JobTileSchema) }) })
        .then((r) => r.expiredJobs),
  });
}

// ---- coupons ----

export async function redeemCoupon(input: CouponSignUp) {
  const { data, headers } = await apiRequest('POST', '/api/coupon/create-account-with-job', {
    body: input,
    schema: CouponResultSchema,
  });
  const token = headers.get('auth-token');
  if (!token) throw new ApiError(500, 'The sign-up worked but no session came back. Please log in.');
  return { ...data, token };
}
