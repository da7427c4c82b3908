// Text PostgreSQL cannot store (NUL) and text that is not Unicode (a lone surrogate) must be refused
// with 400 and the error body on every route, in the path, the query and the body, on both
// databases; the driver's own refusal is mapped to 400 as a backstop. The route table is walked, so a
// new route cannot be forgotten.
import Fastify from 'fastify';
import { UNSTORABLE_TEXT } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompleteDraft, VALID_DETAILS } from '../../src/features/jobs/test-factories.js';
import { createResume } from '../../src/features/resumes/test-factories.js';
import { createSubscription } from '../../src/features/subscriptions/test-factories.js';
import { registerErrorHandler } from '../../src/http/error-handler.js';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp, type TestUser } from '../harness.js';

interface Route {
  method: string;
  url: string;
}

const NUL = '\u0000';
const HOSTILE = [NUL, '\uD800', 'end\uDFFF'];

function expectValidationRefusal(res: { statusCode: number; json: () => unknown }, label: string): void {
  expect(res.statusCode, label).toBe(400);
  const body = res.json() as { error?: unknown; message?: unknown; errorType?: unknown };
  expect(body.error, label).toBe(true);
  expect(typeof body.message, label).toBe('string');
  expect(body.errorType, label).toBe('VALIDATION');
}

describe(`text that cannot be stored (${dialect})`, () => {
  const routes: Route[] = [];
  let t: TestApp;
  let owner: TestUser;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (r) => {
        for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
      },
    });
    owner = await createUser(t, 'owner@example.com');
    ids.draft = await createCompleteDraft(t, owner);
    ids.published = await createPublishedJob(t, owner.id);
    ids.resume = await createResume(t, owner.id, {});
    ids.subscription = await createSubscription(t, owner.id);
  });
  afterAll(async () => t.close());

  function urlFor(route: Route, hostileParam?: string): string {
    let url = route.url
      .replace(':userUuid', owner.id)
      .replace(':jobUuid', ids.published!)
      .replace(':uuid', ids.draft!)
      .replace(':resumeUuid', ids.resume!)
      .replace(':subscriptionId', ids.subscription!)
      .replace(':id', ids.resume!)
      .replace(':country', 'china')
      .replace(':name', 'missing.webp')
      .replace('*', 'jobs');
    if (hostileParam !== undefined) url = url.replace(/\/[^/]+$/, `/${encodeURIComponent(hostileParam)}`);
    return url;
  }

  it('answers the reported search with a NUL city with 400, not 500', async () => {
    const res = await t.inject({ method: 'GET', url: '/api/filter-jobs?country=china&city=china%00&page=1' });
    expectValidationRefusal(res, 'filter-jobs');
  });

  it('refuses NUL in the query of every route', async () => {
    // A URL cannot carry a lone surrogate: percent-decoding turns bad UTF-8 into U+FFFD.
    expect(routes.length).toBeGreaterThan(30);
    for (const route of routes) {
      const res = await t.inject({
        method: route.method as 'GET',
        url: `${urlFor(route)}?page=1&city=a%00`,
        headers: owner.auth,
      });
      expectValidationRefusal(res, `${route.method} ${route.url} query`);
    }
  });

  it('refuses NUL and lone surrogates in every string field of the body of every route that takes one', async () => {
    const withBody = routes.filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method));
    expect(withBody.length).toBeGreaterThan(15);
    const body = {
      ...VALID_DETAILS,
      userUuid: owner.id,
      uuid: ids.draft,
      email: 'owner@example.com',
      password: 'password1',
    };
    for (const route of withBody) {
      // One-click unsubscribe reads forms only (RFC 8058): a JSON body is refused with 415 unread
      // (features/alerts/alerts.test.ts), and the form's text is never stored.
      if (route.url === '/api/job-alerts/unsubscribe') continue;
      for (const key of Object.keys(body)) {
        const value = (body as Record<string, unknown>)[key];
        if (typeof value !== 'string' || key === 'userUuid') continue;
        for (const text of HOSTILE) {
          const res = await t.inject({
            method: route.method as 'POST',
            url: urlFor(route),
            headers: { ...owner.auth, 'content-type': 'application/json' },
            payload: JSON.stringify({ ...body, [key]: `${value}${text}` }),
          });
          expectValidationRefusal(res, `${route.method} ${route.url} body.${key} ${JSON.stringify(text)}`);
          expect((res.json() as { fields?: Record<string, string> }).fields?.[key]).toBe(UNSTORABLE_TEXT);
        }
      }
    }
  });

  it('refuses them in the last path segment of every route that has a parameter', async () => {
    const withParam = routes.filter((r) => /:[a-zA-Z]+$/.test(r.url) && !r.url.endsWith(':userUuid'));
    expect(withParam.length).toBeGreaterThan(10);
    for (const route of withParam) {
      const res = await t.inject({ method: route.method as 'GET', url: urlFor(route, `x${NUL}`), headers: owner.auth });
      expectValidationRefusal(res, `${route.method} ${route.url} path`);
    }
  });

  it('stores nothing from a refused write', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: { email: 'ann@example.com', subject: 'Hi', text: `Hello${NUL} there, a long enough message` },
    });
    expectValidationRefusal(res, 'contact');
    expect(await t.db.selectFrom('contact_messages').selectAll().execute()).toEqual([]);
  });

  it("maps the database's own refusal of such text to 400 with the error body", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    app.get('/pg', async () => {
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    });
    app.get('/jsonb', async () => {
      throw Object.assign(new Error('unsupported Unicode escape sequence'), { code: '22P05' });
    });
    for (const url of ['/pg', '/jsonb']) expectValidationRefusal(await app.inject({ url }), url);
    await app.close();
  });
});
