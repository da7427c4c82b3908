import { JobImagesSchema } from '@teacheast/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../config/storage-keys';
import { jsonResponse, mockServer, type RecordedRequest } from '../testing/render';
import { api, apiRequest, upload, type ResponseParser } from './api-client';
import { ApiError } from './api-error';
import { currentUserQueryKey, queryClient } from './query-client';

type Answer = { status: number; body: unknown } | 'unreachable';

/**
 * Replaces XMLHttpRequest with one answering from `respond` after reporting `progress` (bytes sent of
 * the total); returns the requests it received, with their JSON bodies parsed.
 */
function mockUploads(respond: (request: RecordedRequest) => Answer, progress: [number, number][] = []) {
  const requests: RecordedRequest[] = [];
  class FakeXhr {
    status = 0;
    responseText = '';
    upload: { onprogress: ((event: Pick<ProgressEvent, 'lengthComputable' | 'loaded' | 'total'>) => void) | null } = {
      onprogress: null,
    };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    private request: RecordedRequest = { url: '', method: '', headers: new Headers(), body: undefined };

    open(method: string, url: string) {
      this.request = { ...this.request, method, url };
    }

    setRequestHeader(name: string, value: string) {
      this.request.headers.set(name, value);
    }

    send(body: string) {
      const request = { ...this.request, body: JSON.parse(body) as unknown };
      requests.push(request);
      setTimeout(() => {
        for (const [loaded, total] of progress) this.upload.onprogress?.({ lengthComputable: true, loaded, total });
        const answer = respond(request);
        if (answer === 'unreachable') {
          this.onerror?.();
          return;
        }
        this.status = answer.status;
        this.responseText = JSON.stringify(answer.body);
        this.onload?.();
      });
    }
  }
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return requests;
}

/** What an ApiError says, to compare the errors of a fetch call and an upload. */
const errorOf = (error: unknown) => {
  expect(error).toBeInstanceOf(ApiError);
  const { status, message, errorType, fields } = error as ApiError;
  return { status, message, errorType, fields };
};

describe('api client', () => {
  it('sends the stored token as a bearer header and JSON bodies', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'abc');
    const requests = mockServer(() => jsonResponse(200, { message: 'ok' }));
    await expect(api.post('/api/contact-us', { text: 'hello' })).resolves.toEqual({ message: 'ok' });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer abc');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
    expect(requests[0]?.body).toEqual({ text: 'hello' });
  });

  it('leaves out the header without a token and drops empty query values', async () => {
    const requests = mockServer(() => jsonResponse(200, []));
    await api.get('/api/filter-jobs', { query: { country: 'japan', city: '', ageGroup: undefined, page: 2 } });
    expect(requests[0]?.headers.has('Authorization')).toBe(false);
    expect(requests[0]?.url).toBe('/api/filter-jobs?country=japan&page=2');
  });

  it('turns the error body into an ApiError with status, type and fields', async () => {
    mockServer(() =>
      jsonResponse(409, {
        error: true,
        message: 'You already have an unpublished job',
        errorType: 'HAS_JOB',
        fields: { a: 'b' },
      }),
    );
    const error = await api.post('/api/jobs/create/u').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      message: 'You already have an unpublished job',
      errorType: 'HAS_JOB',
      fields: { a: 'b' },
    });
  });

  it('treats an error flag in a 200 answer as a failure', async () => {
    mockServer(() => jsonResponse(200, { error: true, message: 'Nope' }));
    await expect(api.get('/api/x')).rejects.toMatchObject({ status: 200, message: 'Nope' });
  });

  it('on a 401 forgets the token and the current user', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    queryClient.setQueryData(currentUserQueryKey, { uuid: 'u', email: 'a@b.co', subscriptionId: null });
    mockServer(() => jsonResponse(401, { error: true, message: 'You are not logged in' }));
    await expect(api.get('/api/favorites/u')).rejects.toMatchObject({ status: 401 });
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
  });

  it('reports an unreachable server as a network ApiError', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    await expect(api.get('/api/config')).rejects.toMatchObject({ status: 0, errorType: 'NETWORK' });
  });

  it('validates answers with a schema and exposes the headers', async () => {
    mockServer(() => jsonResponse(200, { n: 1 }, { 'auth-token': 't' }));
    const schema: ResponseParser<{ n: number }> = {
      safeParse: (data) =>
        typeof (data as { n?: unknown }).n === 'number'
          ? { success: true, data: data as { n: number } }
          : { success: false },
    };
    const { data, headers } = await apiRequest('POST', '/api/login', { schema });
    expect(data.n).toBe(1);
    expect(headers.get('auth-token')).toBe('t');

    mockServer(() => jsonResponse(200, { n: 'one' }));
    await expect(apiRequest('GET', '/api/x', { schema })).rejects.toMatchObject({ errorType: 'BAD_RESPONSE' });
  });

  it('hands on the error type as the server named it, and a type that is not text as none', async () => {
    mockServer(() => jsonResponse(409, { error: true, message: 'Nope', errorType: 'OFFER_EXISTS' }));
    expect(errorOf(await api.get('/api/x').catch((e: unknown) => e))).toEqual({
      status: 409,
      message: 'Nope',
      errorType: 'OFFER_EXISTS',
      fields: undefined,
    });
    mockServer(() => jsonResponse(400, { error: true, message: 'Nope', errorType: 42 }));
    expect(errorOf(await api.get('/api/x').catch((e: unknown) => e))).toEqual({
      status: 400,
      message: 'Nope',
      errorType: undefined,
      fields: undefined,
    });
  });

  it('hands on the posting checks’ issues of a refusal', async () => {
    const issues = [{ rule: 'native_speaker', excerpt: 'native speakers', message: 'Say which visa' }];
    mockServer(() => jsonResponse(409, { error: true, message: 'Check', errorType: 'POSTING_WARNING', issues }));
    const error = await api.get('/api/x').catch((e: unknown) => e);
    expect((error as { issues?: unknown }).issues).toEqual(issues);
  });
});

describe('uploads', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('sends JSON with the bearer token, reports progress and checks the answer', async () => {
    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'abc');
    const requests = mockUploads(
      () => ({ status: 200, body: { images: ['/media/img/a.webp'], extra: 1 } }),
      [
        [50, 100],
        [100, 100],
      ],
    );
    const progress: number[] = [];
    const answer = await upload(
      'POST',
      '/api/job/image-upload/j/u',
      { images: ['data:image/webp;base64,AAAA'] },
      {
        schema: JobImagesSchema,
        onProgress: (fraction) => progress.push(fraction),
      },
    );
    expect(answer).toEqual({ images: ['/media/img/a.webp'] });
    expect(progress).toEqual([0.5, 1]);
    expect(requests[0]).toMatchObject({ method: 'POST', url: '/api/job/image-upload/j/u' });
    expect(requests[0]?.body).toEqual({ images: ['data:image/webp;base64,AAAA'] });
    expect(requests[0]?.headers.get('Authorization')).toBe('Bearer abc');
    expect(requests[0]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('on a 401 ends the session the same way a fetch call does', async () => {
    const expired = { error: true, message: 'You are not logged in' };
    const user = { uuid: 'u', email: 'a@b.co', subscriptionId: null };

    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    queryClient.setQueryData(currentUserQueryKey, user);
    mockServer(() => jsonResponse(401, expired));
    const fetchError = errorOf(await api.patch('/api/post-resume/profile-image/u', {}).catch((e: unknown) => e));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();

    window.localStorage.setItem(TOKEN_STORAGE_KEY, 'expired');
    queryClient.setQueryData(currentUserQueryKey, user);
    mockUploads(() => ({ status: 401, body: expired }));
    const uploadError = errorOf(await upload('PATCH', '/api/post-resume/profile-image/u', {}).catch((e: unknown) => e));
    expect(window.localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(queryClient.getQueryData(currentUserQueryKey)).toBeNull();
    expect(uploadError).toEqual(fetchError);
    expect(uploadError).toMatchObject({ status: 401, message: 'You are not logged in' });
  });

  it('turns an error body into the same ApiError as a fetch call', async () => {
    const refused = {
      error: true,
      message: 'images: A job can have at most 15 carousel images',
      errorType: 'VALIDATION',
      fields: { images: 'A job can have at most 15 carousel images' },
    };
    mockServer(() => jsonResponse(400, refused));
    const fetchError = errorOf(await api.post('/api/job/image-upload/j/u', { images: [] }).catch((e: unknown) => e));
    mockUploads(() => ({ status: 400, body: refused }));
    const uploadError = errorOf(
      await upload('POST', '/api/job/image-upload/j/u', { images: [] }).catch((e: unknown) => e),
    );
    expect(uploadError).toEqual(fetchError);
    expect(uploadError).toEqual({
      status: 400,
      message: refused.message,
      errorType: 'VALIDATION',
      fields: refused.fields,
    });
  });

  it('reports an unreachable server and an unexpected answer as a fetch call does', async () => {
    mockUploads(() => 'unreachable');
    await expect(upload('POST', '/api/x', {})).rejects.toMatchObject({ status: 0, errorType: 'NETWORK' });
    mockUploads(() => ({ status: 200, body: { images: 'not a list' } }));
    await expect(upload('POST', '/api/x', {}, { schema: JobImagesSchema })).rejects.toMatchObject({
      status: 200,
      errorType: 'BAD_RESPONSE',
    });
  });
});
