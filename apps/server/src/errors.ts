// The one error type services throw: a status, a message a person can read, and an optional stable code.
import type { ErrorCode } from '@teacheast/shared';

export class AppError extends Error {
  readonly status: number;
  /** One of the shared list (packages/shared/src/errors.ts): the server answers no other. */
  readonly errorType?: ErrorCode;
  readonly fields?: Record<string, string>;
  /** Sent as Retry-After: when the caller may try again (429, 503). */
  readonly retryAfterSeconds?: number;
  /** The rate limit that refused the request (429), for the refusals counter on /metrics. */
  readonly limit?: string;
  /** Why, in words with a code each (ELIGIBILITY_WARNING). */
  readonly reasons?: { code: string; text: string }[];
  /** The posting checks a text met (POSTING_CHECK, POSTING_WARNING). */
  readonly issues?: { rule: string; excerpt: string; message?: string; suggestion?: string }[];

  constructor(
    status: number,
    message: string,
    options: {
      errorType?: ErrorCode;
      fields?: Record<string, string>;
      retryAfterSeconds?: number;
      limit?: string;
      reasons?: { code: string; text: string }[];
      issues?: { rule: string; excerpt: string; message?: string; suggestion?: string }[];
    } = {},
  ) {
    super(message);
    this.name = 'AppError';
    this.status = status;
    this.errorType = options.errorType;
    this.fields = options.fields;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.limit = options.limit;
    this.reasons = options.reasons;
    this.issues = options.issues;
  }
}

export const unauthorized = (message = 'You must log in first') => new AppError(401, message);
export const forbidden = (message = 'You are not allowed to do that') => new AppError(403, message);
export const notFound = (message = 'Not found') => new AppError(404, message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new AppError(400, message, { fields, errorType: 'VALIDATION' });
