// The only place that talks HTTP to our server: adds the bearer token, parses JSON, validates
// answers with the shared schemas, and turns every failure into an ApiError.
import { ApiError } from './api-error';
import { currentUserQueryKey, queryClient } from './query-client';
import { readToken, removeToken } from './token-storage';

type QueryValue = string | number | boolean | null | undefined;

/**
 * Anything that validates an answer: every zod schema fits, and so does a small hand-written
 * parser where pulling zod into the first download is not worth it.
 */
export interface ResponseParser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface RequestOptions<T> {
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; empty, null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /** Validates the answer; without it the data is `unknown`. */
  schema?: ResponseParser<T>;
  signal?: AbortSignal;
}

export interface ApiResponse<T> {
  data: T;
  status: number;
  headers: Headers;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

const NETWORK_MESSAGE = 'Could not reach TeachEast. Check your connection and try again.';
const GENERIC_MESSAGE = 'Something went wrong. Please try again.';

function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}${path.includes('?') ? '&' : '?'}${search}` : path;
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    // A proxy or gateway page instead of our JSON: keep the status, drop the body.
    return undefined;
  }
}

function isErrorBody(body: unknown): body is {
  error: true;
  message?: unknown;
  errorType?: unknown;
  fields?: unknown;
} {
  return typeof body === 'object' && body !== null && (body as { error?: unknown }).error === true;
}

function toApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    const message = typeof body.message === 'string' && body.message ? body.message : GENERIC_MESSAGE;
    const errorType = typeof body.errorType === 'string' ? body.errorType : undefined;
    const fields =
      typeof body.fields === 'object' && body.fields !== null ? (body.fields as Record<string, string>) : undefined;
    return new ApiError(status, message, { errorType, fields });
  }
  return new ApiError(status, GENERIC_MESSAGE);
}

/** The session is gone on the server: forget it here too, so guards send the user away. */
function endLocalSession(): void {
  removeToken();
  queryClient.setQueryData(currentUserQueryKey, null);
}

/** A request that also returns status and headers (login reads the `auth-token` header). */
export async function apiRequest<T = unknown>(
  method: Method,
  path: string,
  options: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: string | undefined;
  if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_MESSAGE, { errorType: 'NETWORK' });
  }

  const data = await readBody(response);
  if (response.status === 401) endLocalSession();
  // Older endpoints may flag an error in a 2xx body; the spec treats the flag as the failure.
  if (!response.ok || isErrorBody(data)) throw toApiError(response.status, data);

  if (options.schema) {
    const parsed = options.schema.safeParse(data);
    if (!parsed.success) {
      throw new ApiError(response.status, 'The server sent an answer we did not expect.', {
        errorType: 'BAD_RESPONSE',
      });
    }
    return { data: parsed.data, status: response.status, headers: response.headers };
  }
  return { data: data as T, status: response.status, headers: response.headers };
}

async function dataOf<T>(method: Method, path: string, options?: RequestOptions<T>): Promise<T> {
  return (await apiRequest<T>(method, path, options)).data;
}

/** Shorthands returning only the (validated) data. Paths are absolute, e.g. `/api/login`. */
export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => dataOf<T>('GET', path, options),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    dataOf<T>('POST', path, { ...options, body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    dataOf<T>('PUT', path, { ...options, body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'body'>) =>
    dataOf<T>('PATCH', path, { ...options, body }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'body'>) => dataOf<T>('DELETE', path, options),
};
