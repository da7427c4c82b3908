// GET /api/health is routed by Fastify like every other request (features/system/routes.ts): over a
// real socket it gives the answer app.inject gets, with the API's headers, and is logged and counted as
// every route is. (Until decision 012 it was answered before Fastify, on a second request path.)
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../../test/harness.js';
import { createMetrics } from '../integrations/metrics/metrics.js';

/** Headers that differ between two answers of the same request by nature. */
const PER_ANSWER = new Set(['date', 'x-request-id', 'connection', 'keep-alive']);

function comparable(headers: Headers | Record<string, unknown>): Record<string, string> {
  const entries = headers instanceof Headers ? [...headers.entries()] : Object.entries(headers);
  return Object.fromEntries(
    entries.filter(([name]) => !PER_ANSWER.has(name.toLowerCase())).map(([name, value]) => [name, String(value)]),
  );
}

interface LogLine {
  msg?: string;
  req?: { url?: string };
}

describe(`the health answer, routed by Fastify (${dialect})`, () => {
  let t: TestApp;
  let base: string;
  const lines: string[] = [];
  const metrics = createMetrics({ processMetrics: false });
  beforeAll(async () => {
    t = await createTestApp({ metrics, logLevel: 'info', logStream: { write: (line) => void lines.push(line) } });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const address = t.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('not listening on a port');
    base = `http://127.0.0.1:${address.port}`;
  });
  afterAll(async () => t.close());

  /** The requests Fastify itself took (it logs each one it receives at info). */
  const urlsFastifySaw = () =>
    lines
      .map((line) => JSON.parse(line) as LogLine)
      .filter((line) => line.msg === 'incoming request')
      .map((line) => line.req?.url);

  it('answers GET over the network as the route does, with the same headers, through Fastify', async () => {
    lines.length = 0;
    const res = await fetch(`${base}/api/health`);
    const routed = await t.inject({ method: 'GET', url: '/api/health' });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(routed.body);
    expect(comparable(res.headers)).toEqual(comparable(routed.headers));
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    // Both reached Fastify: there is no other request path.
    expect(urlsFastifySaw()).toEqual(['/api/health', '/api/health']);
    expect(t.app.server.listeners('request')).toHaveLength(1);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await fetch(`${base}/api/health`, { method: 'HEAD' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(Buffer.byteLength('{"status":"ok"}')));
    expect(await res.text()).toBe('');
  });

  it('names each answer: a safe id given is echoed, otherwise a new one each time', async () => {
    const given = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'lb-7f3a9c.2_x' } });
    expect(given.headers.get('x-request-id')).toBe('lb-7f3a9c.2_x');
    const unsafe = await fetch(`${base}/api/health`, { headers: { 'x-request-id': 'a"}b' } });
    expect(unsafe.headers.get('x-request-id')).toMatch(/^[A-Za-z0-9._-]{1,64}$/);
    const ids = new Set<string | null>();
    for (let i = 0; i < 3; i++) ids.add((await fetch(`${base}/api/health`)).headers.get('x-request-id'));
    expect(ids.size).toBe(3);
  });

  it('answers a query string and a trailing slash alike, and refuses another method', async () => {
    lines.length = 0;
    expect((await fetch(`${base}/api/health?probe=1`)).status).toBe(200);
    expect((await fetch(`${base}/api/health/`)).status).toBe(200);
    expect((await fetch(`${base}/api/health`, { method: 'DELETE' })).status).toBe(404);
    // (The log writes paths without their query strings.)
    expect(urlsFastifySaw()).toEqual(['/api/health', '/api/health/', '/api/health']);
  });

  it('counts its answers in the request metrics under the route', async () => {
    const series = 'http_request_duration_seconds_count{route="/api/health",method="GET",status="200"}';
    const count = async () =>
      Number(new RegExp(`${series.replace(/[{}()[\]./]/g, '\\$&')} (\\d+)`).exec(await metrics.scrape())?.[1] ?? 0);
    const before = await count();
    await fetch(`${base}/api/health`);
    await fetch(`${base}/api/health`);
    expect(await count()).toBe(before + 2);
  });
});
