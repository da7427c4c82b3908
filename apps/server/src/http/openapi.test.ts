import { createHash } from 'node:crypto';
import { Validator } from '@seriousme/openapi-schema-validator';
import { ErrorBodySchema } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStripeWebhookReceiver } from '../integrations/payments/stripe-webhooks.js';
import { createTestProvider } from '../integrations/payments/test-provider.js';
import { createTestApp, createUser, dialect, type TestApp, type TestAppOptions } from '../../test/harness.js';

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, { description: string; content?: Record<string, { schema: Record<string, unknown> }> }>;
  security?: unknown[];
}
interface Document {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, unknown> };
}

interface DocumentedApp {
  t: TestApp;
  /** 'GET /api/filter-jobs', … : every route under /api/ the app has, as its route table holds it. */
  routes: string[];
  document: Document;
}

async function documentedApp(options: TestAppOptions = {}): Promise<DocumentedApp> {
  const routes: string[] = [];
  const t = await createTestApp({
    ...options,
    onRoute: (route) => {
      for (const method of [route.method].flat()) {
        // HEAD is Fastify's own twin of each GET.
        if (method !== 'HEAD' && route.url.startsWith('/api/')) routes.push(`${method} ${route.url}`);
      }
    },
  });
  const res = await t.inject({ url: '/api/openapi.json' });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/json/);
  return { t, routes, document: res.json() as Document };
}

/** The document's path for a route: /api/job/:uuid is /api/job/{uuid}. */
const documentPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

function operationOf(document: Document, route: string): Operation | undefined {
  const [method, url] = route.split(' ') as [string, string];
  return document.paths[documentPath(url)]?.[method.toLowerCase()];
}

describe(`the API's OpenAPI document (${dialect})`, () => {
  let test: DocumentedApp;
  let stripe: DocumentedApp;

  beforeAll(async () => {
    test = await documentedApp();
    // With Stripe the test-card routes give way to the webhook: that route table is documented too.
    stripe = await documentedApp({
      env: {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_test',
        STRIPE_PUBLISHABLE_KEY: 'pk_test_x',
        STRIPE_RESUME_BOARD_PRICE: 'price_x',
      },
      // Stripe's shape: webhooks instead of test cards.
      payments: {
        ...createTestProvider(),
        name: 'stripe',
        testCards: undefined,
        webhooks: createStripeWebhookReceiver({ secretKey: 'sk_test_x', webhookSecret: 'whsec_test' }, () =>
          Promise.reject(new Error('no subscription is read here')),
        ),
      },
    });
  });
  afterAll(async () => {
    await test?.t.close();
    await stripe?.t.close();
  });

  it('is a valid OpenAPI 3.1 document', async () => {
    for (const { document } of [test, stripe]) {
      expect(document.openapi).toBe('3.1.0');
      const result = await new Validator().validate(document as unknown as Record<string, unknown>);
      expect(result.errors).toBeUndefined();
      expect(result.valid).toBe(true);
    }
  });

  it('holds every route under /api/ with its method, and nothing the route table lacks', () => {
    expect(stripe.routes).toContain('POST /api/stripe/webhook');
    expect(test.routes).toContain('POST /api/test-payments/confirm');
    for (const { routes, document } of [test, stripe]) {
      expect(routes.length).toBeGreaterThan(50);
      for (const route of routes) expect(operationOf(document, route), route).toBeDefined();
      const documented = Object.entries(document.paths).flatMap(([path, item]) =>
        Object.keys(item).map((method) => `${method.toUpperCase()} ${path}`),
      );
      const apiRoutes = routes.map((route) => {
        const [method, url] = route.split(' ') as [string, string];
        return `${method} ${documentPath(url)}`;
      });
      // Besides the API only the public images are documented; the web app's pages and files are not.
      expect(documented.filter((route) => !route.startsWith('GET /media/')).sort()).toEqual([...apiRoutes].sort());
      expect(documented).toContain('GET /media/img/{name}');
    }
  });

  it("names each route's path parameters, and its query, body and answer from its zod schemas", () => {
    const { document } = test;
    for (const route of test.routes) {
      const pathParams = [...route.matchAll(/:(\w+)/g)].map((m) => m[1]);
      const documented = (operationOf(document, route)!.parameters ?? []).filter((p) => p.in === 'path');
      expect(documented.map((p) => p.name).sort(), route).toEqual(pathParams.sort());
    }
    const search = operationOf(document, 'GET /api/filter-jobs')!;
    expect(search.parameters).toContainEqual(expect.objectContaining({ name: 'country', in: 'query', required: true }));
    expect(search.parameters).toContainEqual(expect.objectContaining({ name: 'city', in: 'query', required: false }));
    const results = search.responses['200']!.content!['application/json']!.schema;
    expect(results).toMatchObject({
      type: 'object',
      required: ['results'],
      properties: { results: { type: 'array' } },
    });

    const login = operationOf(document, 'POST /api/login')!;
    expect(login.requestBody!.content['application/json']!.schema).toMatchObject({
      type: 'object',
      required: ['email', 'password'],
      properties: { email: { type: 'string', format: 'email' }, password: { type: 'string' } },
    });
    const register = operationOf(document, 'POST /api/register')!;
    expect(register.responses['201']!.description).toBe('Created');

    const details = operationOf(document, 'POST /api/jobs/details/:uuid/:userUuid')!;
    expect(details.security).toEqual([{ bearer: [] }]);
    expect(details.requestBody).toBeDefined();
    expect(operationOf(document, 'GET /api/filter-jobs')!.security).toBeUndefined();
    // A route without an answer schema is still listed with its success.
    expect(operationOf(document, 'GET /api/health')!.responses['200']).toBeDefined();
  });

  it('documents every refusal with ErrorBody, which is the body the server sends', async () => {
    const { t, routes, document } = test;
    expect(document.components.schemas.ErrorBody).toMatchObject({
      type: 'object',
      required: ['error', 'message'],
      properties: {
        error: { const: true },
        message: { type: 'string' },
        errorType: { type: 'string' },
        fields: { type: 'object', additionalProperties: { type: 'string' } },
      },
      additionalProperties: false,
    });
    for (const route of routes) {
      const { responses } = operationOf(document, route)!;
      for (const status of ['4XX', '5XX']) {
        expect(responses[status]!.content!['application/json']!.schema, route).toEqual({
          $ref: '#/components/schemas/ErrorBody',
        });
      }
    }
    const user = await createUser(t);
    const refusals = await Promise.all([
      t.inject({ url: '/api/no-such-route' }),
      t.inject({ method: 'POST', url: '/api/login', payload: { email: 'not an email' } }),
      t.inject({ url: '/api/current_user' }),
      t.inject({ url: `/api/favorites/${user.id}` }),
    ]);
    expect(refusals.map((r) => r.statusCode)).toEqual([404, 400, 401, 401]);
    for (const refusal of refusals) expect(ErrorBodySchema.safeParse(refusal.json()).success, refusal.body).toBe(true);
    expect(refusals[1]!.json()).toMatchObject({
      errorType: 'VALIDATION',
      fields: { email: expect.any(String) as string },
    });
  });

  it('is readable at /api/docs: every route and schema on one page of HTML, without script', async () => {
    const res = await test.t.inject({ url: '/api/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    for (const route of test.routes) {
      const [method, url] = route.split(' ') as [string, string];
      expect(res.body, route).toContain(
        `<span class="method">${method.toLowerCase()}</span> <code>${documentPath(url)}</code>`,
      );
    }
    expect(res.body).toContain('<section id="schema-ErrorBody">');
    expect(res.body).not.toMatch(/<script/i);
    // The policy allows the page's one style sheet by its hash, and no script at all.
    const csp = String(res.headers['content-security-policy']);
    const style = /<style>(.*?)<\/style>/s.exec(res.body)![1]!;
    expect(csp).toContain(`style-src 'sha256-${createHash('sha256').update(style).digest('base64')}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toMatch(/script-src|unsafe-inline/);
  });
});
