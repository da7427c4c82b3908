// An employer's own schools (BEYOND §8): the list, creating and editing one, its logo and its
// registration check, each with its TanStack Query hook. These load with the account's Schools tab
// and the job wizard, never with a first download, so answers are checked with the shared schemas.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  MySchoolsAnswerSchema,
  RegistrationAcceptedSchema,
  SchoolAnswerSchema,
  SchoolLogoAnswerSchema,
  type OwnSchool,
  type RegistrationRequest,
  type SchoolCreate,
  type SchoolPatch,
} from '@teacheast/shared';
import { api, upload } from '../../lib/api-client';
import { schoolKeys } from './api';

/** The account's schools; dropped with every other private query at logout (lib/session.ts). */
const mySchoolsKey = ['my-schools'] as const;

const schoolPath = (slug: string) => `/api/schools/${encodeURIComponent(slug)}`;

export function useMySchools() {
  return useQuery({
    queryKey: mySchoolsKey,
    queryFn: ({ signal }) =>
      api.get('/api/my-schools', { schema: MySchoolsAnswerSchema, signal }).then((d) => d.schools),
  });
}

/** Changes one school of the account's list in place, as the server's answer says it now is. */
function changeInList(client: QueryClient, slug: string, change: (school: OwnSchool) => OwnSchool) {
  client.setQueryData<OwnSchool[]>(mySchoolsKey, (schools) => schools?.map((s) => (s.slug === slug ? change(s) : s)));
}

/** Every public answer that shows a school: its page, the directory, and the tiles of its jobs. */
function refreshPublicAnswers(client: QueryClient) {
  void client.invalidateQueries({ queryKey: schoolKeys.all });
  void client.invalidateQueries({ queryKey: ['jobs'] });
}

export function useCreateSchool() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (school: SchoolCreate) =>
      api.post('/api/schools', school, { schema: SchoolAnswerSchema }).then((d) => d.school),
    onSuccess: (school) => {
      client.setQueryData<OwnSchool[]>(mySchoolsKey, (schools) => schools && [...schools, school]);
      void client.invalidateQueries({ queryKey: mySchoolsKey });
      void client.invalidateQueries({ queryKey: schoolKeys.all });
    },
  });
}

export function useUpdateSchool(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: SchoolPatch) =>
      api.patch(schoolPath(slug), patch, { schema: SchoolAnswerSchema }).then((d) => d.school),
    onSuccess: (school) => {
      changeInList(client, slug, () => school);
      refreshPublicAnswers(client);
    },
  });
}

/** Sends the logo as a data URL; the server re-encodes it like a job's header image. */
export function useSaveSchoolLogo(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (logo: string) =>
      upload('PUT', `${schoolPath(slug)}/logo`, { logo }, { schema: SchoolLogoAnswerSchema }).then((d) => d.logo),
    onSuccess: (logo) => {
      changeInList(client, slug, (school) => ({ ...school, logo }));
      refreshPublicAnswers(client);
    },
  });
}

/** Asks for a registration check: a well-formed number waits for an operator (202). */
export function useRequestRegistrationCheck(slug: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (request: RegistrationRequest) =>
      api.post(`${schoolPath(slug)}/verification`, request, { schema: RegistrationAcceptedSchema }),
    onSuccess: ({ registration }) => {
      changeInList(client, slug, (school) => ({ ...school, registration }));
    },
  });
}
