// Builds the HTTP application from its adapters. main.ts is the only file that listens.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, {
  type FastifyInstance,
  type FastifyRequest,
  type FastifyServerOptions,
  type preValidationHookHandler,
} from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { findUnstorableText, isStorableText, UNSTORABLE_TEXT } from '@teacheast/shared';
import { AppError } from './errors.js';
import { requireSelf, requireUser } from './features/accounts/sessions.js';
import type { Deps } from './deps.js';
import { clientErrorHandler, frameworkErrors, registerErrorHandler, shutdownRefusal } from './http/error-handler.js';
import { rateLimitAddress } from './integrations/limiter/limiter.js';
import { answerSerializerCompiler } from './http/answer-serializer.js';
import { registerOpenApi } from './http/openapi.js';
import type { Metrics } from './integrations/metrics/metrics.js';
import { nameAnswer, requestChildLogger, requestIdOf } from './http/request-id.js';
import { registerRequestMetrics } from './http/request-metrics.js';
import { registerResponseCache, type CacheRouteConfig } from './http/response-cache.js';
import { securityHeaderSetter, securityHeaders } from './http/security-headers.js';
import { createPageAnswers } from './http/page-answers.js';
import { createRenderedPages, pageBuildOf } from './http/rendered-pages.js';
import { isRenderingAhead } from './http/render-ahead.js';
import { registerWebApp } from './http/web-app.js';
import { registerAccountRoutes } from './features/accounts/routes.js';
import { registerContactRoutes } from './features/contact/routes.js';
import { registerCreditRoutes } from './features/credits/routes.js';
import { registerDiscoveryRoutes } from './features/discovery/routes.js';
import { registerAlertRoutes } from './features/alerts/routes.js';
import { registerApplicationRoutes } from './features/applications/routes.js';
import { registerSchoolRoutes } from './features/schools/routes.js';
import { registerOperatorRoutes } from './features/operators/routes.js';
import { registerReportRoutes } from './features/reports/routes.js';
import { registerJobBoardRoutes } from './features/job-board/routes.js';
import { registerJobRoutes } from './features/jobs/routes.js';
import { registerMediaRoutes } from './features/media/routes.js';
import { registerPaymentRoutes } from './features/payments/routes.js';
import { registerResumeRoutes } from './features/resumes/routes.js';
import { registerEligibilityRoutes } from './features/eligibility/routes.js';
import { registerSubscriptionRoutes } from './features/subscriptions/routes.js';
import { registerSystemRoutes, siteConfigOf } from './features/system/routes.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Where the built web app is: WEB_DIST, or the workspace's apps/web/dist. */
export const webDistOf = (config: Deps['config']): string => config.webDist ?? DEFAULT_WEB_DIST;

/** What renders this server's pages (http/rendered-pages.ts): its build and the settings pages show. */
export const pageBuildFor = (deps: Pick<Deps, 'config' | 'payments'>): string =>
  pageBuildOf(webDistOf(deps.config), { publicUrl: deps.config.publicUrl, site: siteConfigOf(deps) });

/** Paths that carry secrets or personal data are logged without them. */
function redactUrl(url: string): string {
  return url
    .replace(/\?.*$/, '')
    .replace(/\/(confirmation|change-password|special-register|job-alerts\/confirm)\/[^/]+/g, '/$1/[redacted]');
}

export function loggerOptions(level: string) {
  return {
    level,
    redact: { paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["auth-token"]'], remove: true },
    serializers: {
      req: (req: { method: string; url: string }) => ({ method: req.method, url: redactUrl(req.url) }),
    },
  } satisfies FastifyServerOptions['logger'];
}

/** Per-route settings read by the authorisation hook. */
interface RouteAuthConfig {
  requiresUser?: boolean;
  /** The 401 message, where a route has its own (e.g. 'Must be logged in to save'). */
  authMessage?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig extends RouteAuthConfig, CacheRouteConfig {}
  interface FastifyRequest {
    /** The caller's address as rate limits count it (IPv6 by its /64), after TRUST_PROXY. */
    readonly clientAddress: string;
  }
}

/** Synchronous (a callback, not a promise): it runs on every request, health checks included. */
const refuseUnstorableText: preValidationHookHandler = (request, _reply, done) => {
  for (const [part, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const path = findUnstorableText(value);
    if (path === null) continue;
    const field = path && isStorableText(path) ? path : part;
    done(
      new AppError(400, `${field}: ${UNSTORABLE_TEXT}`, {
        errorType: 'VALIDATION',
        fields: { [field]: UNSTORABLE_TEXT },
      }),
    );
    return;
  }
  done();
};

/** A hop count trusts that many proxies nearest the server; addresses and ranges trust those proxies. */
function trustedProxies(trust: Deps['config']['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

export const REQUEST_TIMEOUT_MS = 60_000;
export const HEADERS_TIMEOUT_MS = 15_000;
/**
 * The request line and headers together (Node's default, said here because deploy/nginx.conf's
 * large_client_header_buffers is set from it): over it Node answers 431 with the error body.
 */
export const MAX_HEADER_BYTES = 16 * 1024;

export interface BuildOptions {
  logger?: FastifyServerOptions['logger'] | false;
  /** Sees every route as it is registered (the authorisation matrix test walks them). */
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** Where answer times and rate-limit refusals are recorded (served by main.ts on METRICS_PORT). */
  metrics?: Metrics;
  /**
   * What renders this server's pages (pageBuildFor), when the caller has it already: it hashes the
   * server's and the render bundle's code, once a process.
   */
  pageBuild?: string;
}

export async function buildApp(deps: Deps, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy: trustedProxies(deps.config.trustProxy),
    // Each request's id (a safe incoming X-Request-Id, or a new one) is on every line logged for it;
    // at warn and above its child logger is made only when a line is written.
    genReqId: requestIdOf,
    childLoggerFactory: requestChildLogger,
    // The server's own renders of postings ahead (after a deploy, every live one) are not logged.
    logController: new Fastify.LogController({ disableRequestLogging: isRenderingAhead }),
    bodyLimit: 100 * 1024,
    routerOptions: { ignoreTrailingSlash: true },
    // Every refusal carries the documented error body, including those made before a route runs.
    clientErrorHandler,
    frameworkErrors,
    return503OnClosing: false,
    // A slow client cannot hold a connection forever: the whole request (a 12 MB upload on a slow
    // phone included) must arrive within a minute; Node answers 408 with the error body.
    requestTimeout: REQUEST_TIMEOUT_MS,
    http: { maxHeaderSize: MAX_HEADER_BYTES },
  });
  app.server.headersTimeout = HEADERS_TIMEOUT_MS;
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler);
  registerErrorHandler(app);
  if (options.metrics) registerRequestMetrics(app, options.metrics);
  app.decorateRequest('clientAddress', {
    getter(this: FastifyRequest) {
      return rateLimitAddress(this.ip);
    },
  });
  const refuseWhileClosing = shutdownRefusal(app);
  const setSecurityHeaders = securityHeaderSetter(
    securityHeaders({ stripe: deps.payments.name === 'stripe', production: deps.config.env === 'production' }),
  );
  // One hook for what every request needs first (each hook costs on every request, health included):
  // its id on the answer before anything can refuse, the security headers, the refusal while the
  // server shuts down.
  app.addHook('onRequest', (request, reply, done) => {
    nameAnswer(request, reply);
    setSecurityHeaders(request, reply);
    refuseWhileClosing(reply, done);
  });
  if (options.onRoute) {
    const onRoute = options.onRoute;
    app.addHook('onRoute', (route) => onRoute({ method: route.method, url: route.url }));
  }

  // Who may call a route is settled before its body is even read (onRequest), so an anonymous caller
  // or another user can make the server neither parse a 12 MB upload nor reveal anything through
  // validation errors. Every path with {userUuid} must be the caller's own (401 without a session,
  // 403 for anyone else); routes with `config: { requiresUser: true }` need a logged-in user, who must
  // also be the `userUuid` their JSON body names (checked once the body is there). Public routes
  // carry no hook at all.
  const authoriseCaller = async (request: FastifyRequest) => {
    const params = request.params as Record<string, unknown> | undefined;
    const config = request.routeOptions.config as RouteAuthConfig | undefined;
    if (typeof params?.userUuid === 'string') await requireSelf(deps, request, params.userUuid, config?.authMessage);
    else if (config?.requiresUser) await requireUser(deps, request, config.authMessage);
  };
  const authoriseBody = async (request: FastifyRequest) => {
    const params = request.params as Record<string, unknown> | undefined;
    const body = request.body as Record<string, unknown> | undefined;
    const config = request.routeOptions.config as RouteAuthConfig | undefined;
    if (typeof params?.userUuid !== 'string' && typeof body?.userUuid === 'string') {
      await requireSelf(deps, request, body.userUuid, config?.authMessage);
    }
  };
  // Text no database can keep (NUL, lone surrogates) is refused on every route, in the path, the
  // query and the body alike, after the caller is authorised and before anything reads the input.
  app.addHook('onRoute', (route) => {
    const config = route.config as RouteAuthConfig | undefined;
    const guarded = route.url.includes(':userUuid') || Boolean(config?.requiresUser);
    if (guarded) route.onRequest = [authoriseCaller, ...(route.onRequest ? [route.onRequest].flat() : [])];
    const existing = route.preValidation ? [route.preValidation].flat() : [];
    route.preValidation = [...(config?.requiresUser ? [authoriseBody] : []), refuseUnstorableText, ...existing];
  });

  registerResponseCache(app, deps, {
    ttlMs: deps.config.responseCacheMs,
    countLookup: options.metrics?.countCacheLookup,
  });
  // Before the routes: the API's document is made of the routes registered after it.
  await registerOpenApi(app);

  registerSystemRoutes(app, deps);
  registerAccountRoutes(app, deps);
  registerContactRoutes(app, deps);
  registerMediaRoutes(app, deps);
  registerJobBoardRoutes(app, deps);
  registerCreditRoutes(app, deps);
  registerPaymentRoutes(app, deps);
  registerJobRoutes(app, deps);
  registerResumeRoutes(app, deps);
  registerEligibilityRoutes(app, deps);
  registerSubscriptionRoutes(app, deps);
  registerDiscoveryRoutes(app, deps);
  registerAlertRoutes(app, deps);
  registerApplicationRoutes(app, deps);
  registerSchoolRoutes(app, deps);
  registerOperatorRoutes(app, deps);
  registerReportRoutes(app, deps);

  const webDist = webDistOf(deps.config);
  await registerWebApp(
    app,
    webDist,
    deps.config.publicUrl,
    createRenderedPages(deps, options.pageBuild ?? pageBuildFor(deps), options.metrics?.countCacheLookup),
    createPageAnswers(deps),
  );
  return app;
}
