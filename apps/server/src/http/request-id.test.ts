import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dialect, type TestApp } from '../../test/harness.js';
import { createTestProvider } from '../integrations/payments/test-provider.js';

const GENERATED = /^[A-Za-z0-9._-]{1,64}$/;

interface LogLine {
  level: number;
  reqId?: string;
  msg?: string;
}

describe(`request ids (${dialect})`, () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => t.close());

  it('echoes a safe X-Request-Id from the caller or the proxy', async () => {
    for (const id of ['abc', 'lb-7f3a9c.2_x', 'A'.repeat(64), '0f8fad5b-d9cb-469f-a165-70867728950e']) {
      const res = await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
    }
  });

  it('makes a new id when there is none, a different one each time', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () =>
        String((await t.inject({ method: 'GET', url: '/api/health' })).headers['x-request-id']),
      ),
    );
    for (const id of ids) expect(id).toMatch(GENERATED);
    expect(new Set(ids).size).toBe(3);
  });

  it('refuses an id that is too long or could be misread in a log, and makes its own', async () => {
    for (const id of ['A'.repeat(65), 'a b', 'x"}', '<script>', 'a/b', 'ünï', 'id;drop', '']) {
      const res = await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': id } });
      const answered = String(res.headers['x-request-id']);
      expect(answered, id).toMatch(GENERATED);
      expect(answered, id).not.toBe(id);
    }
  });

  it('names the request on error answers and 404s too', async () => {
    const answers = await Promise.all([
      t.inject({ method: 'GET', url: '/api/no-such-thing', headers: { 'x-request-id': 'r-404' } }),
      t.inject({ method: 'GET', url: '/api/job/not-a-uuid', headers: { 'x-request-id': 'r-400' } }),
      t.inject({ method: 'GET', url: '/api/current_user', headers: { 'x-request-id': 'r-401' } }),
      t.inject({ method: 'GET', url: '/api/%zz', headers: { 'x-request-id': 'r-bad-url' } }),
      t.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-request-id': 'r-bad-json', 'content-type': 'application/json' },
        payload: '{"email":',
      }),
    ]);
    expect(answers.map((a) => [a.statusCode, a.headers['x-request-id']])).toEqual([
      [404, 'r-404'],
      [400, 'r-400'],
      [401, 'r-401'],
      [400, 'r-bad-url'],
      [400, 'r-bad-json'],
    ]);
  });

  it('puts the id on the lines logged for the request', async () => {
    lines.length = 0;
    await t.inject({ method: 'GET', url: '/api/current_user', headers: { 'x-request-id': 'trace-me-1' } });
    const logged = lines.map((l) => JSON.parse(l) as LogLine).filter((l) => l.reqId === 'trace-me-1');
    expect(logged.map((l) => l.msg)).toEqual(['incoming request', 'request refused', 'request completed']);
  });
});

describe(`request ids in a quiet log (warn) (${dialect})`, () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    // A payment provider that fails as an unexpected error would: the answer is a 500, logged as an error.
    const provider = createTestProvider(() => Date.now());
    provider.createCreditIntent = () => Promise.reject(new Error('the provider fell over'));
    t = await createTestApp({
      logStream: { write: (line) => void lines.push(line) },
      logLevel: 'warn',
      payments: provider,
    });
  });
  afterAll(async () => t.close());

  it('logs nothing for ordinary requests, and the error line of a failed one with its id, once', async () => {
    const user = await createUser(t);
    lines.length = 0;
    await t.inject({ method: 'GET', url: '/api/health', headers: { 'x-request-id': 'quiet-1' } });
    await t.inject({ method: 'GET', url: '/api/current_user', headers: { 'x-request-id': 'quiet-2' } });
    expect(lines).toEqual([]);

    const failed = await t.inject({
      method: 'POST',
      url: '/api/payments-jobs/',
      headers: { ...user.auth, 'x-request-id': 'failing-1' },
      payload: { quantity: 'one', userUuid: user.id },
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.headers['x-request-id']).toBe('failing-1');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.match(/"reqId"/g)).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 50, reqId: 'failing-1', msg: 'request failed' });
  });
});
