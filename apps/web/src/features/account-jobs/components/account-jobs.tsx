// The account's tabs: the job tabs (unpublished 0, published 1, expired 2), then the schools, the job
// alerts and the applications the account page hands in; the URL follows the tab.
import { POSTING_LIFETIME_DAYS, PAGE_SIZE, type JobTile } from '@teacheast/shared';
import { useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { paths, type AccountTab } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { useSessionUser } from '../../../lib/session';
import { toast, toastError } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { useExpiredJobs, usePublishedJobs, useRelistJob, useUnpublishedJobs } from '../api';
import '../account-jobs.css';

// The spec's three job tabs keep their indexes (0, 1, 2); the schools, job alerts and applications
// tabs come after them. Kept here, with their only user, rather than in config/paths.ts, which every
// first download carries.
const TAB_LABELS: Record<AccountTab, string> = {
  unpublished: 'Unpublished',
  published: 'Published',
  expired: 'Expired',
  schools: 'Schools',
  alerts: 'Alerts',
  applications: 'Applications',
};
const ACCOUNT_TABS = Object.keys(TAB_LABELS) as AccountTab[];
const DAY = 86_400_000;

function dateText(iso: string | null, plusDays = 0): string {
  if (!iso) return '';
  return new Date(new Date(iso).getTime() + plusDays * DAY).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

function MetricsLink({ job }: { job: JobTile }) {
  return (
    <Link
      className="account-job__metrics"
      to={paths.jobMetrics(job.uuid)}
      aria-label={`Metrics for ${job.companyName || 'this job'}`}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path d="M4 20V10h3v10H4zm6 0V4h3v16h-3zm6 0v-7h3v7h-3z" fill="currentColor" />
      </svg>
      <span className="account-job__metrics-text">Metrics</span>
    </Link>
  );
}

function ApplicantsLink({ job }: { job: JobTile }) {
  return (
    <Link
      className="account-job__metrics"
      to={paths.jobApplicants(job.uuid)}
      aria-label={`Applicants for ${job.companyName || 'this job'}`}
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          d="M9 11a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm0 2c-3.3 0-7 1.6-7 4v3h14v-3c0-2.4-3.7-4-7-4zm7.5-2a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zm.9 2c1.6.8 2.6 2 2.6 4v3h3v-3c0-2.1-2.7-3.6-5.6-4z"
          fill="currentColor"
        />
      </svg>
      <span className="account-job__metrics-text">Applicants</span>
    </Link>
  );
}

function JobName({ job }: { job: JobTile }) {
  return (
    <Link className="account-job__name" to={paths.jobWizard('details', job.uuid)}>
      {job.companyName || 'Click this text to post job'}
    </Link>
  );
}

function UnpublishedList({ userUuid }: { userUuid: string }) {
  const jobs = useUnpublishedJobs(userUuid);
  if (jobs.isPending) return <Spinner label="Loading unpublished jobs" />;
  if (jobs.isError) return <p role="alert">{jobs.error.message}</p>;
  if (jobs.data.length === 0) return <p>You have no unpublished job. Create one from the Post Job page.</p>;
  return (
    <ul className="account-jobs__list">
      {jobs.data.map((job) => (
        <li key={job.uuid} className="account-job card">
          <JobName job={job} />
          <p className="account-job__meta">Draft: open it to finish and publish it.</p>
        </li>
      ))}
    </ul>
  );
}

function PublishedList({ userUuid }: { userUuid: string }) {
  const [page, setPage] = useState(1);
  const jobs = usePublishedJobs(userUuid, page);
  if (jobs.isPending) return <Spinner label="Loading published jobs" />;
  if (jobs.isError) return <p role="alert">{jobs.error.message}</p>;
  if (jobs.data.length === 0 && page === 1) return <p>You have no published jobs.</p>;
  return (
    <>
      <ul className="account-jobs__list">
        {jobs.data.map((job) => (
          <li key={job.uuid} className="account-job card">
            <JobName job={job} />
            <p className="account-job__meta">
              Published {dateText(job.publishedDate)}, live until {dateText(job.publishedDate, POSTING_LIFETIME_DAYS)}.{' '}
              <Link to={paths.posting(job.uuid)}>View posting</Link>
            </p>
            <MetricsLink job={job} />
            <ApplicantsLink job={job} />
          </li>
        ))}
      </ul>
      <div className="account-jobs__pager">
        {page > 1 && (
          <button type="button" className="button button--secondary" onClick={() => setPage(page - 1)}>
            Previous
          </button>
        )}
        {jobs.data.length === PAGE_SIZE && (
          <button type="button" className="button button--secondary" onClick={() => setPage(page + 1)}>
            Next
          </button>
        )}
      </div>
    </>
  );
}

function ExpiredList({ userUuid }: { userUuid: string }) {
  const jobs = useExpiredJobs(userUuid);
  const relist = useRelistJob(userUuid);
  const navigate = useNavigate();
  if (jobs.isPending) return <Spinner label="Loading expired jobs" />;
  if (jobs.isError) return <p role="alert">{jobs.error.message}</p>;
  if (jobs.data.length === 0) return <p>You have no expired jobs.</p>;
  const onRelist = (uuid: string) => {
    if (relist.isPending) return;
    relist.mutate(uuid, {
      onSuccess: (result) => {
        toast.success(result.message);
        void navigate(paths.jobWizard('details', result.uuid));
      },
      onError: (error) => {
        toastError(error);
        if (isApiError(error) && error.errorType === 'NO_CREDITS') void navigate(paths.purchaseJobs());
      },
    });
  };
  return (
    <ul className="account-jobs__list">
      {jobs.data.map((job) => (
        <li key={job.uuid} className="account-job card">
          <span className="account-job__name">{job.companyName || 'Untitled job'}</span>
          <p className="account-job__meta">Expired {dateText(job.publishedDate, POSTING_LIFETIME_DAYS)}.</p>
          <MetricsLink job={job} />
          <ApplicantsLink job={job} />
          <button
            type="button"
            className="button button--secondary"
            onClick={() => onRelist(job.uuid)}
            aria-busy={relist.isPending || undefined}
          >
            Relist (uses 1 credit)
          </button>
        </li>
      ))}
    </ul>
  );
}

interface AccountJobsProps {
  /** The job credit balance, from the credit purchase feature. */
  creditBalance: ReactNode;
  /** The Schools tab's panel: the account's school profiles, from the schools feature. */
  schoolsPanel: ReactNode;
  /** The Alerts tab's panel, from the job alerts feature. */
  alertsPanel: ReactNode;
  /** The Applications tab's panel: the member's own applications, from the applications feature. */
  applicationsPanel: ReactNode;
}

export function AccountJobs({ creditBalance, schoolsPanel, alertsPanel, applicationsPanel }: AccountJobsProps) {
  const user = useSessionUser();
  const { selectedTab } = useParams();
  const navigate = useNavigate();
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current: AccountTab = (ACCOUNT_TABS as readonly string[]).includes(selectedTab ?? '')
    ? (selectedTab as AccountTab)
    : 'unpublished';
  const index = ACCOUNT_TABS.indexOf(current);
  if (!user) return null;

  const select = (tab: AccountTab, focus = false) => {
    void navigate(paths.account(tab), { replace: true });
    if (focus) tabRefs.current[ACCOUNT_TABS.indexOf(tab)]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    const keys: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: ACCOUNT_TABS.length - 1,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(ACCOUNT_TABS[(target + ACCOUNT_TABS.length) % ACCOUNT_TABS.length]!, true);
  };

  return (
    <section className="account-jobs" aria-labelledby="account-jobs-title">
      <div className="account-jobs__header">
        <h2 id="account-jobs-title">Your jobs</h2>
        {creditBalance}
        <Link className="button button--primary" to={paths.purchaseJobs()}>
          Post more jobs
        </Link>
      </div>
      <div
        className="tabs"
        role="tablist"
        aria-label="Your jobs, schools, job alerts and applications"
        onKeyDown={onKeyDown}
      >
        {ACCOUNT_TABS.map((tab, i) => (
          <button
            key={tab}
            ref={(el) => {
              tabRefs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`account-tab-${tab}`}
            aria-selected={tab === current}
            aria-controls={`account-panel-${tab}`}
            tabIndex={tab === current ? 0 : -1}
            className={`tabs__tab${tab === current ? ' tabs__tab--active' : ''}`}
            onClick={() => select(tab)}
          >
            {TAB_LABELS[tab]}
          </button>
        ))}
      </div>
      <div
        className="tabs__panel"
        role="tabpanel"
        id={`account-panel-${current}`}
        aria-labelledby={`account-tab-${current}`}
      >
        {current === 'unpublished' && <UnpublishedList userUuid={user.uuid} />}
        {current === 'published' && <PublishedList userUuid={user.uuid} />}
        {current === 'expired' && <ExpiredList userUuid={user.uuid} />}
        {current === 'schools' && schoolsPanel}
        {current === 'alerts' && alertsPanel}
        {current === 'applications' && applicationsPanel}
      </div>
    </section>
  );
}
