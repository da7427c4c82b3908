// The API described from the routes' own zod schemas, never by hand: GET /api/openapi.json is the
// OpenAPI 3.1 document (@fastify/swagger collects the routes, fastify-type-provider-zod turns each
// one's params, query, body and answers into JSON Schema), GET /api/docs is the same document as a
// page of HTML without script. Every refusal is documented with ErrorBody, the one error body the
// error handler writes. Register before the routes: the document holds the routes registered after.
import { createHash } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import fastifySwagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { ErrorBodySchema } from '@teacheast/shared';
import { z } from 'zod';
import { API_DOCS_STYLE, renderApiDocs, type ApiDocument } from './api-docs-page.js';

const OPENAPI_PATH = '/api/openapi.json';
const API_DOCS_PATH = '/api/docs';

/** The web app's pages and files are not the API: only these paths are documented. */
const DOCUMENTED = /^\/(api|media)\//;

const REFUSED = 'Refused: the message says why (ErrorBody), the status what kind of refusal.';
const FAILED = 'The server failed or is unavailable for a moment (ErrorBody); try again.';

/** Each route as the zod transform makes it, with the error answers and who may call it added. */
const documentRoute: SwaggerTransform = (document) => {
  const { schema, url, route } = document;
  if (!DOCUMENTED.test(url)) return { schema: { hide: true }, url };
  // The answers are added to a copy for the document only: the route's own schema is left as it is.
  const answers = (schema?.response ?? {}) as Record<string, unknown>;
  const withErrors = { ...schema, response: { ...answers, '4XX': ErrorBodySchema, '5XX': ErrorBodySchema } };
  const transformed = jsonSchemaTransform({ ...document, schema: withErrors });
  const response = transformed.schema.response as Record<string, Record<string, unknown>>;
  response['4XX'] = { ...response['4XX'], description: REFUSED };
  response['5XX'] = { ...response['5XX'], description: FAILED };
  const successes = Object.keys(answers).filter((status) => status.startsWith('2'));
  // Named as HTTP names them, where the schema has no description of its own.
  for (const status of successes) {
    response[status] = { 'x-response-description': STATUS_CODES[Number(status)], ...response[status] };
  }
  // A route that declares no answer still answers: listed without a body schema ('null' leaves it out).
  if (successes.length === 0) {
    response['200'] = { type: 'null', description: 'OK. This route declares no schema for its answer.' };
  }
  // The authorisation hook in app.ts asks for a session on exactly these routes.
  const config = route.config as { requiresUser?: boolean } | undefined;
  const needsSession = url.includes(':userUuid') || config?.requiresUser === true;
  return { schema: { ...transformed.schema, ...(needsSession ? { security: [{ bearer: [] }] } : {}) }, url };
};

/** The zod registry's components, less those no route refers to (the input twin of an answer). */
const keepReferencedComponents: typeof jsonSchemaTransformObject = (document) => {
  const transformed = jsonSchemaTransformObject(document);
  const schemas: Record<string, unknown> = ('components' in transformed && transformed.components?.schemas) || {};
  const used = JSON.stringify({ ...transformed, components: undefined });
  for (const name of Object.keys(schemas)) {
    if (!used.includes(`"#/components/schemas/${name}"`)) delete schemas[name];
  }
  return transformed;
};

/**
 * The document's own two routes answer without a response schema (a schema would have their answer
 * serialised through zod); their answers are described to the document alone.
 */
const documentedAnswer =
  (answer: unknown): SwaggerTransform =>
  (document) =>
    documentRoute({ ...document, schema: { ...document.schema, response: { 200: answer } } });

const OPENAPI_ANSWER = z
  .looseObject({
    openapi: z.string(),
    info: z.object({ title: z.string(), version: z.string() }),
    paths: z.record(z.string(), z.record(z.string(), z.unknown())),
  })
  .meta({ description: 'An OpenAPI 3.1 document.' });

const DOCS_PAGE_ANSWER = {
  description: 'A page of HTML without script.',
  content: { 'text/html': { schema: z.string() } },
};

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'TeachEast API',
        version: '1.0.0',
        description:
          'The HTTP API of the TeachEast job board, as the web app uses it. Errors always answer with ErrorBody.',
      },
      components: {
        securitySchemes: {
          bearer: { type: 'http', scheme: 'bearer', description: 'The session token from POST /api/login.' },
        },
      },
    },
    transform: documentRoute,
    transformObject: keepReferencedComponents,
  });

  app.get(
    OPENAPI_PATH,
    {
      schema: { summary: 'This document: every API route with its parameters, bodies and answers (OpenAPI 3.1).' },
      config: { swaggerTransform: documentedAnswer(OPENAPI_ANSWER) },
    },
    async () => app.swagger(),
  );

  // The page's only inline content is its style sheet, allowed by its hash; no script at all.
  const styleHash = createHash('sha256').update(API_DOCS_STYLE).digest('base64');
  const pageHeaders = {
    'content-security-policy': `default-src 'none'; style-src 'sha256-${styleHash}'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
    'cache-control': 'no-cache',
  };
  let page: string | undefined;
  app.get(
    API_DOCS_PATH,
    {
      schema: { summary: 'The API document as a page to read.' },
      config: { swaggerTransform: documentedAnswer(DOCS_PAGE_ANSWER) },
    },
    async (_request, reply) => {
      page ??= renderApiDocs(app.swagger() as ApiDocument, OPENAPI_PATH);
      return reply.headers(pageHeaders).type('text/html; charset=utf-8').send(page);
    },
  );
}
