// One place turns every failure into { error: true, message, errorType?, fields? } with the right status.
import type { Socket } from 'node:net';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorBody } from '@teacheast/shared';
import { AppError } from '../errors.js';
import { closeAfterDraining, hasUnreadBody } from './close-after-draining.js';

const DB_UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  '57P01', // admin_shutdown
  '57P02',
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08006',
  'SQLITE_BUSY',
  'SQLITE_CANTOPEN',
]);

function isDatabaseUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string } | undefined;
  if (!e) return false;
  if (e.code && DB_UNAVAILABLE_CODES.has(e.code)) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(
    e.message ?? '',
  );
}

// PostgreSQL refuses text it cannot store (NUL, bytes that are not UTF-8). The routes refuse such
// text before it reaches the database; this maps whatever slips past to a 400, never a 500.
const UNSTORABLE_TEXT_CODES = new Set([
  '22021', // character_not_in_repertoire
  '22P05', // untranslatable_character
]);

function isUnstorableText(err: unknown): boolean {
  const code = (err as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' && UNSTORABLE_TEXT_CODES.has(code);
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    let status = 500;
    let body: ErrorBody = { error: true, message: 'Something went wrong on our side. Please try again.' };

    if (err instanceof AppError) {
      status = err.status;
      body = { error: true, message: err.message };
      if (err.errorType) body.errorType = err.errorType;
      if (err.fields) body.fields = err.fields;
      if (err.reasons) body.reasons = err.reasons;
      if (err.issues) body.issues = err.issues;
      if (err.retryAfterSeconds !== undefined) void reply.header('retry-after', String(err.retryAfterSeconds));
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const path = v.instancePath.replace(/^\//, '').replace(/\//g, '.');
        // An unknown key is reported at the object holding it: name each key by its own path.
        const unknownKeys = v.keyword === 'unrecognized_keys' ? (v.params as { keys?: unknown }).keys : undefined;
        const paths = Array.isArray(unknownKeys)
          ? unknownKeys.map((key) => (path ? `${path}.${String(key)}` : String(key)))
          : [path];
        for (const at of paths) {
          if (at && !(at in fields))
            fields[at] = Array.isArray(unknownKeys) ? 'Not a known field' : (v.message ?? 'Invalid');
        }
      }
      const first = Object.entries(fields)[0];
      const context = (err as { validationContext?: string }).validationContext ?? 'request';
      body = {
        error: true,
        message: first
          ? `${first[0]}: ${first[1]}`
          : `The ${context === 'querystring' ? 'query' : context} is missing or not valid: ${err.validation[0]?.message ?? 'invalid'}`,
        errorType: 'VALIDATION',
        fields,
      };
    } else if (isUnstorableText(err)) {
      status = 400;
      body = { error: true, message: 'The request contains text that cannot be stored', errorType: 'VALIDATION' };
    } else if (isDatabaseUnavailable(err)) {
      status = 503;
      body = {
        error: true,
        message: 'The service is temporarily unavailable. Please try again in a moment.',
        errorType: 'DB_UNAVAILABLE',
      };
    } else if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) {
      status = err.statusCode;
      const known: Record<number, string> = {
        400: 'The request is not valid',
        404: 'Not found',
        405: 'Method not allowed',
        413: 'The request is too large',
        415: 'Unsupported content type',
        429: 'Too many requests. Please wait a moment and try again.',
      };
      body = {
        error: true,
        message:
          status === 400 && err.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
            ? 'The request body is not valid JSON'
            : (known[status] ?? 'The request could not be processed'),
      };
      if (status === 429) body.errorType = 'RATE_LIMITED';
    }

    // request.log carries the request id (http/request-id.ts), at every level.
    if (status >= 500) request.log.error({ err }, 'request failed');
    else request.log.info({ status, message: body.message }, 'request refused');
    if (status === 429 && !reply.hasHeader('retry-after')) void reply.header('retry-after', '60');
    // A refusal made before the body is read (401, 413, 415, …), or one that closes the connection
    // (a locked-out log-in, a server shutting down), still reaches a client busy sending its body.
    if (reply.getHeader('connection') === 'close' || hasUnreadBody(request.raw)) closeAfterDraining(request, reply);
    void reply.status(status).send(body);
  });
}

/**
 * Node answers a request it cannot parse (a header block or URL over the limit: 431, a malformed
 * request line: 400, a body too slow: 408) before Fastify sees it; this writes the same error body
 * every other answer carries, then closes the connection.
 */
export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  const status = err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const messages: Record<number, string> = {
    400: 'The request is not valid HTTP',
    408: 'The request took too long to arrive',
    431: 'The request address or headers are too large',
  };
  const body = JSON.stringify({ error: true, message: messages[status] } satisfies ErrorBody);
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n` +
        'Connection: close\r\n\r\n' +
        body,
    );
  }
  socket.destroy();
}

/** Errors the router meets before any route or hook runs (a URL that is not valid percent-encoding). */
export function frameworkErrors(err: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  request.log.info({ code: err.code }, 'request refused');
  const body: ErrorBody = { error: true, message: 'The request address is not valid', errorType: 'VALIDATION' };
  // No hook runs for these, so the answer names its request here.
  void reply.header('x-request-id', request.id).status(400).send(body);
}

/**
 * While the server shuts down, requests still arriving on open connections get 503 with the error
 * body (Fastify's own answer has another shape) and the connection is closed, so the load balancer
 * sends them elsewhere.
 */
export function shutdownRefusal(app: FastifyInstance): (reply: FastifyReply, done: (err?: Error) => void) => void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  // A callback, not a promise: it runs on every request (the last step of app.ts's one hook).
  return (reply, done) => {
    if (!closing) return done();
    void reply.header('connection', 'close');
    done(new AppError(503, 'The server is restarting. Please try again in a moment.', { errorType: 'SHUTTING_DOWN' }));
  };
}
