// The resume endpoints: fetchers and TanStack Query hooks for the wizard, the resume page and the board.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  MessageSchema,
  ProfileImageSchema,
  ResumeBoardAnswerSchema,
  ResumeContentSchema,
  ResumeDetailsAnswerSchema,
  ResumeSchema,
  type ProfileImageUpload,
  type ResumeBoardSearch,
  type ResumeContent,
  type ResumeContentUpload,
  type ResumeDetails,
  type ResumeDetailsAnswer,
} from '@teacheast/shared';
import { api, upload } from '../../lib/api-client';

export type { ResumeContent, ResumeDetailsAnswer };

export const BOARD_FILTERS = [
  'nationality',
  'education',
  'experience',
  'desiredCountry',
  'desiredStartDate',
  'desiredAgeGroup',
  'eligibleFor',
] as const satisfies readonly (keyof ResumeBoardSearch)[];
export type BoardFilter = (typeof BOARD_FILTERS)[number];
export type BoardSearch = Partial<Record<BoardFilter, string>> & { page: number };

const resumeKeys = {
  all: ['resumes'] as const,
  details: (userUuid: string) => ['resumes', 'wizard', userUuid, 'details'] as const,
  profileImage: (userUuid: string) => ['resumes', 'wizard', userUuid, 'profile-image'] as const,
  content: (userUuid: string) => ['resumes', 'wizard', userUuid, 'resume'] as const,
  preview: (userUuid: string) => ['resumes', 'wizard', userUuid, 'preview'] as const,
  resume: (resumeUuid: string) => ['resumes', 'detail', resumeUuid] as const,
  board: (userUuid: string, search: BoardSearch) => ['resumes', 'board', userUuid, search] as const,
};

const enc = encodeURIComponent;

export function useResumeDetails(userUuid: string) {
  return useQuery({
    queryKey: resumeKeys.details(userUuid),
    queryFn: () => api.get(`/api/post-resume/details/${enc(userUuid)}`, { schema: ResumeDetailsAnswerSchema }),
  });
}

/** Every save changes what the preview, the resume page and the board show. */
function useInvalidateResume() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: resumeKeys.all });
}

export function useSaveResumeDetails(userUuid: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateResume();
  return useMutation({
    mutationFn: (details: ResumeDetails) =>
      api.put(`/api/post-resume/details/${enc(userUuid)}`, details, { schema: ResumeDetailsAnswerSchema }),
    onSuccess: async (saved) => {
      await invalidate();
      client.setQueryData(resumeKeys.details(userUuid), saved);
    },
  });
}

export function useProfileImage(userUuid: string) {
  return useQuery({
    queryKey: resumeKeys.profileImage(userUuid),
    queryFn: () => api.get(`/api/post-resume/profile-image/${enc(userUuid)}`, { schema: ProfileImageSchema }),
  });
}

export function useSaveProfileImage(userUuid: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateResume();
  return useMutation({
    mutationFn: (profileImage: string) =>
      upload(
        'PATCH',
        `/api/post-resume/profile-image/${enc(userUuid)}`,
        { profileImage } satisfies ProfileImageUpload,
        {
          schema: ProfileImageSchema,
        },
      ),
    onSuccess: async (saved) => {
      await invalidate();
      client.setQueryData(resumeKeys.profileImage(userUuid), saved);
    },
  });
}

export function useResumeContent(userUuid: string) {
  return useQuery({
    queryKey: resumeKeys.content(userUuid),
    queryFn: () => api.get(`/api/post-resume/resume/${enc(userUuid)}`, { schema: ResumeContentSchema }),
  });
}

export function useSaveResumeContent(userUuid: string) {
  const client = useQueryClient();
  const invalidate = useInvalidateResume();
  return useMutation({
    mutationFn: (body: ({ resumeHtml: string } | { resumeUrl: string }) & ResumeContentUpload) =>
      upload('PATCH', `/api/post-resume/resume/${enc(userUuid)}`, body, { schema: ResumeContentSchema }),
    onSuccess: async (saved) => {
      await invalidate();
      client.setQueryData(resumeKeys.content(userUuid), saved);
    },
  });
}

export function useResumePreview(userUuid: string) {
  return useQuery({
    queryKey: resumeKeys.preview(userUuid),
    queryFn: () => api.get(`/api/post-resume/preview/${enc(userUuid)}`, { schema: ResumeSchema }),
    // Signed links in the answer expire after a few minutes: never show an old one.
    staleTime: 0,
  });
}

export function usePublishResume(userUuid: string) {
  const invalidate = useInvalidateResume();
  return useMutation({
    mutationFn: () => api.post(`/api/post-resume/publish/${enc(userUuid)}`, undefined, { schema: MessageSchema }),
    onSuccess: () => invalidate(),
  });
}

export function useResume(resumeUuid: string) {
  return useQuery({
    queryKey: resumeKeys.resume(resumeUuid),
    queryFn: () => api.get(`/api/resume-details/${enc(resumeUuid)}`, { schema: ResumeSchema }),
    staleTime: 0,
  });
}

export function useResumeBoard(userUuid: string, search: BoardSearch) {
  return useQuery({
    queryKey: resumeKeys.board(userUuid, search),
    queryFn: () =>
      api.get(`/api/resume-board/filter/${enc(userUuid)}`, {
        schema: ResumeBoardAnswerSchema,
        query: { ...search },
      }),
    // Kept for a minute so coming back to the board shows the same page at once (and the scroll fits).
    staleTime: 60_000,
  });
}
