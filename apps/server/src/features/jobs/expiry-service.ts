// Five days before a posting's 45 days end, its owner gets one e-mail. Several instances may run this:
// the notice row is inserted before the mail is sent, and only the instance that inserts it sends.
import { EXPIRY_WARNING_DAYS, POSTING_LIFETIME_DAYS } from '@teacheast/shared';
import type { Deps } from '../../deps.js';
import * as repo from './expiry-repo.js';
import { POSTING_LIFETIME_MS } from './lifecycle.js';
import { closeApplicationsOfClosedJobs } from '../applications/service.js';

const EXPIRY_WARNING_MS = EXPIRY_WARNING_DAYS * 86_400_000;
const EXPIRY_CHECK_INTERVAL_MS = 3_600_000;

/** Sends the notices that are due; answers how many this call sent. */
export async function sendExpiryNotices(deps: Pick<Deps, 'db' | 'mail' | 'clock' | 'config'>): Promise<number> {
  const now = deps.clock.now();
  const due = await repo.listJobsNeedingExpiryNotice(deps.db, now, EXPIRY_WARNING_MS);
  let sent = 0;
  for (const job of due) {
    if (job.published_at === null) continue;
    if (!(await repo.claimExpiryNotice(deps.db, job.id, job.published_at, now))) continue;
    const endsOn = new Date(job.published_at + POSTING_LIFETIME_MS).toUTCString().slice(0, 16);
    const name = job.company_name || 'Your job';
    deps.mail.send({
      to: job.email,
      subject: `Your TeachEast job posting expires on ${endsOn}`,
      text:
        `${name}'s job posting on TeachEast reaches the end of its ${POSTING_LIFETIME_DAYS} days on ${endsOn}.\n\n` +
        `After that it no longer appears in search. To keep it visible, relist it from the Expired tab of your account with one job credit:\n` +
        `${deps.config.publicUrl}/account/expired\n\n` +
        `You can see how it has done so far here:\n${deps.config.publicUrl}/job/metrics/${job.id}\n`,
    });
    sent += 1;
  }
  return sent;
}

/** Checks hourly; the timer never keeps the process alive. Answers a function that stops it. */
export function startExpiryNoticeTimer(
  deps: Pick<Deps, 'db' | 'mail' | 'clock' | 'config'>,
  onError: (err: unknown) => void = () => undefined,
): () => void {
  // Postings that reach their end close their open applications on the same round.
  const run = () => void Promise.all([sendExpiryNotices(deps), closeApplicationsOfClosedJobs(deps)]).catch(onError);
  const first = setTimeout(run, 60_000);
  first.unref();
  const timer = setInterval(run, EXPIRY_CHECK_INTERVAL_MS);
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
