// The only place that talks HTTP to our server: adds the bearer token, parses JSON, validates
// answers with the shared schemas, and turns every failure into an ApiError. Calls go through fetch;
// uploads through XMLHttpRequest (for their progress), and both end the same way (`settle`).
import type { ErrorCode } from '@teacheast/shared';
import type { PostingIssueWords } from './api-error';
import { ApiError } from './api-error';
import { currentUserQueryKey, queryClient } from './query-client';
import { readToken, removeToken } from './token-storage';

type QueryValue = string | number | boolean | null | undefined;

/** Anything that validates an answer: every shared zod schema fits. */
export interface ResponseParser<T> {
  safeParse(data: unknown): { success: true; data: T } | { success: false };
}

export interface RequestOptions<T> {
  /** Sent as JSON. */
  body?: unknown;
  /** Appended as a query string; empty, null and undefined values are left out. */
  query?: Record<string, QueryValue>;
  /**
   * Validates the answer with its shared schema. Without one the answer is not checked: the data is
   * `unknown`, or the type the caller names, which must come from the shared schemas (code on the
   * first download, where zod does not fit: docs/decisions/005-lean-first-load.md).
   */
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

function parseBody(text: string): unknown {
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
  issues?: unknown;
} {
  return typeof body === 'object' && body !== null && (body as { error?: unknown }).error === true;
}

function toApiError(status: number, body: unknown): ApiError {
  if (isErrorBody(body)) {
    const message = typeof body.message === 'string' && body.message ? body.message : GENERIC_MESSAGE;
    // The server answers only the shared list's codes (ErrorBodySchema): the list itself stays out of
    // the first download, and the app compares codes it names.
    const errorType = typeof body.errorType === 'string' ? (body.errorType as ErrorCode) : undefined;
    const fields =
      typeof body.fields === 'object' && body.fields !== null ? (body.fields as Record<string, string>) : undefined;
    const issues = Array.isArray(body.issues) ? (body.issues as PostingIssueWords[]) : undefined;
    return new ApiError(status, message, { errorType, fields, issues });
  }
  return new ApiError(status, GENERIC_MESSAGE);
}

/** The session is gone on the server: forget it here too, so guards send the user away. */
function endLocalSession(): void {
  removeToken();
  queryClient.setQueryData(currentUserQueryKey, null);
}

function requestHeaders(hasBody: boolean): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = readToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (hasBody) headers['Content-Type'] = 'application/json';
  return headers;
}

/**
 * How every answer ends, however it came: a 401 ends the session here too, an error status or an
 * error body becomes an ApiError, and the schema (if any) checks the rest.
 */
function settle<T>(status: number, data: unknown, schema: ResponseParser<T> | undefined): T {
  if (status === 401) endLocalSession();
  // Older endpoints may flag an error in a 2xx body; the flag, not the status, makes it a failure.
  if (status < 200 || status > 299 || isErrorBody(data)) throw toApiError(status, data);
  if (!schema) return data as T;
  const parsed = schema.safeParse(data);
  if (!parsed.success) {
    throw new ApiError(status, 'The server sent an answer we did not expect.', { errorType: 'BAD_RESPONSE' });
  }
  return parsed.data;
}

/** A request that also returns status and headers (login reads the `auth-token` header). */
export async function apiRequest<T = unknown>(
  method: Method,
  path: string,
  options: RequestOptions<T> = {},
): Promise<ApiResponse<T>> {
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: requestHeaders(options.body !== undefined),
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, NETWORK_MESSAGE, { errorType: 'NETWORK' });
  }
  const data = settle(response.status, parseBody(await response.text()), options.schema);
  return { data, status: response.status, headers: response.headers };
}

export interface UploadOptions<T> {
  /** Validates the answer, as for any other call. */
  schema?: ResponseParser<T>;
  /** How much of the body has been sent, from 0 to 1. */
  onProgress?: (fraction: number) => void;
}

/**
 * Sends a large body (photos, a PDF) as JSON with XMLHttpRequest, because fetch cannot report upload
 * progress. Headers, error bodies, the end of a session on 401 and the check of the answer are those
 * of every other call.
 */
export function upload<T = unknown>(
  method: 'POST' | 'PUT' | 'PATCH',
  path: string,
  body: unknown,
  options: UploadOptions<T> = {},
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, path);
    for (const [name, value] of Object.entries(requestHeaders(true))) xhr.setRequestHeader(name, value);
    const { onProgress } = options;
    if (onProgress) {
      xhr.upload.onprogress = (event) => {
        if (event.lengthComputable) onProgress(event.loaded / event.total);
      };
    }
    xhr.onerror = () => reject(new ApiError(0, NETWORK_MESSAGE, { errorType: 'NETWORK' }));
    xhr.onload = () => {
      try {
        resolve(settle(xhr.status, parseBody(xhr.responseText), options.schema));
      } catch (error) {
        reject(error);
      }
    };
    xhr.send(JSON.stringify(body));
  });
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
