// The console's words: dates as the reader's browser writes them, a job's state, and what an audit
// entry says was done to what. The console is never rendered by the server, so the reader's own
// locale is known wherever a date is written.
import type { OperatorJob } from '@teacheast/shared';

/** A day, as the reader's locale writes it ("28 Nov 2026", "Nov 28, 2026", …). */
export function dayText(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });
}

/** A day and its time of day, as the reader's locale writes them. */
export function momentText(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}

export const JOB_STATE_WORDS: Record<OperatorJob['state'], string> = {
  live: 'Live',
  held: 'Under review',
  removed: 'Removed',
  expired: 'Expired',
  unpublished: 'Unpublished',
};

/** The actions the server writes to the audit log (apps/server/src/features/operators and reports). */
const ACTION_WORDS: Record<string, string> = {
  'report.dismiss': 'Dismissed a report',
  'report.remove': 'Removed a job after a report',
  'job.release': 'Released a held job',
  'verification.approve': 'Approved a registration check',
  'verification.reject': 'Rejected a registration check',
  'user.suspend': 'Suspended an account',
  'operator.add': 'Made an account an operator',
  'operator.remove': 'Took the operator role away',
};

/** An audit entry's action in words; one the console does not know yet shows as the server wrote it. */
export function actionWords(action: string): string {
  return ACTION_WORDS[action] ?? action;
}

const SUBJECT_WORDS: Record<string, string> = { job: 'Job', report: 'Report', school: 'School', user: 'Account' };

/** What an audit entry's subject is, in a word. */
export function subjectWords(kind: string): string {
  return SUBJECT_WORDS[kind] ?? kind;
}
