// Every route of the product, as patterns for the router and builders for links.
import { SEARCH_TERMS_FILTER_KEYS, type CreditPack, type SearchTermsFilters } from '@teacheast/shared';

export const JOB_WIZARD_STEPS = [
  'details',
  'terms',
  'description',
  'image-crop',
  'carousel-images',
  'preview',
] as const;
export type JobWizardStep = (typeof JOB_WIZARD_STEPS)[number];

export const RESUME_WIZARD_STEPS = ['details', 'profile-image', 'resume', 'preview'] as const;
export type ResumeWizardStep = (typeof RESUME_WIZARD_STEPS)[number];

/** The account page's tabs (their order and labels are the account's: features/account-jobs/components/account-jobs.tsx). */
export type AccountTab = 'unpublished' | 'published' | 'expired' | 'schools' | 'alerts' | 'applications';

function withQuery(path: string, query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export const paths = {
  home: () => '/',
  /** A search; the contract-sheet filters (BEYOND §6) keep the names and order of the API's query. */
  jobs: (
    query: { country?: string; city?: string; ageGroup?: string; q?: string; page?: number } & SearchTermsFilters = {},
  ) =>
    withQuery('/jobs', {
      country: query.country,
      city: query.city,
      ageGroup: query.ageGroup,
      q: query.q,
      ...Object.fromEntries(SEARCH_TERMS_FILTER_KEYS.map((key) => [key, query[key]])),
      page: query.page,
    }),
  posting: (uuid: string) => `/posting/${encodeURIComponent(uuid)}`,
  /** A school's public page (BEYOND §8). */
  school: (slug: string) => `/schools/${encodeURIComponent(slug)}`,
  /** The schools directory, by country and city. */
  schools: (query: { country?: string; city?: string } = {}) =>
    withQuery('/schools', { country: query.country, city: query.city }),
  resume: (resumeUuid: string) => `/resume/${encodeURIComponent(resumeUuid)}`,
  account: (tab?: AccountTab) => (tab ? `/account/${tab}` : '/account'),
  postResume: () => '/post-resume',
  postResumeStep: (step: ResumeWizardStep, userUuid: string) => `/post-resume/${step}/${encodeURIComponent(userUuid)}`,
  postJob: () => '/post-job',
  purchaseJobs: () => '/post-job/purchase-jobs',
  jobWizard: (step: JobWizardStep, uuid: string) => `/post-job/stepper/${step}/${encodeURIComponent(uuid)}`,
  resumeBoard: (query: Record<string, string | number | undefined> = { page: 1 }) => withQuery('/resume-board', query),
  purchaseForm: (price: CreditPack) => `/purchase-form/${price}`,
  subscription: () => '/subscription',
  changePassword: (token: string) => `/change-password/${encodeURIComponent(token)}`,
  aboutUs: () => '/about-us',
  /** How to tell a real job from a scam (BEYOND §9). */
  safety: () => '/safety',
  /** The operators' console (BEYOND §9). */
  operator: () => '/operator',
  contactUs: () => '/contact-us',
  termsOfService: () => '/terms-of-service',
  jobMetrics: (uuid: string) => `/job/metrics/${encodeURIComponent(uuid)}`,
  jobApplicants: (uuid: string) => `/job/applicants/${encodeURIComponent(uuid)}`,
  /** One application's conversation: its messages, interviews and offer (BEYOND §10). */
  application: (id: string) => `/applications/${encodeURIComponent(id)}`,
  login: () => '/login',
  register: () => '/register',
  specialRegister: (uuid: string) => `/special-register/${encodeURIComponent(uuid)}`,
  forgotPassword: () => '/forgot-password',
  confirmation: (token: string) => `/confirmation/${encodeURIComponent(token)}`,
  /** The link in a job alert's confirmation mail (made by the server). */
  jobAlertConfirmation: (token: string) => `/job-alerts/confirm/${encodeURIComponent(token)}`,
} as const;
