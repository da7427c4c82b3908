// The job board's calls: search, cities, postings, saved jobs and metrics, each with its TanStack
// Query hook. This module is part of /jobs's first download, where zod does not fit
// (docs/decisions/005-lean-first-load.md): the answers are typed by the shared schemas, not checked.
// The posting's visit counting lives beside its only user (components/use-posting-visit.ts), out of
// that download.
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  apiPathOf,
  type CitiesAnswer,
  type FavoriteAnswer,
  type Job,
  type JobAnswer,
  type JobMetrics,
  type JobSearchAnswer,
  type JobTile,
  type SavedJobsAnswer,
  type SearchTermsFilters,
} from '@teacheast/shared';
import { api } from '../../lib/api-client';

/** A search as the API takes it; the contract-sheet filters as the query writes them ('1' for a flag). */
export interface JobSearchParams extends SearchTermsFilters {
  country: string;
  city?: string;
  ageGroup?: string;
  q?: string;
  page: number;
}

export const jobKeys = {
  search: (params: JobSearchParams) => ['jobs', 'search', params] as const,
  cities: (country: string) => ['jobs', 'cities', country] as const,
  job: (uuid: string) => ['jobs', 'job', uuid] as const,
  saved: (userUuid: string) => ['saved-jobs', userUuid] as const,
  metrics: (uuid: string) => ['job-metrics', uuid] as const,
};

function searchJobs(params: JobSearchParams, signal?: AbortSignal): Promise<JobTile[]> {
  // The path the server's render of the same search finds its answer under (app/prerender.ts).
  return api.get<JobSearchAnswer>(apiPathOf({ kind: 'search', ...params }), { signal }).then((d) => d.results);
}

export function useJobSearch(params: JobSearchParams | null) {
  return useQuery({
    queryKey: params ? jobKeys.search(params) : ['jobs', 'search', 'none'],
    queryFn: ({ signal }) => searchJobs(params!, signal),
    enabled: params !== null,
    // Keep the old tiles on screen while the next page loads, instead of a flash of nothing.
    placeholderData: keepPreviousData,
  });
}

export function useCitiesWithJobs(country: string | null) {
  return useQuery({
    queryKey: jobKeys.cities(country ?? ''),
    queryFn: ({ signal }) => api.get<CitiesAnswer>(apiPathOf({ kind: 'cities', country: country! }), { signal }),
    enabled: country !== null,
  });
}

export function useJob(uuid: string) {
  return useQuery({
    queryKey: jobKeys.job(uuid),
    queryFn: ({ signal }) => api.get<JobAnswer>(apiPathOf({ kind: 'posting', uuid }), { signal }).then((d) => d.job),
  });
}

export function useSavedJobs(userUuid: string) {
  return useQuery({
    queryKey: jobKeys.saved(userUuid),
    queryFn: ({ signal }) =>
      api.get<SavedJobsAnswer>(`/api/favorites/${encodeURIComponent(userUuid)}`, { signal }).then((d) => d.jobs),
  });
}

export interface SaveJobInput {
  userUuid: string;
  jobUuid: string;
  save: boolean;
}

/** Saves or unsaves a job, then updates the posting's savers and the saved list from the answer. */
export function useToggleSavedJob() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userUuid, jobUuid, save }: SaveJobInput) =>
      api.post<FavoriteAnswer>(
        save
          ? `/api/favorites/${encodeURIComponent(userUuid)}/${encodeURIComponent(jobUuid)}`
          : `/api/favorites/remove/${encodeURIComponent(userUuid)}/${encodeURIComponent(jobUuid)}`,
      ),
    onSuccess: (result, { userUuid, jobUuid, save }) => {
      client.setQueryData<Job>(jobKeys.job(jobUuid), (job) =>
        job ? { ...job, favoritedBy: result.favoritedBy } : job,
      );
      if (!save) {
        client.setQueryData<JobTile[]>(jobKeys.saved(userUuid), (jobs) => jobs?.filter((j) => j.uuid !== jobUuid));
      }
      void client.invalidateQueries({ queryKey: jobKeys.saved(userUuid) });
    },
  });
}

export function useJobMetrics(uuid: string) {
  return useQuery({
    queryKey: jobKeys.metrics(uuid),
    queryFn: ({ signal }) => api.get<JobMetrics>(`/api/job/metrics/${encodeURIComponent(uuid)}`, { signal }),
    staleTime: 0,
  });
}
