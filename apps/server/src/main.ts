// The one file that listens: reads the configuration, opens the database, migrates it (unless
// MIGRATE_ON_START=0, when it only checks it is at the latest migration), serves.
import pino from 'pino';
import fs from 'node:fs';
import { buildApp, loggerOptions, pageBuildFor, webDistOf } from './app.js';
import { loadConfigOrExit } from './config.js';
import { createDb, withoutCredentials } from './db/create-db.js';
import { prepareSchema, SchemaNotReadyError } from './db/migrate.js';
import { systemClock, type Deps } from './deps.js';
import { createMemoryLimiter } from './integrations/limiter/limiter.js';
import { createBlobStore } from './integrations/blobs/create-blob-store.js';
import { createMailer } from './integrations/mail/mailer.js';
import { startMetricsServer, type MetricsServer } from './integrations/metrics/metrics-server.js';
import { createPaymentProvider } from './integrations/payments/create-provider.js';
import { startExpiryNoticeTimer } from './features/jobs/expiry-service.js';
import { startAlertSender } from './features/alerts/service.js';
import { startKeywordIndex } from './features/job-board/service.js';
import { loadEligibilityRules } from './features/eligibility/service.js';
import { startRenderingAhead, type RenderAhead } from './http/render-ahead.js';
import { renderBundleOf } from './http/server-render.js';
import { growingHeapBy, returnEmptiedHeapPages } from './lib/heap-pages.js';

/**
 * How far the heap grows past what is live while the keyword index is made at start. At 1,000,000 jobs
 * the process peaked at 1,984 MB with V8's own factor (up to four times), 1,216 MB growing by half and
 * 1,103 MB by 30 %, the index whole after 82, 106 and 111 s; by 100 %, 1,445 MB and 84 s. At 100,000
 * jobs, 360-387 MB with V8's own factor and 235-240 MB by half (PERFORMANCE.md).
 */
const INDEXING_HEAP_GROWING_PERCENT = 50;

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  try {
    loadEligibilityRules();
  } catch (err) {
    fail(err instanceof Error ? err.message : String(err));
  }
  const log = pino({ level: config.logLevel });
  // Without METRICS_PORT nothing is measured, so nothing is paid for, prom-client's loading included.
  const metrics =
    config.metricsPort === undefined ? undefined : (await import('./integrations/metrics/metrics.js')).createMetrics();
  const db = createDb(config.databaseUrl, { logQuery: metrics?.logQuery });
  try {
    const schema = await prepareSchema(db, config.migrateOnStart);
    if (schema.applied.length > 0) log.info({ migrations: schema.applied }, 'database migrated');
    if (schema.newer.length > 0) {
      log.warn({ migrations: schema.newer }, 'a newer release has migrated the database: serving on it as it is');
    }
  } catch (err) {
    if (err instanceof SchemaNotReadyError) fail(err.message);
    const reason = err instanceof Error ? err.message : String(err);
    fail(`Cannot open the database at DATABASE_URL (${withoutCredentials(config.databaseUrl)}): ${reason}`);
  }
  const deps: Deps = {
    config,
    db,
    clock: systemClock,
    log,
    mail: createMailer({
      db,
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      log,
      logLinks: config.env !== 'production',
    }),
    payments: await createPaymentProvider(config, systemClock.now),
    blobs: await createBlobStore(config, db),
    limiter: config.redisUrl
      ? (await import('./integrations/limiter/redis-limiter.js')).createRedisLimiter(config.redisUrl)
      : createMemoryLimiter(),
  };
  metrics?.readOutboxWith(() => deps.mail.backlog());
  const pageBuild = pageBuildFor(deps);
  const app = await buildApp(deps, { logger: loggerOptions(config.logLevel), metrics, pageBuild });

  let renderAhead: RenderAhead | undefined;
  let stopExpiryNotices = () => {};
  let stopAlerts = () => {};
  let metricsServer: MetricsServer | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    stopExpiryNotices();
    stopAlerts();
    await renderAhead?.stop();
    await metricsServer?.close();
    await app.close();
    await deps.mail.close();
    await deps.limiter.close();
    await db.destroy();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.port, host: config.host });
  } catch (err) {
    const e = err as NodeJS.ErrnoException;
    if (e.code === 'EADDRINUSE') fail(`PORT ${config.port} is already in use: choose another with PORT=…`);
    if (e.code === 'EACCES') fail(`PORT ${config.port} needs more privileges: choose a port above 1024`);
    throw err;
  }
  if (metrics && config.metricsPort !== undefined) {
    try {
      metricsServer = await startMetricsServer(metrics, { port: config.metricsPort, host: config.metricsHost });
    } catch (err) {
      const e = err as NodeJS.ErrnoException;
      if (e.code === 'EADDRINUSE') fail(`METRICS_PORT ${config.metricsPort} is already in use: choose another`);
      if (e.code === 'EACCES')
        fail(`METRICS_PORT ${config.metricsPort} needs more privileges: choose a port above 1024`);
      throw err;
    }
  }
  // The live jobs' words are indexed once the server listens (seconds for 100,000 jobs, in slices that
  // let requests through): until then keyword searches go to the database's own index, as they do
  // after any write until the index has caught up, so a restart answers at once.
  // Indexing would grow the heap to three or four times what it keeps (100,000 jobs: 330 MB for 105):
  // the heap grows by half at a time while it runs, and V8 would hold the pages it emptied for as long
  // as the process lives (decision 017).
  void growingHeapBy(INDEXING_HEAP_GROWING_PERCENT, () => startKeywordIndex(deps))
    .then(() => {
      const started = performance.now();
      returnEmptiedHeapPages();
      app.log.info({ ms: Math.round(performance.now() - started) }, 'keyword index made; emptied heap pages returned');
    })
    .catch((err: unknown) => app.log.error({ err }, 'keyword index failed'));
  // Postings' pages are kept (RESPONSE_CACHE_MS above 0) and there is a render bundle: those not
  // stored at their version by this build are rendered before their first visitor asks.
  const webDist = webDistOf(config);
  if (config.responseCacheMs > 0 && fs.existsSync(renderBundleOf(webDist))) {
    renderAhead = startRenderingAhead(app, deps, pageBuild, {
      onError: (err) => app.log.error({ err }, 'rendering postings ahead failed'),
    });
  }
  stopExpiryNotices = startExpiryNoticeTimer(deps, (err) => app.log.error({ err }, 'expiry notices failed'));
  stopAlerts = startAlertSender(deps, metrics?.alertRoundCompleted);
  // Mail a previous run stored but did not send (it stopped between the two) goes out now.
  deps.mail.afterAnswer(async () => {
    await deps.mail.sendLeftBehind();
  }, 0);
}

void main();
