// Who may call a route is settled before its body is read: an anonymous (or another user's) 12 MB
// upload is refused without being parsed. And a slow client cannot hold a connection forever.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@teacheast/shared';
import { HEADERS_TIMEOUT_MS, REQUEST_TIMEOUT_MS } from '../../src/app.js';
import { createTestApp, createUser, dialect, type TestApp, type TestUser } from '../harness.js';

describe(`request bodies and time (${dialect})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    other = await createUser(t);
  });
  afterAll(async () => t.close());

  // 12 MB that is not JSON: a server that read it first would answer 400 "not valid JSON".
  const bigBrokenBody = `{"profileImage":"${'A'.repeat(12 * 1024 * 1024 - 100)}`;

  it('refuses an anonymous caller and another user on upload routes before reading the body', async () => {
    for (const url of [`/api/post-resume/profile-image/${owner.id}`, `/api/post-resume/resume/${owner.id}`]) {
      for (const [headers, status] of [
        [{}, 401],
        [other.auth, 403],
      ] as const) {
        const res = await t.inject({
          method: 'PATCH',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: bigBrokenBody,
        });
        expect(res.statusCode, url).toBe(status);
        expect(res.json()).toMatchObject({ error: true });
        expect(res.json<ErrorBody>().message).not.toMatch(/JSON/);
      }
    }
    // The owner's request is read (and its broken JSON refused).
    const own = await t.inject({
      method: 'PATCH',
      url: `/api/post-resume/profile-image/${owner.id}`,
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: '{"profileImage":',
    });
    expect(own.statusCode).toBe(400);
  });

  it('sets a request timeout and a header timeout on the server', () => {
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(t.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
  });
});
