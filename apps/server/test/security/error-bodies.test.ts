// Every 4xx and 5xx the server makes carries the documented body { error: true, message, … },
// including the answers Node and Fastify make before any route runs. Spoken over a real socket, so
// Node's own HTTP parser is in the loop.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../harness.js';

interface RawAnswer {
  status: number;
  headers: string;
  body: string;
}

function parseAnswers(text: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = text;
  while (rest.startsWith('HTTP/1.1')) {
    const end = rest.indexOf('\r\n\r\n');
    const headers = rest.slice(0, end);
    const length = Number(/content-length: (\d+)/i.exec(headers)?.[1] ?? 0);
    const body = rest.slice(end + 4, end + 4 + length);
    answers.push({ status: Number(headers.slice(9, 12)), headers, body });
    rest = rest.slice(end + 4 + length);
  }
  return answers;
}

/** Writes the chunks in turn (with a pause between them) and reads until the server closes. */
async function speak(port: number, chunks: string[], between?: () => Promise<void>): Promise<RawAnswer[]> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    let received = '';
    socket.on('data', (d) => (received += d.toString('latin1')));
    socket.on('close', () => resolve(parseAnswers(received)));
    socket.on('error', reject);
    const write = async () => {
      for (const [i, chunk] of chunks.entries()) {
        if (i > 0) {
          await new Promise((r) => setTimeout(r, 100));
          await between?.();
        }
        if (!socket.destroyed) socket.write(chunk);
      }
    };
    socket.on('connect', () => {
      write().catch(reject);
    });
  });
}

function expectErrorBody(answer: RawAnswer | undefined, status: number): void {
  expect(answer?.status).toBe(status);
  expect(answer?.headers).toMatch(/content-type: application\/json/i);
  const body = JSON.parse(answer!.body) as Record<string, unknown>;
  expect(body.error).toBe(true);
  expect(typeof body.message).toBe('string');
  expect((body.message as string).length).toBeGreaterThan(0);
  expect(body).not.toHaveProperty('statusCode');
}

const request = (line: string, headers: string[] = [], body = '') =>
  [line, 'Host: teacheast.test', 'Connection: close', ...headers, '', body].join('\r\n');

describe(`error bodies before and around the routes (${dialect})`, () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterAll(async () => t.close());

  const cases: [string, number, string][] = [
    ['a URL too long (431)', 431, request(`GET /api/filter-jobs?city=${'a'.repeat(20_000)} HTTP/1.1`)],
    ['a header too large (431)', 431, request('GET /api/health HTTP/1.1', [`X-Big: ${'b'.repeat(20_000)}`])],
    ['a request line that is not HTTP (400)', 400, 'GARBAGE\r\n\r\n'],
    ['an unknown method (400 from Node)', 400, request('FOO /api/health HTTP/1.1')],
    ['a URL that is not valid percent-encoding (400)', 400, request('GET /api/job/%E0%A4%A HTTP/1.1')],
    [
      'a body over the limit (413)',
      413,
      request(
        'POST /api/contact-us HTTP/1.1',
        ['Content-Type: application/json', 'Content-Length: 200000'],
        'a'.repeat(200_000),
      ),
    ],
    [
      'a content type no route takes (415)',
      415,
      request('POST /api/contact-us HTTP/1.1', ['Content-Type: text/xml', 'Content-Length: 4'], '<a/>'),
    ],
    [
      'malformed JSON (400)',
      400,
      request('POST /api/contact-us HTTP/1.1', ['Content-Type: application/json', 'Content-Length: 3'], '{a:'),
    ],
    [
      'an empty JSON body (400)',
      400,
      request('POST /api/contact-us HTTP/1.1', ['Content-Type: application/json', 'Content-Length: 0']),
    ],
    ['a method the route does not have (404)', 404, request('DELETE /api/health HTTP/1.1')],
    ['a method no route has (404)', 404, request('PROPFIND /api/health HTTP/1.1')],
    ['an unknown API path (404)', 404, request('GET /api/no-such-thing HTTP/1.1')],
    ['a validation failure (400)', 400, request('GET /api/filter-jobs?page=zero HTTP/1.1')],
    ['a missing session (401)', 401, request('GET /api/current_user HTTP/1.1', ['Authorization: Bearer nope'])],
  ];

  for (const [label, status, raw] of cases) {
    it(`answers ${label} with the error body`, async () => {
      const answers = await speak(port, [raw]);
      expectErrorBody(answers[0], status);
    });
  }

  it('answers requests that arrive while the server shuts down with 503 and the error body', async () => {
    // The first request's body is half sent when the shutdown begins; the second is already queued
    // on the same connection behind it.
    const first = [
      'POST /api/contact-us HTTP/1.1',
      'Host: teacheast.test',
      'Content-Type: application/json',
      'Content-Length: 2',
      '',
      '',
    ].join('\r\n');
    const second = request('GET /api/health HTTP/1.1');
    let closed: Promise<void> | undefined;
    const answers = await speak(port, [`${first}{`, `}${second}`], async () => {
      closed ??= t.app.close();
    });
    await closed;
    expect(answers).toHaveLength(2);
    expectErrorBody(answers[0], 400);
    expectErrorBody(answers[1], 503);
    expect(JSON.parse(answers[1]!.body)).toMatchObject({ errorType: 'SHUTTING_DOWN' });
  });
});
