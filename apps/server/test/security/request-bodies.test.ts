// Who may call a route is settled before its body is read: an anonymous (or another user's) 12 MB
// upload is refused without being parsed. And a slow client cannot hold a connection forever.
// A refusal made before the body is read still reaches a client that sends the whole body at once
// (spoken over a real socket: the reset it must not get happens in the kernel, which inject skips).
import net from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '@teacheast/shared';
import { HEADERS_TIMEOUT_MS, MAX_HEADER_BYTES, REQUEST_TIMEOUT_MS } from '../../src/app.js';
import { DRAIN_MAX_BYTES, DRAIN_MAX_MS } from '../../src/http/close-after-draining.js';
import { createTestApp, createUser, dialect, type TestApp, type TestUser } from '../harness.js';

describe(`request bodies and time (${dialect})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let port: number;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    other = await createUser(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t.close());

  // 12 MB that is not JSON: a server that read it first would answer 400 "not valid JSON".
  const bigBrokenBody = `{"profileImage":"${'A'.repeat(12 * 1024 * 1024 - 100)}`;

  it('refuses an anonymous caller and another user on upload routes before reading the body', async () => {
    for (const url of [`/api/post-resume/profile-image/${owner.id}`, `/api/post-resume/resume/${owner.id}`]) {
      for (const [headers, status] of [
        [{}, 401],
        [other.auth, 403],
      ] as const) {
        const res = await t.inject({
          method: 'PATCH',
          url,
          headers: { ...headers, 'content-type': 'application/json' },
          payload: bigBrokenBody,
        });
        expect(res.statusCode, url).toBe(status);
        expect(res.json()).toMatchObject({ error: true });
        expect(res.json<ErrorBody>().message).not.toMatch(/JSON/);
      }
    }
    // The owner's request is read (and its broken JSON refused).
    const own = await t.inject({
      method: 'PATCH',
      url: `/api/post-resume/profile-image/${owner.id}`,
      headers: { ...owner.auth, 'content-type': 'application/json' },
      payload: '{"profileImage":',
    });
    expect(own.statusCode).toBe(400);
  });

  it('sets a request timeout and a header timeout on the server', () => {
    expect(t.app.server.requestTimeout).toBe(REQUEST_TIMEOUT_MS);
    expect(t.app.server.headersTimeout).toBe(HEADERS_TIMEOUT_MS);
    expect(REQUEST_TIMEOUT_MS).toBeLessThanOrEqual(60_000);
    // deploy/nginx.conf's large_client_header_buffers are set from it.
    expect((t.app.server as { maxHeaderSize?: number }).maxHeaderSize).toBe(MAX_HEADER_BYTES);
  });

  interface Answer {
    status?: number;
    connection?: string | null;
    body?: ErrorBody;
    /** What the client got instead of an answer (EPIPE, ECONNRESET). */
    error?: string;
  }

  // The client runs on its own thread, as a real one runs in its own process: on the server's event
  // loop it would read the answer before the server's close could reset the connection.
  const clientThread = `
    const { parentPort, workerData } = require('node:worker_threads');
    const http = require('node:http');
    const { port, method, path, field, size, times, client } = workerData;
    const body = Buffer.from('{"' + field + '":"' + 'a'.repeat(size) + '"}');
    const headers = { 'content-type': 'application/json' };
    const byHttp = () => new Promise((resolve) => {
      const req = http.request({ host: '127.0.0.1', port, method, path, agent: false, headers }, (res) => {
        let text = '';
        res.on('data', (c) => (text += c));
        res.on('error', (e) => resolve({ error: e.code ?? e.message }));
        res.on('end', () => resolve({ status: res.statusCode, connection: res.headers.connection, body: JSON.parse(text) }));
      });
      // Written whole at once; an error after the answer was read changes nothing.
      req.on('error', (e) => resolve({ error: e.code ?? e.message }));
      req.end(body);
    });
    const byFetch = async () => {
      try {
        const res = await fetch('http://127.0.0.1:' + port + path, { method, body, headers });
        return { status: res.status, connection: res.headers.get('connection'), body: await res.json() };
      } catch (e) {
        return { error: e.cause?.code ?? e.message };
      }
    };
    (async () => {
      const answers = [];
      for (let i = 0; i < times; i += 1) answers.push(await (client === 'fetch' ? byFetch() : byHttp()));
      parentPort.postMessage(answers);
    })();
  `;

  function sendFromAnotherThread(client: 'http' | 'fetch', method: string, url: string, field: string, size: number) {
    return new Promise<Answer[]>((resolve, reject) => {
      const worker = new Worker(clientThread, {
        eval: true,
        workerData: { port, method, path: url, field, size, times: 20, client },
      });
      worker.once('message', (answers: Answer[]) => {
        resolve(answers);
        void worker.terminate();
      });
      worker.once('error', reject);
    });
  }

  it('answers a 13 MB body with a 413 the client reads, twenty times in a row (http and fetch)', async () => {
    for (const client of ['http', 'fetch'] as const) {
      const answers = await sendFromAnotherThread(client, 'POST', '/api/contact-us', 'message', 13 * 1024 * 1024);
      expect(answers, client).toEqual(
        Array(20).fill({
          status: 413,
          connection: 'close',
          body: { error: true, message: 'The request is too large' },
        }),
      );
    }
  });

  it('answers an upload without a session with a 401 the client reads, twenty times in a row (http and fetch)', async () => {
    for (const client of ['http', 'fetch'] as const) {
      const url = `/api/post-resume/profile-image/${owner.id}`;
      const answers = await sendFromAnotherThread(client, 'PATCH', url, 'profileImage', 12 * 1024 * 1024 - 100);
      expect(answers.map((a) => a.error ?? a.status)).toEqual(Array(20).fill(401));
      for (const answer of answers) {
        expect(answer.body).toMatchObject({ error: true });
        expect(answer.connection).toBe('close');
      }
    }
  });

  /**
   * A client that announces a huge body and sends it forever, `chunk` bytes every `everyMs` (0: as
   * fast as the socket takes them): what it read, and how much it sent and for how long before the
   * server cut it off.
   */
  function sendForever(method: string, url: string, chunk: number, everyMs: number) {
    return new Promise<{ answer: string; sent: number; ms: number }>((resolve) => {
      const started = Date.now();
      // Half-open: the end of the server's answer does not stop it sending.
      const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: true });
      const data = Buffer.alloc(chunk, 'a');
      let answer = '';
      let sent = 0;
      let timer: NodeJS.Timeout | undefined;
      socket.on('data', (d: Buffer) => (answer += d.toString()));
      socket.on('error', () => {});
      socket.on('close', () => {
        clearTimeout(timer);
        resolve({ answer, sent, ms: Date.now() - started });
      });
      const send = () => {
        if (socket.destroyed) return;
        sent += chunk;
        const more = socket.write(data);
        if (everyMs > 0) timer = setTimeout(send, everyMs);
        else if (more) setImmediate(send);
        else socket.once('drain', send);
      };
      socket.on('connect', () => {
        socket.write(
          `${method} ${url} HTTP/1.1\r\nHost: teacheast.test\r\nContent-Type: application/json\r\n` +
            `Content-Length: ${1024 ** 4}\r\n\r\n`,
        );
        send();
      });
    });
  }

  it('reads a refused body for a bounded size, then closes', async () => {
    const cut = await sendForever('POST', '/api/contact-us', 64 * 1024, 0);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 413 /);
    expect(cut.answer).toContain('"error":true');
    // What the server read, plus what the two sockets' kernel buffers held when it closed.
    expect(cut.sent).toBeGreaterThan(DRAIN_MAX_BYTES);
    expect(cut.sent).toBeLessThan(DRAIN_MAX_BYTES + 32 * 1024 * 1024);
    expect(cut.ms).toBeLessThan(DRAIN_MAX_MS);
  });

  it('reads a refused body for a bounded time, then closes', async () => {
    const cut = await sendForever('PATCH', `/api/post-resume/resume/${owner.id}`, 1024, 20);
    expect(cut.answer).toMatch(/^HTTP\/1\.1 401 /);
    expect(cut.answer).toContain('"error":true');
    expect(cut.ms).toBeGreaterThanOrEqual(DRAIN_MAX_MS);
    expect(cut.ms).toBeLessThan(DRAIN_MAX_MS + 2_000);
  });
});
