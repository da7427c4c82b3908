// The one error type every API call throws, carrying the server's error body (DESIGN §4).

export class ApiError extends Error {
  readonly status: number;
  readonly errorType?: string;
  readonly fields?: Record<string, string>;

  constructor(status: number, message: string, options: { errorType?: string; fields?: Record<string, string> } = {}) {
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
