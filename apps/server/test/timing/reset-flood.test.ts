// A flood of made-up password-reset tokens must not slow log-ins down: a bad token is refused before
// any password hash is computed, resets are limited per address, and password hashes are capped
// server-wide. 64 connections from another thread (as an attacker's machine would) send made-up tokens
// while a user logs in again and again from elsewhere: no password work is done for the flood, and
// log-in's p99 stays under 500 ms.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordWorkStarted } from '../../src/features/accounts/passwords.js';
import { createTestApp, createUser, dialect, TEST_PASSWORD, type TestApp, type TestUser } from '../harness.js';

const CONNECTIONS = 64;
const LOGINS = 150;

/** 64 keep-alive connections sending made-up tokens until told to stop. */
const FLOOD_SCRIPT = `
const http = require('node:http');
const { randomBytes } = require('node:crypto');
const { parentPort, workerData } = require('node:worker_threads');
const agent = new http.Agent({ keepAlive: true, maxSockets: workerData.connections });
let flooding = true;
let sent = 0;
const statuses = {};
parentPort.on('message', () => { flooding = false; });
function post(body) {
  return new Promise((resolve) => {
    const payload = JSON.stringify(body);
    const req = http.request({ host: '127.0.0.1', port: workerData.port, path: '/api/set-forgot-password', method: 'POST', agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) } },
      (res) => { res.resume(); res.on('end', () => resolve(res.statusCode)); });
    req.on('error', () => resolve(0));
    req.end(payload);
  });
}
Promise.all(Array.from({ length: workerData.connections }, async (_, c) => {
  while (flooding) {
    sent += 1;
    const status = await post({ token: randomBytes(32).toString('hex'), password: 'new-password-1', confirmPassword: 'new-password-1' });
    statuses[status] = (statuses[status] || 0) + 1;
  }
})).then(() => { agent.destroy(); parentPort.postMessage({ sent, statuses }); });
`;

describe(`password-reset flood (${dialect})`, () => {
  let t: TestApp;
  let user: TestUser;
  let port: number;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2 });

  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    user = await createUser(t, 'steady@example.com');
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    agent.destroy();
    await t.close();
  });

  function post(path: string, body: unknown, address: string): Promise<number> {
    return new Promise((resolve, reject) => {
      const payload = JSON.stringify(body);
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            'x-forwarded-for': address,
          },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  it('keeps log-in p99 under 500 ms while 64 connections send bad reset tokens', async () => {
    const hashesBefore = passwordWorkStarted();
    // The flood runs on its own thread, as an attacker's machine would, so its client work does not
    // share the server's event loop.
    const flood = new Worker(FLOOD_SCRIPT, { eval: true, workerData: { port, connections: CONNECTIONS } });
    const floodDone = new Promise<{ sent: number; statuses: Record<string, number> }>((resolve, reject) => {
      flood.on('message', resolve);
      flood.on('error', reject);
    });
    await new Promise((r) => setTimeout(r, 300)); // the flood is running
    const times: number[] = [];
    for (let i = 0; i < LOGINS; i++) {
      const start = performance.now();
      const status = await post('/api/login', { email: user.email, password: TEST_PASSWORD }, '192.0.2.1');
      times.push(performance.now() - start);
      expect(status).toBe(200);
    }
    flood.postMessage('stop');
    const { sent, statuses } = await floodDone;
    await flood.terminate();
    // A made-up token costs no password hash: only the log-ins hashed.
    expect(passwordWorkStarted() - hashesBefore).toBe(LOGINS);
    times.sort((a, b) => a - b);
    const p99 = times[Math.ceil(times.length * 0.99) - 1]!;
    console.log(
      `log-in p50 ${times[times.length >> 1]!.toFixed(0)} ms, p99 ${p99.toFixed(0)} ms; ${sent} bad tokens`,
      statuses,
    );
    expect(sent).toBeGreaterThan(CONNECTIONS * 5);
    // Refused as bad links (400) until the address's hourly allowance is spent, then at once (429);
    // never as validation errors.
    expect(Object.keys(statuses).sort()).toEqual(['400', '429']);
    expect(statuses['400']).toBe(20);
    const refusal = await fetch(`http://127.0.0.1:${port}/api/set-forgot-password`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.200' },
      body: JSON.stringify({ token: 'f'.repeat(64), password: 'new-password-1', confirmPassword: 'new-password-1' }),
    });
    expect(((await refusal.json()) as { message: string }).message).toMatch(/reset link is not valid/);
    expect(p99).toBeLessThan(500);
  });
});
