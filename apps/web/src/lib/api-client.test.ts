import { describe, expect, it, vi } from 'vitest';
import { TOKEN_STORAGE_KEY } from '../config/storage-keys';
import { jsonResponse, mockServer } from '../testing/render';
import { api, apiRequest, type ResponseParser } from './api-client';
import { ApiError } from './api-error';
import { currentUserQueryKey, queryClient } from './query-client';

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
});
