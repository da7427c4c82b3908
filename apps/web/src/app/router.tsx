// The complete route table of SPEC §2. Every page is its own lazily loaded chunk, so the first
// load carries only the shell.
import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { CREDIT_PACK_NAMES } from '@teacheast/shared';
import { JOB_WIZARD_STEPS, paths } from '../config/paths';
import { FullPageSpinner } from '../ui/spinner';
import { RootLayout } from './layout/root-layout';
import { RouteErrorPage } from './layout/route-error-page';
import { RequireAnonymous, RequireOwnResumeStep, RequireParamIn, RequireUser } from './route-guards';

/** Adapts a page module with a named export to the router's `lazy` contract. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return async () => ({ Component: (await load())[name] });
}

const publicRoutes: RouteObject[] = [
  { index: true, lazy: page(() => import('./pages/home-page'), 'HomePage') },
  { path: 'jobs', lazy: page(() => import('./pages/jobs-page'), 'JobsPage') },
  { path: 'posting/:uuid', lazy: page(() => import('./pages/posting-page'), 'PostingPage') },
  {
    path: 'post-job',
    children: [
      { index: true, lazy: page(() => import('./pages/post-job-page'), 'PostJobPage') },
      {
        path: 'purchase-jobs',
        lazy: page(() => import('./pages/purchase-jobs-page'), 'PurchaseJobsPage'),
      },
      {
        path: 'stepper/:type/:uuid',
        // Anonymous visitors learn on the purchase page that posting needs an account.
        element: <RequireUser redirectTo={paths.purchaseJobs()} />,
        children: [
          {
            element: <RequireParamIn param="type" values={JOB_WIZARD_STEPS} redirectTo={paths.postJob()} />,
            children: [{ index: true, lazy: page(() => import('./pages/job-wizard-page'), 'JobWizardPage') }],
          },
        ],
      },
      // SPEC §2 job wizard: any other path under it goes back to /post-job.
      { path: '*', element: <Navigate to={paths.postJob()} replace /> },
    ],
  },
  {
    path: 'post-resume',
    children: [
      // Anonymous: a page explaining that an account is needed; logged in: the wizard's first step.
      { index: true, lazy: page(() => import('./pages/post-resume-page'), 'PostResumePage') },
      {
        path: ':step/:userUuid',
        element: <RequireOwnResumeStep />,
        children: [{ index: true, lazy: page(() => import('./pages/resume-wizard-page'), 'ResumeWizardPage') }],
      },
      { path: '*', element: <Navigate to={paths.postResume()} replace /> },
    ],
  },
  {
    path: 'change-password/:token',
    lazy: page(() => import('./pages/change-password-page'), 'ChangePasswordPage'),
  },
  { path: 'about-us', lazy: page(() => import('./pages/about-us-page'), 'AboutUsPage') },
  { path: 'contact-us', lazy: page(() => import('./pages/contact-us-page'), 'ContactUsPage') },
  {
    path: 'terms-of-service',
    lazy: page(() => import('./pages/terms-of-service-page'), 'TermsOfServicePage'),
  },
];

const anonymousOnlyRoutes: RouteObject[] = [
  { path: 'login', lazy: page(() => import('./pages/login-page'), 'LoginPage') },
  { path: 'register', lazy: page(() => import('./pages/register-page'), 'RegisterPage') },
  {
    path: 'special-register/:uuid',
    lazy: page(() => import('./pages/special-register-page'), 'SpecialRegisterPage'),
  },
  {
    path: 'forgot-password',
    lazy: page(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage'),
  },
  {
    path: 'confirmation/:token',
    lazy: page(() => import('./pages/confirmation-page'), 'ConfirmationPage'),
  },
];

const loggedInOnlyRoutes: RouteObject[] = [
  { path: 'account', lazy: page(() => import('./pages/account-page'), 'AccountPage') },
  { path: 'account/:selectedTab', lazy: page(() => import('./pages/account-page'), 'AccountPage') },
  {
    path: 'resume/:resumeUuid',
    lazy: page(() => import('./pages/resume-detail-page'), 'ResumeDetailPage'),
  },
  { path: 'resume-board', lazy: page(() => import('./pages/resume-board-page'), 'ResumeBoardPage') },
  {
    path: 'purchase-form/:price',
    // The price segment is a pack name (one, five, ten); anything else is an unknown path.
    element: <RequireParamIn param="price" values={CREDIT_PACK_NAMES} redirectTo={paths.home()} />,
    children: [{ index: true, lazy: page(() => import('./pages/checkout-page'), 'CheckoutPage') }],
  },
  { path: 'subscription', lazy: page(() => import('./pages/subscription-page'), 'SubscriptionPage') },
  {
    path: 'job/metrics/:uuid',
    lazy: page(() => import('./pages/job-metrics-page'), 'JobMetricsPage'),
  },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    ErrorBoundary: RouteErrorPage,
    HydrateFallback: FullPageSpinner,
    children: [
      ...publicRoutes,
      { element: <RequireAnonymous />, children: anonymousOnlyRoutes },
      { element: <RequireUser />, children: loggedInOnlyRoutes },
      { path: '*', element: <Navigate to={paths.home()} replace /> },
    ],
  },
];

let appRouter: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The one browser router of the page, created on first use. A router listens to history
 * events from creation on, so it must not be created twice (StrictMode renders twice).
 */
export function getAppRouter() {
  appRouter ??= createBrowserRouter(routes);
  return appRouter;
}
