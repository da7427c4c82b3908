import { randomUUID } from 'node:crypto';
import { CompiledQuery } from 'kysely';
import { Histogram, Registry } from 'prom-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { CLICK_LIMIT_PER_HOUR } from '../../features/job-board/service.js';
import { createMetrics, queryKind, type Metrics } from './metrics.js';
import { startMetricsServer, type MetricsServer } from './metrics-server.js';
import { RequestDurations } from './request-durations.js';

/** The value of one series in Prometheus text, by its name and exact label set; undefined when absent. */
function valueOf(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe(`/metrics (${dialect})`, () => {
  let t: TestApp;
  let metrics: Metrics;
  let server: MetricsServer;
  const scrape = async () => {
    const res = await fetch(`http://127.0.0.1:${server.port}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    return res.text();
  };

  beforeAll(async () => {
    // The test clock once the app exists (the alert lag starts counting before it does).
    metrics = createMetrics({ now: () => (t ? t.clock.now() : Date.now()) });
    t = await createTestApp({ metrics });
    server = await startMetricsServer(metrics, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await server.close();
    await t.close();
  });

  it('is never served on the public port', async () => {
    for (const method of ['GET', 'HEAD'] as const) {
      const res = await t.inject({ method, url: '/metrics' });
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('http_request_duration_seconds');
    }
  });

  it('answers only /metrics on its own port', async () => {
    expect((await fetch(`http://127.0.0.1:${server.port}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${server.port}/metrics`, { method: 'POST' })).status).toBe(404);
  });

  it('times answers by route pattern, never the raw address, with method and status', async () => {
    const owner = await createUser(t);
    const job = await createPublishedJob(t, owner.id, { title: 'Metered job' });
    const missing = randomUUID();
    expect((await t.inject({ method: 'GET', url: `/api/job/${job}` })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/job/${job}?utm=1` })).statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/job/${missing}` })).statusCode).toBe(404);
    expect((await t.inject({ method: 'DELETE', url: `/api/no-such-route/${missing}` })).statusCode).toBe(404);

    const text = await scrape();
    expect(text).toContain('# TYPE http_request_duration_seconds histogram');
    const series = 'http_request_duration_seconds_count{route="/api/job/:uuid",method="GET",status="200"}';
    expect(valueOf(text, series)).toBe(2);
    expect(
      valueOf(text, 'http_request_duration_seconds_bucket{le="10",route="/api/job/:uuid",method="GET",status="200"}'),
    ).toBe(2);
    expect(valueOf(text, 'http_request_duration_seconds_count{route="/api/job/:uuid",method="GET",status="404"}')).toBe(
      1,
    );
    expect(valueOf(text, 'http_request_duration_seconds_count{route="(no route)",method="DELETE",status="404"}')).toBe(
      1,
    );
    expect(text).not.toContain(job);
    expect(text).not.toContain(missing);
  });

  it('times database queries by statement kind', async () => {
    const owner = await createUser(t); // an insert
    await t.inject({ method: 'GET', url: `/api/current_user`, headers: owner.auth }); // selects
    const text = await scrape();
    expect(text).toContain('# TYPE db_query_duration_seconds histogram');
    expect(valueOf(text, 'db_query_duration_seconds_count{kind="select"}')).toBeGreaterThan(0);
    expect(valueOf(text, 'db_query_duration_seconds_count{kind="insert"}')).toBeGreaterThan(0);
    expect(text).not.toMatch(/db_query_duration_seconds_count\{kind="(?!select|insert|update|delete|other")/);
  });

  it('reads the outbox backlog and the age of its oldest unsent mail at each scrape', async () => {
    await t.deps.mail.flush();
    const before = await scrape();
    expect(valueOf(before, 'mail_outbox_unsent')).toBe(0);
    expect(valueOf(before, 'mail_outbox_oldest_unsent_age_seconds')).toBe(0);

    // Stored and not yet handed to SMTP: what a stopped or stuck sender leaves behind.
    const stored = await t.deps.mail.store(t.db, { to: 'waiting@example.com', subject: 'Queued', text: 'Hello' });
    t.clock.advance(90_000);
    const waiting = await scrape();
    expect(valueOf(waiting, 'mail_outbox_unsent')).toBe(1);
    expect(valueOf(waiting, 'mail_outbox_oldest_unsent_age_seconds')).toBe(90);

    t.deps.mail.deliver(stored);
    await t.deps.mail.flush();
    const sent = await scrape();
    expect(valueOf(sent, 'mail_outbox_unsent')).toBe(0);
    expect(valueOf(sent, 'mail_outbox_oldest_unsent_age_seconds')).toBe(0);
  });

  it('counts 429 answers by the limit that refused them, the log-in lockout included', async () => {
    const owner = await createUser(t);
    const job = await createPublishedJob(t, owner.id);
    const click = () =>
      t.inject({ method: 'POST', url: '/api/job/clicks', payload: { uuid: job }, remoteAddress: '198.51.100.7' });
    for (let i = 0; i < CLICK_LIMIT_PER_HOUR; i++) expect((await click()).statusCode).toBe(200);
    expect((await click()).statusCode).toBe(429);

    // An address that used up its log-ins is refused before its body is read.
    for (let i = 0; i < 10; i++) await t.deps.limiter.hit('login:ip:198.51.100.8', 10, 15 * 60_000);
    const login = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'someone@example.com', password: 'whatever1' },
      remoteAddress: '198.51.100.8',
    });
    expect(login.statusCode).toBe(429);

    const text = await scrape();
    expect(valueOf(text, 'rate_limit_refusals_total{limit="job-click"}')).toBe(1);
    expect(valueOf(text, 'rate_limit_refusals_total{limit="login"}')).toBe(1);
    expect(text).not.toContain('198.51.100');
  });

  it('says how long ago the job-alert sender last completed a round', async () => {
    t.clock.advance(7_200_000);
    expect(valueOf(await scrape(), 'job_alert_sender_lag_seconds')).toBeGreaterThanOrEqual(7_200);
    metrics.alertRoundCompleted();
    t.clock.advance(30_000);
    expect(valueOf(await scrape(), 'job_alert_sender_lag_seconds')).toBe(30);
  });

  it("includes the process's own metrics", async () => {
    const text = await scrape();
    expect(text).toContain('process_cpu_user_seconds_total');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(text).toContain('nodejs_heap_size_used_bytes');
  });
});

describe('metrics without a database', () => {
  it('still answers a scrape, the outbox gauges unknown (NaN)', async () => {
    const metrics = createMetrics({ processMetrics: false });
    metrics.readOutboxWith(() => Promise.reject(new Error('connection refused')));
    const text = await metrics.registry.metrics();
    expect(valueOf(text, 'mail_outbox_unsent')).toBeNaN();
    expect(valueOf(text, 'mail_outbox_oldest_unsent_age_seconds')).toBeNaN();
    expect(text).toContain('job_alert_sender_lag_seconds');
  });

  it("writes answer times exactly as prom-client's own Histogram would", async () => {
    const buckets = [0.001, 0.01, 0.1];
    const durations = new RequestDurations(buckets);
    const registry = new Registry();
    const reference = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'Time from a request arriving to its answer being sent, by route pattern, method and status code',
      labelNames: ['route', 'method', 'status'] as const,
      buckets,
      registers: [registry],
    });
    const observations: [string, string, number, number][] = [
      ['/api/job/:uuid', 'GET', 200, 0.001], // on a bound: counted in it (le is inclusive)
      ['/api/job/:uuid', 'GET', 200, 0.003],
      ['/api/job/:uuid', 'GET', 200, 20], // above every bound: only in +Inf
      ['/api/job/:uuid', 'GET', 404, 0.0004],
      ['/api/job/:uuid', 'HEAD', 200, 0.05],
      ['/a"b\\c\nd', 'POST', 500, 0.0005], // escaped as the text format requires
    ];
    for (const [route, method, status, seconds] of observations) {
      durations.observe(route, method, status, seconds);
      reference.observe({ route, method, status }, seconds);
    }
    expect(durations.text()).toBe(await registry.metrics());
  });

  it('names a raw statement by its first word', () => {
    const kindOf = (text: string) =>
      queryKind({ level: 'query', query: CompiledQuery.raw(text), queryDurationMillis: 1 });
    expect(
      ['select 1', '  UPDATE jobs set x = 1', 'delete from t', 'insert into t values (1)', 'pragma x'].map(kindOf),
    ).toEqual(['select', 'update', 'delete', 'insert', 'other']);
  });
});
