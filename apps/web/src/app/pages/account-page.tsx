import { Fragment, lazy, Suspense, useEffect, useRef, type ReactNode } from 'react';
import { useLocation, useParams } from 'react-router';
import type { AccountTab } from '../../config/paths';
import { AccountDataSection } from '../../features/account-data/components/account-data-section';
import { useExpiredJobs, usePublishedJobs, useUnpublishedJobs } from '../../features/account-jobs/api';
import { AccountJobs } from '../../features/account-jobs/components/account-jobs';
import { JobAlertList } from '../../features/alerts/components/job-alert-list';
import { useMyApplications } from '../../features/applications/api';
import { useCredits } from '../../features/credit-purchase/api';
import { CreditBalance } from '../../features/credit-purchase/components/purchase-jobs';
import { SavedJobs } from '../../features/jobs/components/saved-jobs';
import { ResumeSection } from '../../features/resume-privacy/components/resume-section';
import { useResumePreview } from '../../features/resumes/api';
import { useMySchools } from '../../features/schools/my-schools-api';
import { SubscriptionPanel } from '../../features/subscriptions/components/subscription-panel';
import { isApiError } from '../../lib/api-error';
import { useSessionUser } from '../../lib/session';
import { Page } from '../../ui/page';
import { Spinner } from '../../ui/spinner';

// The Applications list's code (and the schemas it checks answers with) loads when it is shown: as a
// dependency of this page, each of its files would be named in the route table of every first
// download (docs/decisions/005-lean-first-load.md).
const MyApplications = lazy(() =>
  import('../../features/applications/components/my-applications').then((module) => ({
    default: module.MyApplications,
  })),
);

// The Schools tab's code (its forms, the rich-text editor, the schemas) loads when the tab opens, for
// the same reason.
const MySchools = lazy(() =>
  import('../../features/schools/components/my-schools').then((module) => ({ default: module.MySchools })),
);

/**
 * Whose home the account page is: a teacher's (a resume or applications), a school's (jobs, job
 * credits or schools), or both. An account with none of these is most likely a teacher's who has
 * not started: this board is where teachers look for work, and the resume is where they begin.
 */
type Home = 'teacher' | 'school' | 'both';

interface Holdings {
  hasResume: boolean;
  hasApplications: boolean;
  hasJobs: boolean;
  hasCredits: boolean;
  hasSchools: boolean;
}

function homeOf(holdings: Holdings): Home {
  const isTeacher = holdings.hasResume || holdings.hasApplications;
  const isSchool = holdings.hasJobs || holdings.hasCredits || holdings.hasSchools;
  if (isTeacher && isSchool) return 'both';
  return isSchool ? 'school' : 'teacher';
}

type Section = 'applications' | 'resume' | 'alerts' | 'saved' | 'subscription' | 'jobs' | 'data';

/**
 * What the person has, first. A school's page is the one every account had before (its jobs, with
 * their applicants and its schools in the tabs); a teacher's opens on their applications and resume.
 */
const SECTION_ORDER: Record<Home, readonly Section[]> = {
  teacher: ['applications', 'resume', 'alerts', 'saved', 'subscription', 'jobs', 'data'],
  school: ['subscription', 'jobs', 'saved', 'data'],
  both: ['applications', 'resume', 'subscription', 'jobs', 'alerts', 'saved', 'data'],
};

const APPLICATIONS_SECTION_ID = 'your-applications';
const ALERTS_SECTION_ID = 'your-job-alerts';
const JOBS_SECTION_ID = 'your-jobs';

/** The tabs whose content has a section of its own on a teacher's page: there, the tab points to it. */
const TEACHER_TAB_SECTIONS: Partial<Record<AccountTab, string>> = {
  applications: APPLICATIONS_SECTION_ID,
  alerts: ALERTS_SECTION_ID,
};

/**
 * What the account holds, from the answers its sections show anyway (the same queries): null until
 * every one has answered. A list that failed counts as empty; its section says what went wrong.
 */
function useHoldings(userUuid: string) {
  const resume = useResumePreview(userUuid);
  const applications = useMyApplications();
  const unpublished = useUnpublishedJobs(userUuid);
  const published = usePublishedJobs(userUuid, 1);
  const expired = useExpiredJobs(userUuid);
  const credits = useCredits(userUuid);
  const schools = useMySchools();
  const answers = [resume, applications, unpublished, published, expired, credits, schools];
  const holdings: Holdings | null = answers.some((answer) => answer.isPending)
    ? null
    : {
        hasResume: resume.data !== undefined,
        hasApplications: (applications.data?.length ?? 0) > 0,
        hasJobs: [unpublished, published, expired].some((jobs) => (jobs.data?.length ?? 0) > 0),
        hasCredits: (credits.data ?? 0) > 0,
        hasSchools: (schools.data?.length ?? 0) > 0,
      };
  const isNoResume = resume.isError && isApiError(resume.error) && resume.error.status === 404;
  return {
    holdings,
    resume: resume.data ? { uuid: resume.data.uuid, published: resume.data.published } : null,
    resumeError: resume.isError && !isNoResume ? resume.error.message : undefined,
    unread: applications.data?.reduce((sum, application) => sum + application.unread, 0) ?? 0,
  };
}

/** A #fragment's element id; a malformed %-escape names none. */
function safelyDecoded(fragment: string): string | undefined {
  try {
    return decodeURIComponent(fragment);
  } catch {
    return undefined;
  }
}

/** A tab whose list is a section of the page: it says where, rather than showing the list twice. */
function ListedOnThePage({ sectionId, title }: { sectionId: string; title: string }) {
  const words = title.charAt(0).toLowerCase() + title.slice(1);
  return (
    <p>
      {title} have a section of their own on this page. <a href={`#${sectionId}`}>Go to {words}</a>
    </p>
  );
}

// A composition of ten features: what the person has comes first (see SECTION_ORDER). The spec's
// tabs keep their addresses: a school's jobs, its schools, and the job alerts and applications.
export function AccountPage() {
  const user = useSessionUser();
  return <Page title="Account">{user && <AccountHome userUuid={user.uuid} />}</Page>;
}

function AccountHome({ userUuid }: { userUuid: string }) {
  const { holdings, resume, resumeError, unread } = useHoldings(userUuid);
  const { selectedTab } = useParams();
  const location = useLocation();
  const home = holdings && homeOf(holdings);
  /** Where the address pointed on arrival; null once that place has been brought into view. */
  const arrivedAt = useRef<{ hash: string; tab: string | undefined } | null>({
    hash: location.hash,
    tab: selectedTab,
  });
  const sectionsRef = useRef<HTMLDivElement>(null);

  // The page was a spinner when the router scrolled: once its sections are there, bring the one the
  // address names into view (a #fragment, or a tab's section below the first).
  useEffect(() => {
    if (!home || !arrivedAt.current) return;
    const { hash, tab } = arrivedAt.current;
    // Only on arrival: a later change of what the account holds must not move the reader.
    arrivedAt.current = null;
    const tabSection =
      tab && (home === 'school' ? JOBS_SECTION_ID : (TEACHER_TAB_SECTIONS[tab as AccountTab] ?? JOBS_SECTION_ID));
    const targetId = hash ? safelyDecoded(hash.slice(1)) : tabSection;
    const target = targetId ? document.getElementById(targetId) : null;
    if (target && target !== sectionsRef.current?.firstElementChild) target.scrollIntoView();
  }, [home]);

  if (!home) return <Spinner label="Loading your account" />;
  const isTeacherHome = home !== 'school';

  const sections: Record<Section, ReactNode> = {
    applications: (
      <section id={APPLICATIONS_SECTION_ID} className="account-section" aria-labelledby="account-applications-title">
        <h2 id="account-applications-title">Your applications</h2>
        {unread > 0 && (
          <p className="account-section__note">
            You have {unread} unread message{unread === 1 ? '' : 's'} from schools.
          </p>
        )}
        <Suspense fallback={<Spinner label="Loading your applications" />}>
          <MyApplications />
        </Suspense>
      </section>
    ),
    resume: <ResumeSection userUuid={userUuid} resume={resume} loadError={resumeError} />,
    alerts: (
      <section id={ALERTS_SECTION_ID} className="account-section" aria-labelledby="account-alerts-title">
        <h2 id="account-alerts-title">Your job alerts</h2>
        <JobAlertList />
      </section>
    ),
    saved: <SavedJobs />,
    subscription: <SubscriptionPanel />,
    jobs: (
      <div id={JOBS_SECTION_ID} className="account-section">
        <AccountJobs
          creditBalance={<CreditBalance />}
          schoolsPanel={
            <Suspense fallback={<Spinner label="Loading your schools" />}>
              <MySchools />
            </Suspense>
          }
          alertsPanel={
            isTeacherHome ? <ListedOnThePage sectionId={ALERTS_SECTION_ID} title="Your job alerts" /> : <JobAlertList />
          }
          applicationsPanel={
            isTeacherHome ? (
              <ListedOnThePage sectionId={APPLICATIONS_SECTION_ID} title="Your applications" />
            ) : (
              <Suspense fallback={<Spinner label="Loading your applications" />}>
                <MyApplications />
              </Suspense>
            )
          }
        />
      </div>
    ),
    data: <AccountDataSection />,
  };

  return (
    <div ref={sectionsRef} className="account-home">
      {SECTION_ORDER[home].map((section) => (
        <Fragment key={section}>{sections[section]}</Fragment>
      ))}
    </div>
  );
}
