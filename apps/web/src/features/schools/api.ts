// A school's public page and the schools directory (BEYOND §8), each with its TanStack Query hook.
// The school page is rendered ahead by the server (app/prerender.ts seeds its answer), so, like the
// job board's api.ts, this module takes no zod: the answers are typed by the shared schemas, which
// the server sends them through (docs/decisions/005-lean-first-load.md). The owner's calls, checked
// with the schemas, are in my-schools-api.ts.
import { useQuery } from '@tanstack/react-query';
import { apiPathOf, type Country, type SchoolDirectoryAnswer, type SchoolPageAnswer } from '@teacheast/shared';
import { api } from '../../lib/api-client';

export interface DirectoryQuery {
  country?: Country;
  city?: string;
}

/** Public answers, under one root: a change to a school (its owner's save, a logo) refreshes them all. */
export const schoolKeys = {
  all: ['schools'] as const,
  page: (slug: string) => ['schools', 'page', slug] as const,
  directory: ({ country, city }: DirectoryQuery) => ['schools', 'directory', country ?? '', city ?? ''] as const,
};

export function useSchoolPage(slug: string) {
  return useQuery({
    queryKey: schoolKeys.page(slug),
    // The path the server's render of the same page finds its answer under (app/prerender.ts).
    queryFn: ({ signal }) => api.get<SchoolPageAnswer>(apiPathOf({ kind: 'school', slug }), { signal }),
  });
}

export function useSchoolDirectory(query: DirectoryQuery) {
  return useQuery({
    queryKey: schoolKeys.directory(query),
    queryFn: ({ signal }) =>
      api
        .get<SchoolDirectoryAnswer>('/api/schools', { query: { country: query.country, city: query.city }, signal })
        .then((d) => d.schools),
  });
}
