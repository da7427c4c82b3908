/** The body of every failed API call. */
export interface ErrorBody {
  error: true;
  message: string;
  errorType?: string;
  fields?: Record<string, string>;
}

export const ERROR_TYPES = {
  HAS_JOB: 'HAS_JOB',
  NO_CREDITS: 'NO_CREDITS',
  SUBSCRIPTION_REQUIRED: 'SUBSCRIPTION_REQUIRED',
  NOT_CONFIRMED: 'NOT_CONFIRMED',
  VALIDATION: 'VALIDATION',
  RATE_LIMITED: 'RATE_LIMITED',
  DB_UNAVAILABLE: 'DB_UNAVAILABLE',
  /** Password work is at capacity; Retry-After says when to come back. */
  BUSY: 'BUSY',
  SHUTTING_DOWN: 'SHUTTING_DOWN',
} as const;

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
