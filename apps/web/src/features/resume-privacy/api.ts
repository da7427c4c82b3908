// Resume privacy (BEYOND §11): who sees the teacher's resume (the board, or only the schools they
// apply to; never the e-mail domains they hide it from), and who opened it. Owner-only calls, loaded
// with the account page, so answers are checked with the shared schemas.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ResumePrivacyAnswerSchema,
  ResumeViewsAnswerSchema,
  type ResumePrivacy,
  type ResumePrivacyInput,
  type ResumeView,
} from '@teacheast/shared';
import { api } from '../../lib/api-client';

const enc = encodeURIComponent;

/** Private answers: dropped with every other private query at logout (lib/session.ts). */
const resumePrivacyKeys = {
  privacy: (userUuid: string) => ['resume-privacy', userUuid, 'settings'] as const,
  views: (userUuid: string) => ['resume-privacy', userUuid, 'views'] as const,
};

function readPrivacy(userUuid: string, signal?: AbortSignal): Promise<ResumePrivacy> {
  return api.get(`/api/post-resume/privacy/${enc(userUuid)}`, { schema: ResumePrivacyAnswerSchema, signal });
}

function savePrivacy(userUuid: string, privacy: ResumePrivacyInput): Promise<ResumePrivacy> {
  return api.put(`/api/post-resume/privacy/${enc(userUuid)}`, privacy, { schema: ResumePrivacyAnswerSchema });
}

function listViews(userUuid: string, signal?: AbortSignal): Promise<ResumeView[]> {
  return api
    .get(`/api/post-resume/views/${enc(userUuid)}`, { schema: ResumeViewsAnswerSchema, signal })
    .then((d) => d.views);
}

export function useResumePrivacy(userUuid: string) {
  return useQuery({
    queryKey: resumePrivacyKeys.privacy(userUuid),
    queryFn: ({ signal }) => readPrivacy(userUuid, signal),
  });
}

/** Saves the settings; the cache takes the server's answer (each address reduced to its domain). */
export function useSaveResumePrivacy(userUuid: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (privacy: ResumePrivacyInput) => savePrivacy(userUuid, privacy),
    onSuccess: (saved) => client.setQueryData(resumePrivacyKeys.privacy(userUuid), saved),
  });
}

/** Who opened the resume, newest first. Others add to it at any time: asked again on each visit. */
export function useResumeViews(userUuid: string) {
  return useQuery({
    queryKey: resumePrivacyKeys.views(userUuid),
    queryFn: ({ signal }) => listViews(userUuid, signal),
    staleTime: 0,
  });
}
