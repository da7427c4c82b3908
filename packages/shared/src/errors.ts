/**
 * Every error type the server answers with, with the status it comes with: the one list both sides
 * use. The server cannot answer a type that is not here (AppError's `errorType` is an ErrorCode), and
 * the web app compares only these.
 */
export const ERROR_TYPES = {
  /** 400: the request is not valid; `fields` names the wrong fields when there are any. */
  VALIDATION: 'VALIDATION',
  /** 400: a Stripe webhook whose signature could not be verified. */
  BAD_SIGNATURE: 'BAD_SIGNATURE',
  /** 400: a test card number that is not valid; 402 when a payment is confirmed with it. */
  CARD_INVALID: 'CARD_INVALID',
  /** 402: the test card was declined. */
  CARD_DECLINED: 'CARD_DECLINED',
  /** 403: logging in before the e-mail address is confirmed. */
  NOT_CONFIRMED: 'NOT_CONFIRMED',
  /** 404: a coupon link that names no coupon. */
  COUPON_UNKNOWN: 'COUPON_UNKNOWN',
  /** 409: a coupon already redeemed. */
  COUPON_USED: 'COUPON_USED',
  /** 409: a coupon sign-up with an e-mail address that already has an account. */
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  /** 409: creating a job while one is still unpublished. */
  HAS_JOB: 'HAS_JOB',
  /** 402: creating a job without a credit. */
  NO_CREDITS: 'NO_CREDITS',
  /** 400: publishing a job that misses required parts. */
  INCOMPLETE: 'INCOMPLETE',
  /** 409: changing or publishing a job that has expired. */
  JOB_EXPIRED: 'JOB_EXPIRED',
  /** 409: a job the operator took down. */
  JOB_TAKEN_DOWN: 'JOB_TAKEN_DOWN',
  /** 409: applying to a job a second time. */
  ALREADY_APPLIED: 'ALREADY_APPLIED',
  /** 409: applying without a published resume. */
  NO_RESUME: 'NO_RESUME',
  /** 409: withdrawing or deciding on an application that changed stage since it was read. */
  STATUS_CHANGED: 'STATUS_CHANGED',
  /** 409: a 21st job alert for one account. */
  TOO_MANY_ALERTS: 'TOO_MANY_ALERTS',
  /** 409: relisting a job that has not expired. */
  NOT_EXPIRED: 'NOT_EXPIRED',
  /** 400: publishing a resume that misses required parts (`fields` names them). */
  INCOMPLETE_RESUME: 'INCOMPLETE_RESUME',
  /** 403: reading a resume without a Resume Board subscription. */
  SUBSCRIPTION_REQUIRED: 'SUBSCRIPTION_REQUIRED',
  /** 409: subscribing again while a subscription is active. */
  HAS_SUBSCRIPTION: 'HAS_SUBSCRIPTION',
  /** 400: an eligibility question with no facts to answer it from (BEYOND §7). */
  NO_ELIGIBILITY_FACTS: 'NO_ELIGIBILITY_FACTS',
  /** 409: applying to a job the teacher's facts make them not eligible for; `reasons` say why (BEYOND §7). */
  ELIGIBILITY_WARNING: 'ELIGIBILITY_WARNING',
  /** 409: a 21st school for one account (BEYOND §8). */
  TOO_MANY_SCHOOLS: 'TOO_MANY_SCHOOLS',
  /** 409: a registration number another school holds verified (BEYOND §8). */
  REGISTRATION_CLAIMED: 'REGISTRATION_CLAIMED',
  /** 409: a second open report of one job by the same account (BEYOND §9). */
  ALREADY_REPORTED: 'ALREADY_REPORTED',
  /** 400: publishing (or editing a published job) with text the checks refuse; `issues` name each (BEYOND §9). */
  POSTING_CHECK: 'POSTING_CHECK',
  /** 409: publishing with text the checks warn of; sent again with `acknowledgeWarnings` it goes through. */
  POSTING_WARNING: 'POSTING_WARNING',
  /** 409: relisting a job held for review until an operator releases it. */
  JOB_UNDER_REVIEW: 'JOB_UNDER_REVIEW',
  /** 403: logging in to an account an operator suspended. */
  SUSPENDED: 'SUSPENDED',
  /** 409: a message in a conversation closed more than 30 days ago (BEYOND §10). */
  CONVERSATION_CLOSED: 'CONVERSATION_CLOSED',
  /** 409: accepting an interview time withdrawn, or after another was accepted. */
  SLOT_GONE: 'SLOT_GONE',
  /** 409: a second open offer on one application. */
  OFFER_EXISTS: 'OFFER_EXISTS',
  /** 429: too many requests; Retry-After says when to come back. */
  RATE_LIMITED: 'RATE_LIMITED',
  /** 503: password work is at capacity; Retry-After says when to come back. */
  BUSY: 'BUSY',
  /** 503: the database cannot be reached. */
  DB_UNAVAILABLE: 'DB_UNAVAILABLE',
  /** 503: the server is shutting down; the connection is closed. */
  SHUTTING_DOWN: 'SHUTTING_DOWN',
} as const;

export type ErrorCode = (typeof ERROR_TYPES)[keyof typeof ERROR_TYPES];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_TYPES, value);
}

/** The body of every failed API call. */

export const MESSAGES = {
  mustLogInToSave: 'Must be logged in to save',
  hasJob: 'You already have an unpublished job',
  mustLogIn: 'You must login or create an account first',
  emailDoesNotMatch: 'Email does not match.',
  fileTooLarge: 'Your file is too large',
  noResults: 'Sorry, there are no results for this criteria.',
  paymentFailed: 'Payment did not go through.',
  paymentSucceeded: 'Payment was successful.',
  subscriptionSucceeded: 'Payment was sucessful. May take a moment to process',
} as const;
