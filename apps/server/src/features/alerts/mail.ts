// The mails of job alerts: the confirmation of an alert made with an e-mail address, and the alert
// mail itself, in plain text and HTML, with one-click unsubscribe headers (RFC 8058).
import {
  AGE_GROUPS,
  DEFAULT_JOB_TITLE,
  SEARCH_TERMS_FILTER_KEYS,
  countryLabel,
  isCityOf,
  termsFilterWords,
  type JobTile,
  type TermsFilterValues,
} from '@teacheast/shared';
import type { JobAlertRow } from '../../db/schema.js';
import type { OutboxMail } from '../../integrations/mail/repo.js';

type AlertSearch = Pick<JobAlertRow, 'country' | 'city' | 'age_group' | 'q' | 'frequency'> &
  Partial<Pick<JobAlertRow, 'terms_filter'>>;

/** The contract-sheet filters an alert holds (BEYOND §6), as stored: only those that are on. */
function filtersOf(alert: AlertSearch): TermsFilterValues {
  return alert.terms_filter ? (JSON.parse(alert.terms_filter) as TermsFilterValues) : {};
}

/** ", with housing, visa sponsored, at least 2,000,000 KRW a month", or nothing. */
function withFilters(alert: AlertSearch): string {
  const words = termsFilterWords(alert.country, filtersOf(alert));
  return words.length > 0 ? `, with ${words.join(', ')}` : '';
}

/** The search in words, e.g. `"business english" jobs in Hanoi, Vietnam, teaching adults, with housing`. */
export function describeSearch(alert: AlertSearch): string {
  const where = alert.city ? `${alert.city}, ${countryLabel(alert.country)}` : countryLabel(alert.country);
  const what = alert.q ? `“${alert.q}” jobs` : 'Teaching jobs';
  const who = alert.age_group ? `, teaching ${alert.age_group.toLowerCase()}` : '';
  return `${what} in ${where}${who}${withFilters(alert)}`;
}

/** The job search the alert saved, on the site, its filters in the order the search page writes them. */
function searchUrl(site: string, alert: AlertSearch): string {
  const query = new URLSearchParams({ country: alert.country });
  if (alert.city) query.set('city', alert.city);
  if (alert.age_group) query.set('ageGroup', alert.age_group);
  if (alert.q) query.set('q', alert.q);
  const filters = filtersOf(alert);
  for (const key of SEARCH_TERMS_FILTER_KEYS) {
    const value = filters[key];
    if (value !== undefined) query.set(key, String(value));
  }
  query.set('page', '1');
  return `${site}/jobs?${query.toString()}`;
}

function unsubscribeUrl(site: string, token: string): string {
  return `${site}/api/job-alerts/unsubscribe?token=${encodeURIComponent(token)}`;
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const html = (text: string) => text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);

/**
 * The search in words made only of our own lists (country, city, age group), for a mail to an address
 * nobody has confirmed yet: whoever asked for it may be a stranger, so nothing they typed goes in, and
 * keywords are only mentioned (`Jobs matching your keywords in Hanoi, Vietnam`).
 */
function describeSearchFromLists(alert: AlertSearch): string {
  const city = isCityOf(alert.country, alert.city) ? alert.city : '';
  const where = city ? `${city}, ${countryLabel(alert.country)}` : countryLabel(alert.country);
  const what = alert.q ? 'Jobs matching your keywords' : 'Teaching jobs';
  const ageGroup = AGE_GROUPS.find((g) => g === alert.age_group);
  const who = ageGroup ? `, teaching ${ageGroup.toLowerCase()}` : '';
  return `${what} in ${where}${who}${withFilters(alert)}`;
}

export function confirmationMail(
  site: string,
  alert: JobAlertRow & { email: string | null },
  token: string,
): OutboxMail {
  const link = `${site}/job-alerts/confirm/${token}`;
  return {
    to: alert.email!,
    subject: 'Confirm your TeachEast job alert',
    text:
      `Please confirm your job alert on TeachEast:\n${describeSearchFromLists(alert)}, mailed ${alert.frequency}.\n\n` +
      `Open this link to start it (it works once, for 7 days):\n${link}\n\n` +
      'If you did not ask for this, ignore this e-mail: no alert starts without the link.\n',
  };
}

function jobLines(site: string, job: JobTile): { text: string; html: string } {
  const title = job.title || DEFAULT_JOB_TITLE;
  const place = `${job.city}, ${countryLabel(job.country)}`;
  const url = `${site}/posting/${job.uuid}`;
  const facts = job.pay ? `${place} · ${job.pay}` : place;
  return {
    text: `${title} at ${job.companyName}\n${facts}\n${url}\n`,
    html:
      `<li style="margin:0 0 16px"><a href="${html(url)}" style="font-weight:bold;color:#0f5c6e">${html(title)}</a>` +
      `<br>${html(job.companyName)}<br><span style="color:#555">${html(facts)}</span></li>`,
  };
}

export function alertMail(
  site: string,
  to: string,
  alert: AlertSearch,
  jobs: JobTile[],
  options: { more: boolean; token: string },
): OutboxMail {
  const search = describeSearch(alert);
  const searchLink = searchUrl(site, alert);
  const stop = unsubscribeUrl(site, options.token);
  const lines = jobs.map((job) => jobLines(site, job));
  const count = `${jobs.length} new job${jobs.length === 1 ? '' : 's'}`;
  const why = `You get this mail ${alert.frequency === 'weekly' ? 'at most once a week' : 'at most once a day'} because you asked TeachEast for job alerts.`;
  const more = options.more ? `More new jobs like these: ${searchLink}\n\n` : `See the whole search: ${searchLink}\n\n`;
  return {
    to,
    subject: `${count}: ${search}`,
    text: `${count} for your TeachEast alert: ${search}\n\n${lines.map((l) => l.text).join('\n')}\n${more}${why}\nStop this alert: ${stop}\n`,
    html:
      `<!doctype html><html><body style="font-family:sans-serif;line-height:1.5;color:#222">` +
      `<p>${html(count)} for your TeachEast alert: <strong>${html(search)}</strong></p>` +
      `<ul style="padding-left:18px">${lines.map((l) => l.html).join('')}</ul>` +
      `<p><a href="${html(searchLink)}">${options.more ? 'More new jobs like these' : 'See the whole search'}</a></p>` +
      `<p style="color:#555;font-size:13px">${html(why)} <a href="${html(stop)}">Stop this alert</a></p>` +
      `</body></html>`,
    headers: {
      'List-Unsubscribe': `<${stop}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
