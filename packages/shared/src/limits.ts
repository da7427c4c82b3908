// Numbers used by both the web app and the server.

export const PAGE_SIZE = 12;
/** A posting's own title is optional; without one it is shown, and found, as this. */
export const DEFAULT_JOB_TITLE = 'English Teacher';
export const JOB_TITLE_MAX = 80;
export const POSTING_LIFETIME_DAYS = 45;
export const EXPIRY_WARNING_DAYS = 5;
export const TOP_BUTTON_MIN_RESULTS = 6; // the Top button shows above 5 results
export const TOAST_DURATION_MS = 5000;

export const CREDIT_PACKS = {
  one: { credits: 1, amountCents: 2000, label: '1 Job Credit' },
  five: { credits: 5, amountCents: 7500, label: '5 Job Credits' },
  ten: { credits: 10, amountCents: 10000, label: '10 Job Credits' },
} as const;
export type CreditPack = keyof typeof CREDIT_PACKS;
export const CREDIT_PACK_NAMES = Object.keys(CREDIT_PACKS) as [CreditPack, ...CreditPack[]];

export const RESUME_BOARD_PRICE_CENTS = 2500;
/**
 * One paid period of the resume board subscription ("one month", SPEC), counted as 30 days: the test
 * provider bills by it, and the subscriptions feature renews test subscriptions by it.
 */
export const SUBSCRIPTION_PERIOD_MS = 30 * 86_400_000;

export const MAX_IMAGE_BYTES = 5_242_880;
export const MAX_CAROUSEL_IMAGES = 15;
export const IMAGE_FIT_PX = 900;
/** The largest request body the image routes accept (uploads travel as data URLs in JSON). */
export const IMAGE_BODY_LIMIT = 12 * 1024 * 1024;
/**
 * The web app sends new carousel photos in parts of at most this many bytes: far under the limit,
 * so a phone on a weak line that loses a request loses one part, not the whole step.
 */
export const CAROUSEL_PART_BYTES = 4 * 1024 * 1024;
export const MAX_PDF_BYTES = 1_000_000;
export const MIN_RESUME_TEXT_CHARS = 9; // 8 characters or fewer are ignored

export const PASSWORD_MIN = 6;
export const PASSWORD_RESET_MAX = 22;
export const CONTACT_TEXT_MIN = 10;
export const MAX_TIME_REPORT_SECONDS = 3600;

export function formatDollars(cents: number): string {
  return `$${(cents / 100).toFixed(cents % 100 === 0 ? 0 : 2)}`;
}

/**
 * A cookie that only says "this browser has a session" (the token itself stays in local storage).
 * The server renders landing pages ahead for visitors without it; members get the app's own render,
 * so they never see a visitor's navigation first. It grants nothing and the server trusts it for nothing else.
 */
export const SIGNED_IN_COOKIE = 'teacheast_signed_in';

/** Job alerts: how many one user or one address may have, and how many jobs one mail lists. */
export const JOB_ALERTS_MAX = 20;
export const JOB_ALERT_JOBS_PER_MAIL = 20;

/**
 * Applying on site: the most applications one teacher may send in an hour and in a day. Far above a
 * teacher's honest search, low enough that no account can flood schools' inboxes with mail.
 */
export const APPLICATIONS_PER_HOUR = 20;
export const APPLICATIONS_PER_DAY = 50;
