// GET /api/health answered where Node hands a request over, before Fastify routes it: a load balancer
// asks every few seconds and a crawler's burst must not crowd it out, so the liveness answer costs what
// a bare Node server's does (routing, the request object, hooks and the logger's per-request work
// cost twice the answer itself). It is the answer the route in features/system/routes.ts gives, with
// the same headers; anything else, a query string or a trailing slash included, goes to Fastify.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import { HEALTH_ANSWER_TEXT } from '../features/system/routes.js';
import type { Metrics } from '../integrations/metrics/metrics.js';
import { requestIdOf } from './request-id.js';
import { API_HEADERS } from './security-headers.js';

const HEALTH_PATH = '/api/health';

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * Puts the health answer in front of Fastify's request listener. While the server shuts down, health
 * checks go to Fastify too, whose hook refuses them with 503 like every other request.
 */
export function answerHealthFirst(app: FastifyInstance, metrics?: Pick<Metrics, 'httpRequestDuration'>): void {
  const server = app.server;
  const [fastify, ...others] = server.listeners('request') as Listener[];
  if (!fastify || others.length > 0) throw new Error('answerHealthFirst: expected Fastify as the one request listener');
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // Every header in the one writeHead call, as name, value, name, value…: a header set before it
  // (setHeader) makes Node set each of the others one by one as well.
  const headers = Object.entries({
    ...API_HEADERS,
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(HEALTH_ANSWER_TEXT)),
    'x-request-id': '',
  }).flat();
  const requestIdAt = headers.length - 1;
  const answer: Listener = (req, res) => {
    const started = metrics ? performance.now() : 0;
    // writeHead reads the list before it returns, so one list serves every answer.
    headers[requestIdAt] = requestIdOf(req);
    res.writeHead(200, headers);
    res.end(HEALTH_ANSWER_TEXT);
    metrics?.httpRequestDuration.observe(HEALTH_PATH, req.method!, 200, (performance.now() - started) / 1000);
  };
  server.removeListener('request', fastify);
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.url === HEALTH_PATH && (req.method === 'GET' || req.method === 'HEAD') && !closing) answer(req, res);
    else fastify(req, res);
  });
}
