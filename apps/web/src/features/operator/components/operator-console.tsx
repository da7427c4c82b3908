// The operators' console (BEYOND §9): five tabs, one per queue or record. The open tab is in the
// address (?tab=…), so a reload or a shared link opens the same one.
import { useSearchParams } from 'react-router';
import { AuditLog } from './audit-log';
import { ConsoleTabs, type ConsoleTab } from './console-tabs';
import { HeldJobs } from './held-jobs';
import { ReportQueue } from './report-queue';
import { SchoolChecks } from './school-checks';
import { UserSearch } from './user-search';
import '../operator.css';

type ConsoleTabId = 'reports' | 'held-jobs' | 'school-checks' | 'users' | 'audit-log';

const CONSOLE_TABS: readonly ConsoleTab<ConsoleTabId>[] = [
  { id: 'reports', label: 'Reports' },
  { id: 'held-jobs', label: 'Held jobs' },
  { id: 'school-checks', label: 'School checks' },
  { id: 'users', label: 'Users' },
  { id: 'audit-log', label: 'Audit log' },
];
const FIRST_TAB = CONSOLE_TABS[0]!.id;

export function OperatorConsole({ operatorEmail }: { operatorEmail: string }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const asked = searchParams.get('tab');
  const current = CONSOLE_TABS.find((tab) => tab.id === asked)?.id ?? FIRST_TAB;

  return (
    <ConsoleTabs
      label="Operator console"
      tabs={CONSOLE_TABS}
      current={current}
      onSelect={(tab) => setSearchParams(tab === FIRST_TAB ? {} : { tab }, { replace: true })}
    >
      {current === 'reports' && <ReportQueue />}
      {current === 'held-jobs' && <HeldJobs />}
      {current === 'school-checks' && <SchoolChecks />}
      {current === 'users' && <UserSearch operatorEmail={operatorEmail} />}
      {current === 'audit-log' && <AuditLog />}
    </ConsoleTabs>
  );
}
