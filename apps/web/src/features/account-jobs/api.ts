// The account's job lists (unpublished, published by page, expired) and relisting an expired job,
// each with its TanStack Query hook. Answers are validated with the shared schemas.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CreatedJobSchema,
  ExpiredJobsAnswerSchema,
  PublishedJobsAnswerSchema,
  UnpublishedJobsAnswerSchema,
  type PageQuery,
} from '@teacheast/shared';
import { api } from '../../lib/api-client';
import { employerJobListsKey, employerQueryRoot } from '../../lib/employer-query-keys';

// Under the employer's lists key, so the wizard's saves and publishing refresh them.
const accountJobKeys = {
  unpublished: (userUuid: string) => [...employerJobListsKey(userUuid), 'unpublished'] as const,
  published: (userUuid: string, page: number) => [...employerJobListsKey(userUuid), 'published', page] as const,
  expired: (userUuid: string) => [...employerJobListsKey(userUuid), 'expired'] as const,
};

export function useUnpublishedJobs(userUuid: string) {
  return useQuery({
    queryKey: accountJobKeys.unpublished(userUuid),
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
    queryKey: accountJobKeys.published(userUuid, page),
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
    queryKey: accountJobKeys.expired(userUuid),
    queryFn: () =>
      api.get(`/api/jobs/expired/${userUuid}`, { schema: ExpiredJobsAnswerSchema }).then((r) => r.expiredJobs),
  });
}

/** Relisting spends a credit on a new draft copied from the expired job: every employer entry changes. */
export function useRelistJob(userUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (uuid: string) =>
      api.post(`/api/jobs/relist/${uuid}/${userUuid}`, undefined, { schema: CreatedJobSchema }),
    onSettled: () => client.invalidateQueries({ queryKey: employerQueryRoot }),
  });
}
