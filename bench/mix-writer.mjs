// The mixed load's writer: a worker thread of bench/mix-load.mjs that sends the writes on their
// schedule. It has an event loop of its own because the read connections fill the main thread's: on
// one loop, a slower machine's 50 autocannon connections kept the writer's timer waiting and the writes
// went out seconds late, so their figures measured the generator rather than the server. This thread is
// idle between writes, so the kernel runs it as soon as its timer is due, even on the one core the
// process is pinned to.
//
// Each person's connection is opened before the writes begin (one request each, WARM_CONCURRENCY at a
// time): a person saves, applies or counts a visit from a page their browser has just loaded, over the
// connection it loaded it on. Opened during the run, every write came on a new connection, and a busy
// Node server takes one new connection a turn of its event loop (libuv accepts one at a time since
// 1.45): at 100 new connections a second among 50 busy ones, they queued for seconds before the
// server read them, while the server answered each in 2 ms. The visitors who do arrive on a new
// connection are measured apart (writes.arrivals: a posting asked for from a new address, on a new
// connection, every arrivals.everyMs).
//
// workerData: { writes, origin, seconds }, writes as in mix-load.mjs's spec. The thread posts 'ready'
// once loaded and the connections are open; { startedAt } (performance.timeOrigin + performance.now() on the main thread when the
// reads begin) starts the schedule, and 'stop' (the reads are over) ends it. Then it waits for the
// writes in flight, up to DRAIN_MS, and posts { writes }, the figures mix-load.mjs prints.
//
// The answer-time tallies are exported too: the main thread keeps the read groups' in them.
import { once } from 'node:events';
import http from 'node:http';
import { isMainThread, parentPort, workerData } from 'node:worker_threads';

/** Writes in flight at once, at most: past it the generator, not the server, would be measured. */
const MAX_WRITES_IN_FLIGHT = 200;
/** How long the writes still in flight at the end are waited for. */
const DRAIN_MS = 10_000;
/** Connections opened at once before the writes. */
const WARM_CONCURRENCY = 32;
/** A person's kept connection stays open this long unused (the server keeps it 72 s). */
const IDLE_MS = 60_000;
/** Bodies of answers that were not 2xx kept per write kind, to say what went wrong. */
const PROBLEMS_KEPT = 3;

const percentile = (sorted, p) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const round = (ms) => (ms === null ? null : Math.round(ms * 100) / 100);

/** Answer times and statuses of one kind of request. */
export function tally() {
  return { ms: [], statusCodes: {}, errors: 0, problems: [] };
}
export function record(t, status, ms) {
  t.ms.push(ms);
  t.statusCodes[status] = (t.statusCodes[status] ?? 0) + 1;
}
export function summary(t) {
  const sorted = Float64Array.from(t.ms).sort();
  return {
    count: t.ms.length,
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted.length ? sorted[sorted.length - 1] : null),
    statusCodes: t.statusCodes,
    errors: t.errors,
    ...(t.problems.length ? { problems: t.problems } : {}),
  };
}

if (!isMainThread) {
  const { writes, origin, seconds } = workerData;
  const { hostname, port } = new URL(origin);
  const kinds = new Map();
  const allWrites = tally();
  const late = [];
  let sent = 0;
  let inFlight = 0;
  let heldBack = 0;
  const arrivals = tally();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 2, timeout: IDLE_MS });

  /** Sends `request`, recording its answer in `t` and `allWrites` (when given); new connection when `fresh`. */
  const send = (request, scheduledAt, t, { fresh = false, all = allWrites } = {}) => {
    if (all) {
      late.push(performance.now() - scheduledAt);
      sent++;
    }
    inFlight++;
    const body = request.body === undefined ? undefined : Buffer.from(request.body);
    const headers = { ...request.headers, ...(body ? { 'content-length': String(body.length) } : {}) };
    const started = performance.now();
    let finished = false;
    const done = () => {
      if (finished) return false;
      finished = true;
      inFlight--;
      return true;
    };
    const failed = (message) => {
      if (!done()) return;
      t.errors++;
      if (all) all.errors++;
      if (t.problems.length < PROBLEMS_KEPT) t.problems.push(`${request.path}: ${message}`);
    };
    const req = http.request(
      {
        host: hostname,
        port,
        path: request.path,
        method: request.method,
        headers,
        localAddress: request.from,
        agent: fresh ? false : agent,
      },
      (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => {
          if (!done()) return;
          const ms = performance.now() - started;
          record(t, res.statusCode, ms);
          if (all) record(all, res.statusCode, ms);
          if ((res.statusCode < 200 || res.statusCode > 299) && t.problems.length < PROBLEMS_KEPT) {
            t.problems.push(
              `${res.statusCode} ${request.path}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`,
            );
          }
        });
        res.on('error', (err) => failed(err.message));
      },
    );
    req.setTimeout(DRAIN_MS, () => req.destroy(new Error('no answer in time')));
    req.on('error', (err) => failed(err.message));
    req.end(body);
  };

  const kindTally = (kind) => kinds.get(kind) ?? kinds.set(kind, tally()).get(kind);

  // Each person's connection, opened before the start (see the top of this file).
  const people = [...new Set([...writes.paced, ...writes.timed].map((request) => request.from))];
  const opened = tally();
  const toOpen = people.length;
  for (let i = 0; i < toOpen; i += WARM_CONCURRENCY) {
    const batch = people.slice(i, i + WARM_CONCURRENCY);
    const settled = opened.ms.length + opened.errors + batch.length;
    for (const from of batch) send({ method: 'GET', path: '/api/health', headers: {}, from }, 0, opened, { all: null });
    while (opened.ms.length + opened.errors < settled) await new Promise((resolve) => setTimeout(resolve, 1));
  }
  if (opened.errors > 0) throw new Error(`${opened.errors} of ${toOpen} people's connections did not open`);

  // Listening before saying ready, so the start cannot come before anyone hears it.
  const starting = once(parentPort, 'message');
  parentPort.postMessage('ready');
  // The main thread's clock starts at another origin: its start, in this thread's performance.now().
  const startedAt = (await starting)[0].startedAt - performance.timeOrigin;
  const stopping = once(parentPort, 'message');

  let paced = 0;
  let timed = 0;
  let arrived = 0;
  /** Sends every write due by now; the schedule is kept from the start, so a late timer catches up. */
  const sendDue = () => {
    const elapsed = performance.now() - startedAt;
    if (elapsed >= seconds * 1000) return;
    const due = Math.min(writes.paced.length, Math.floor((elapsed / 1000) * writes.perSecond) + 1);
    while (paced < due) {
      if (inFlight >= MAX_WRITES_IN_FLIGHT) {
        heldBack++;
        break;
      }
      const request = writes.paced[paced];
      send(request, startedAt + (paced / writes.perSecond) * 1000, kindTally(request.kind));
      paced++;
    }
    const timedDue = Math.min(writes.timed.length, Math.floor(elapsed / writes.everyMs + 0.5));
    while (timed < timedDue) {
      const request = writes.timed[timed];
      send(request, startedAt + (timed + 0.5) * writes.everyMs, kindTally(request.kind));
      timed++;
    }
    const arrivalsDue = Math.min(writes.arrivals.requests.length, Math.floor(elapsed / writes.arrivals.everyMs) + 1);
    while (arrived < arrivalsDue) {
      send(writes.arrivals.requests[arrived], 0, arrivals, { fresh: true, all: null });
      arrived++;
    }
  };
  const pacer = setInterval(sendDue, 2);
  await stopping;
  const writeSeconds = (performance.now() - startedAt) / 1000;
  clearInterval(pacer);
  const drainUntil = Date.now() + DRAIN_MS;
  while (inFlight > 0 && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
  agent.destroy();

  const lateSorted = Float64Array.from(late).sort();
  parentPort.postMessage({
    writes: {
      seconds: writeSeconds,
      sent,
      perSecond: sent / seconds,
      unanswered: inFlight,
      scriptLeft: writes.paced.length - paced,
      /** Times the in-flight bound kept due writes waiting (they went out late, with their lateness counted). */
      heldBack,
      lateP99Ms: round(percentile(lateSorted, 0.99)),
      lateMaxMs: round(lateSorted.length ? lateSorted[lateSorted.length - 1] : null),
      all: summary(allWrites),
      arrivals: summary(arrivals),
      kinds: Object.fromEntries([...kinds].map(([kind, t]) => [kind, summary(t)])),
    },
  });
}
