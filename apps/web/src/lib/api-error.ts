// The one error type every API call throws, carrying the server's error body (packages/shared/src/errors.ts).
import type { ErrorCode } from '@teacheast/shared';

/** Errors the app names itself: the server could not be reached, or answered what we did not expect. */
export type ClientErrorCode = 'NETWORK' | 'BAD_RESPONSE';

export class ApiError extends Error {
  readonly status: number;
  readonly errorType?: ErrorCode | ClientErrorCode;
  readonly fields?: Record<string, string>;

  constructor(
    status: number,
    message: string,
    options: { errorType?: ErrorCode | ClientErrorCode; fields?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errorType = options.errorType;
    this.fields = options.fields;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}
