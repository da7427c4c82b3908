// The complete route table of the web app. Every page is its own lazily loaded chunk, so the first
// load carries only the shell. Routing is declarative (useRoutes inside <BrowserRouter>): the app
// has no loaders or actions, and React Router's data router would add about 17 kB gzip to every
// first load (docs/decisions/005-lean-first-load.md).
import {
  Component,
  lazy,
  Suspense,
  useEffect,
  type ComponentType,
  type LazyExoticComponent,
  type ReactNode,
} from 'react';
import {
  matchRoutes,
  Navigate,
  useLocation,
  useRoutes,
  type Location,
  type RouteObject,
  type NavigateOptions,
  type To,
} from 'react-router';
import { CREDIT_PACK_NAMES } from '@teacheast/shared';
import { JOB_WIZARD_STEPS, paths } from '../config/paths';
import { FullPageSpinner } from '../ui/spinner';
import { trackPageLoad } from './layout/page-loading';
import { RootLayout } from './layout/root-layout';
import { RouteErrorPage } from './layout/route-error-page';
import { RequireAnonymous, RequireOwnResumeStep, RequireParamIn, RequireUser } from './route-guards';

// With a declarative router, navigate() returns nothing (React Router's documented augmentation for
// <BrowserRouter>; StaticRouter on the server is declarative too): there is no promise to await.
declare module 'react-router' {
  interface NavigateFunction {
    (to: To, options?: NavigateOptions): void;
    (delta: number): void;
  }
}

type PageComponent = LazyExoticComponent<ComponentType> & {
  preload: () => Promise<unknown>;
  /** The page's file in pages/, named after its export: HomePage is pages/home-page.tsx. */
  file: string;
};

/** A page module with a named export, loaded on first render or earlier through `preload`. */
function page<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): PageComponent {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= trackPageLoad(load().then((module) => ({ default: module[name] }))));
  const file = name.replace(/[A-Z]/g, (letter, at: number) => `${at > 0 ? '-' : ''}${letter.toLowerCase()}`);
  return Object.assign(lazy(preload), { preload, file });
}

/** The route of any path the app does not know: the not-found page, answered 404 by the server. */
const UNKNOWN_PATH = 'unknown-path';

/**
 * A part of a page that loads apart from it: the job alerts' offer under a search on /jobs, not needed
 * to read the results. Declared here, where the table of chunks to load with each page already is:
 * a dynamic import in /jobs's own chunk would add a table of its own to the page's first download
 * (docs/decisions/005-lean-first-load.md).
 */
export const JobAlertOffer = lazy(() =>
  import('../features/alerts/components/job-alert-offer').then((module) => ({ default: module.JobAlertOffer })),
);

/** A job's metrics and its applicants: one page for its owner at two addresses (pages/job-owner-page.tsx). */
const JobOwnerPage = page(() => import('./pages/job-owner-page'), 'JobOwnerPage');

const publicRoutes: RouteObject[] = [
  { index: true, Component: page(() => import('./pages/home-page'), 'HomePage') },
  { path: 'jobs', Component: page(() => import('./pages/jobs-page'), 'JobsPage') },
  { path: 'posting/:uuid', Component: page(() => import('./pages/posting-page'), 'PostingPage') },
  // Jobs side by side (BEYOND §6): open to anyone with the link, reached from the account's saved jobs.
  { path: 'compare', Component: page(() => import('./pages/compare-page'), 'ComparePage') },
  // School profiles (BEYOND §8): the directory and each school's page.
  { path: 'schools', Component: page(() => import('./pages/schools-page'), 'SchoolsPage') },
  { path: 'schools/:slug', Component: page(() => import('./pages/school-page'), 'SchoolPage') },
  {
    path: 'post-job',
    children: [
      { index: true, Component: page(() => import('./pages/post-job-page'), 'PostJobPage') },
      {
        path: 'purchase-jobs',
        Component: page(() => import('./pages/purchase-jobs-page'), 'PurchaseJobsPage'),
      },
      {
        path: 'stepper/:type/:uuid',
        // Anonymous visitors learn on the purchase page that posting needs an account.
        element: <RequireUser redirectTo={paths.purchaseJobs()} />,
        children: [
          {
            element: <RequireParamIn param="type" values={JOB_WIZARD_STEPS} redirectTo={paths.postJob()} />,
            children: [{ index: true, Component: page(() => import('./pages/job-wizard-page'), 'JobWizardPage') }],
          },
        ],
      },
      // Job wizard: any other path under it goes back to /post-job.
      { path: '*', element: <Navigate to={paths.postJob()} replace /> },
    ],
  },
  {
    path: 'post-resume',
    children: [
      // Anonymous: a page explaining that an account is needed; logged in: the wizard's first step.
      { index: true, Component: page(() => import('./pages/post-resume-page'), 'PostResumePage') },
      {
        path: ':step/:userUuid',
        element: <RequireOwnResumeStep />,
        children: [{ index: true, Component: page(() => import('./pages/resume-wizard-page'), 'ResumeWizardPage') }],
      },
      { path: '*', element: <Navigate to={paths.postResume()} replace /> },
    ],
  },
  {
    path: 'change-password/:token',
    Component: page(() => import('./pages/change-password-page'), 'ChangePasswordPage'),
  },
  {
    // The link in a job alert's confirmation mail; whoever opens it, logged in or not.
    path: 'job-alerts/confirm/:token',
    Component: page(() => import('./pages/job-alert-confirm-page'), 'JobAlertConfirmPage'),
  },
  { path: 'about-us', Component: page(() => import('./pages/about-us-page'), 'AboutUsPage') },
  { path: 'safety', Component: page(() => import('./pages/safety-page'), 'SafetyPage') },
  { path: 'operator', Component: page(() => import('./pages/operator-page'), 'OperatorPage') },
  { path: 'contact-us', Component: page(() => import('./pages/contact-us-page'), 'ContactUsPage') },
  {
    path: 'terms-of-service',
    Component: page(() => import('./pages/terms-of-service-page'), 'TermsOfServicePage'),
  },
];

const anonymousOnlyRoutes: RouteObject[] = [
  { path: 'login', Component: page(() => import('./pages/login-page'), 'LoginPage') },
  { path: 'register', Component: page(() => import('./pages/register-page'), 'RegisterPage') },
  {
    path: 'special-register/:uuid',
    Component: page(() => import('./pages/special-register-page'), 'SpecialRegisterPage'),
  },
  {
    path: 'forgot-password',
    Component: page(() => import('./pages/forgot-password-page'), 'ForgotPasswordPage'),
  },
  {
    path: 'confirmation/:token',
    Component: page(() => import('./pages/confirmation-page'), 'ConfirmationPage'),
  },
];

const loggedInOnlyRoutes: RouteObject[] = [
  { path: 'account/:selectedTab?', Component: page(() => import('./pages/account-page'), 'AccountPage') },
  {
    path: 'resume/:resumeUuid',
    Component: page(() => import('./pages/resume-detail-page'), 'ResumeDetailPage'),
  },
  { path: 'resume-board', Component: page(() => import('./pages/resume-board-page'), 'ResumeBoardPage') },
  {
    path: 'purchase-form/:price',
    // The price segment is a pack name (one, five, ten); anything else is an unknown path.
    element: <RequireParamIn param="price" values={CREDIT_PACK_NAMES} redirectTo={paths.home()} />,
    children: [{ index: true, Component: page(() => import('./pages/checkout-page'), 'CheckoutPage') }],
  },
  { path: 'subscription', Component: page(() => import('./pages/subscription-page'), 'SubscriptionPage') },
  { path: 'job/metrics/:uuid', Component: JobOwnerPage },
  { path: 'job/applicants/:uuid', Component: JobOwnerPage },
  // The hiring conversation (BEYOND §10), for the teacher who applied and the job's owner.
  { path: 'applications/:id', Component: page(() => import('./pages/application-page'), 'ApplicationPage') },
];

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: RootLayout,
    children: [
      ...publicRoutes,
      { element: <RequireAnonymous />, children: anonymousOnlyRoutes },
      { element: <RequireUser />, children: loggedInOnlyRoutes },
      { id: UNKNOWN_PATH, path: '*', Component: page(() => import('./pages/not-found-page'), 'NotFoundPage') },
    ],
  },
];

/**
 * The pages people arrive at from outside, by file in pages/. The server names each one's code and
 * styles in the HTML it sends for the paths that show it (apps/server/src/http/page-shells.ts), so
 * the browser fetches them together with the entry.
 */
export const LANDING_PAGES: readonly string[] = [
  'home-page',
  'jobs-page',
  'posting-page',
  'compare-page',
  'school-page',
  'schools-page',
  'resume-detail-page',
  'resume-board-page',
  'login-page',
  'register-page',
  'contact-us-page',
  'terms-of-service-page',
  'about-us-page',
  'safety-page',
  'forgot-password-page',
  'account-page',
  'not-found-page',
];

/** The landing page (its file in pages/) that the route table shows at `pathname`, or null. */
export function landingPageAt(pathname: string): string | null {
  const shown = matchRoutes(routes, pathname)?.at(-1)?.route.Component as Partial<PageComponent> | null | undefined;
  return shown?.file && LANDING_PAGES.includes(shown.file) ? shown.file : null;
}

/**
 * The page (its file in pages/) that the route table shows at `pathname`, or null where it only
 * redirects; 'not-found-page' for a path the app does not know.
 */
export function pageAt(pathname: string): string | null {
  const match = matchRoutes(routes, pathname)?.at(-1);
  if (match?.route.id === UNKNOWN_PATH) return 'not-found-page';
  return (match?.route.Component as Partial<PageComponent> | null | undefined)?.file ?? null;
}

/** Starts loading the code of the page at `pathname`, e.g. while the session is still loading. */
export function preloadPage(pathname: string): Promise<unknown> {
  const loads = (matchRoutes(routes, pathname) ?? []).map((match) =>
    (match.route.Component as Partial<PageComponent> | null | undefined)?.preload?.(),
  );
  return Promise.all(loads);
}

interface PageErrorBoundaryProps {
  /** A new location clears the error, as following a link would on an ordinary site. */
  location: Location;
  children: ReactNode;
}

interface PageErrorBoundaryState {
  hasError: boolean;
  location: Location;
}

/** A page that fails to render, or whose code cannot be loaded, shows the error page instead. */
class PageErrorBoundary extends Component<PageErrorBoundaryProps, PageErrorBoundaryState> {
  state = { hasError: false, location: this.props.location };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  // React Router makes a new location object for every navigation, Back and Forward included.
  static getDerivedStateFromProps(props: PageErrorBoundaryProps, state: PageErrorBoundaryState) {
    return props.location === state.location ? null : { hasError: false, location: props.location };
  }

  render() {
    return this.state.hasError ? <RouteErrorPage /> : this.props.children;
  }
}

/**
 * Marks the document (<html data-app-ready>) once the app runs the page: rendered it, or taken over
 * the server's HTML. Until then a page rendered ahead shows, but its buttons do nothing yet; browser
 * tests wait for the mark before they click.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.dataset.appReady = '';
  }, []);
  return null;
}

/** The routes of the app; the spinner shows only until the first page's code has arrived. */
export function AppRoutes() {
  const location = useLocation();
  const element = useRoutes(routes);
  return (
    <PageErrorBoundary location={location}>
      <Suspense fallback={<FullPageSpinner />}>
        {element}
        <ReadyMark />
      </Suspense>
    </PageErrorBoundary>
  );
}
