// The one error type every API call throws, carrying the server's error body (packages/shared/src/errors.ts).
import type { ErrorCode } from '@teacheast/shared';

/** Errors the app names itself: the server could not be reached, or answered what we did not expect. */
export type ClientErrorCode = 'NETWORK' | 'BAD_RESPONSE';

/** A posting check a refused text met (POSTING_CHECK, POSTING_WARNING: BEYOND §9). */
export interface PostingIssueWords {
  rule: string;
  excerpt: string;
  message?: string;
  suggestion?: string;
}

export class ApiError extends Error {
  readonly status: number;
  readonly errorType?: ErrorCode | ClientErrorCode;
  readonly fields?: Record<string, string>;
  readonly issues?: PostingIssueWords[];

  constructor(
    status: number,
    message: string,
    options: {
      errorType?: ErrorCode | ClientErrorCode;
      fields?: Record<string, string>;
      issues?: PostingIssueWords[];
    } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorType = options.errorType;
    this.fields = options.fields;
    this.issues = options.issues;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
