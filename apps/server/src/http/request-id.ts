// What a request is called: its id in every log line written for it and in the X-Request-Id header of
// its answer, so a user's report, the load balancer's log and the server's log meet on one string.
import type { IncomingMessage } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import type { Bindings, ChildLoggerOptions, Logger } from 'pino';

/** An id a caller (or the proxy in front) may choose: short, and nothing a log reader could misread. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Ids made here: this process's random prefix and a counter, so two instances never share one. */
const processPrefix = randomBytes(6).toString('base64url');
let counter = 0;

/**
 * Fastify's genReqId: the incoming X-Request-Id when it is a short safe token (a proxy's id carries
 * through), otherwise a new one. Fastify's own requestIdHeader would take any header unchecked, so the
 * header is read here instead.
 */
export function requestIdOf(req: IncomingMessage): string {
  const given = req.headers['x-request-id'];
  if (typeof given === 'string' && SAFE_REQUEST_ID.test(given)) return given;
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${processPrefix}-${counter.toString(36)}`;
}

/**
 * Every answer names its request, refusals and 404s included: called first by the one hook every
 * request passes (app.ts), before anything can refuse.
 */
export function nameAnswer(request: FastifyRequest, reply: FastifyReply): void {
  void reply.header('x-request-id', request.id);
}

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';

/**
 * A request's logger while its level hides every per-request line (warn and above): making a pino
 * child for each request costs more than the rest of a health check, so the child, with the request
 * id, is made only when a line is actually written (the error handler's, say).
 */
class DeferredChildLogger implements FastifyBaseLogger {
  private made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: Logger,
    private readonly bindings: Bindings,
    private readonly options: ChildLoggerOptions,
  ) {}

  private real(): FastifyBaseLogger {
    return (this.made ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: unknown[]): void {
    if (!this.made && !this.parent.isLevelEnabled(level)) return;
    const logger = this.real();
    Reflect.apply(logger[level], logger, args);
  }

  get level(): string {
    return this.made?.level ?? this.parent.level;
  }

  set level(level: string) {
    this.real().level = level;
  }

  fatal(...args: unknown[]): void {
    this.write('fatal', args);
  }
  error(...args: unknown[]): void {
    this.write('error', args);
  }
  warn(...args: unknown[]): void {
    this.write('warn', args);
  }
  info(...args: unknown[]): void {
    this.write('info', args);
  }
  debug(...args: unknown[]): void {
    this.write('debug', args);
  }
  trace(...args: unknown[]): void {
    this.write('trace', args);
  }
  silent(): void {}

  child(bindings: Bindings, options?: ChildLoggerOptions): FastifyBaseLogger {
    return this.real().child(bindings, options);
  }
}

function isPinoLogger(logger: FastifyBaseLogger): logger is FastifyBaseLogger & Logger {
  return typeof (logger as Partial<Logger>).isLevelEnabled === 'function';
}

/**
 * Fastify's childLoggerFactory: a child carrying the request id, made at once when info lines are
 * written (or the route sets its own level), otherwise when the request first writes a line.
 */
export const requestChildLogger: NonNullable<FastifyServerOptions['childLoggerFactory']> = (
  logger,
  bindings,
  options,
) => {
  if (isPinoLogger(logger) && !logger.isLevelEnabled('info') && options.level === undefined) {
    return new DeferredChildLogger(logger, bindings, options);
  }
  return logger.child(bindings, options);
};
