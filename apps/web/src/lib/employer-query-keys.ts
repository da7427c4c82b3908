// The root of every cache entry of an employer's own jobs and credits. Three features keep such
// entries (credit purchase, the job wizard, the account's job lists) and a write in one changes the
// others' (creating a job spends a credit and adds a draft to the lists): such a write empties the
// root. Kept apart from query-client.ts, which every first download carries: only the employers'
// pages need these.
export const employerQueryRoot = ['employers'] as const;

/** The account's job lists of one employer, which the wizard's saves change (a name, a picture). */
export const employerJobListsKey = (userUuid: string) => [...employerQueryRoot, 'lists', userUuid] as const;
