// A member's answers to "Can I take these jobs?", kept in their account (GET and PUT
// /api/post-resume/eligibility/{userUuid}, BEYOND §7): nobody else reads them. The answers are typed
// by the shared schema and not checked: the /jobs panel reads them with every search, where zod does
// not fit (docs/decisions/005-lean-first-load.md); the server sends them through that schema.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EligibilityFactsAnswer } from '@teacheast/shared';
import { api } from '../../lib/api-client';
import type { Facts } from './facts';

const eligibilityKeys = {
  facts: (userUuid: string) => ['eligibility-facts', userUuid] as const,
};

const factsPath = (userUuid: string) => `/api/post-resume/eligibility/${encodeURIComponent(userUuid)}`;

/** The account's answers (`facts` null before the first save); nothing is asked without a member. */
export function useSavedFacts(userUuid: string | null) {
  return useQuery({
    queryKey: eligibilityKeys.facts(userUuid ?? ''),
    queryFn: ({ signal }) => api.get<EligibilityFactsAnswer>(factsPath(userUuid!), { signal }),
    enabled: userUuid !== null,
  });
}

/** Replaces the account's answers with these (the PUT body is the facts themselves). */
export function useSaveFacts(userUuid: string | null) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (facts: Facts) => api.put<EligibilityFactsAnswer>(factsPath(userUuid!), facts),
    onSuccess: (answer) => client.setQueryData(eligibilityKeys.facts(userUuid!), answer),
  });
}
