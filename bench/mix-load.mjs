// The mixed load's generator (bench/mix.ts), in a process of its own pinned to the load core as
// bench/load.mjs is: autocannon's connections read, each request drawn from the read groups by their
// shares and then a key at random within the group, while writes go out at a fixed rate of their own,
// whatever the reads are doing (an open loop: a slow answer does not hold back the next write).
//
//   node bench/mix-load.mjs <spec.json> <origin> <seconds>
//
// spec.json: {
//   connections,                                  the read connections
//   reads: [{ name, share, paths, headers? }],    shares add up to 1; headers sent with each read
//   writes?: {
//     perSecond,                                  the paced writes' rate
//     paced: [request],                           sent in order, perSecond of them a second
//     everyMs, timed: [request],                  one every everyMs, from everyMs / 2 (the employer)
//   }
// }
// request: { kind, method, path, headers, body?, from }: `from` is the loopback address the write is
// sent from (127.x.y.z), one per person, so per-address limits count each person as the server would.
//
// Prints one JSON object: { reads: { rps, p50, p99, non2xx, errors, timeouts, statusCodes, groups },
// writes: { seconds, sent, perSecond, unanswered, scriptLeft, heldBack, lateP99Ms, lateMaxMs, all,
// kinds } | null }, where each group, kind and `all` is { count, p50, p99, max, statusCodes, errors,
// problems? } (the first few answers that were not 2xx). A write's time runs from its sending to the
// end of its answer; how late it was sent against its schedule is reported apart (lateP99Ms).
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';
import requestBuilder from 'autocannon/lib/httpRequestBuilder.js';

const [specFile, origin, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
if (!specFile || !origin || !(seconds > 0)) {
  process.stderr.write('usage: node bench/mix-load.mjs <spec.json> <origin> <seconds>\n');
  process.exit(2);
}
const spec = JSON.parse(fs.readFileSync(specFile, 'utf8'));
const { hostname, port } = new URL(origin);

/** Writes in flight at once, at most: past it the generator, not the server, would be measured. */
const MAX_WRITES_IN_FLIGHT = 200;
/** How long the writes still in flight at the end are waited for. */
const DRAIN_MS = 10_000;
/** Bodies of answers that were not 2xx kept per write kind, to say what went wrong. */
const PROBLEMS_KEPT = 3;

const percentile = (sorted, p) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
const round = (ms) => (ms === null ? null : Math.round(ms * 100) / 100);

/** Answer times and statuses of one kind of request. */
function tally() {
  return { ms: [], statusCodes: {}, errors: 0, problems: [] };
}
function record(t, status, ms) {
  t.ms.push(ms);
  t.statusCodes[status] = (t.statusCodes[status] ?? 0) + 1;
}
function summary(t) {
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

// ---------------------------------------------------------------- reads

const groups = spec.reads.map((group) => {
  if (!Array.isArray(group.paths) || group.paths.length === 0) throw new Error(`${group.name}: no paths`);
  const build = requestBuilder({ hostname, port: Number(port), method: 'GET' });
  // Each key's request bytes are built once, as load.mjs builds them (see there why).
  return {
    name: group.name,
    share: group.share,
    buffers: group.paths.map((path) => build({ path, headers: group.headers ?? {} })),
    t: tally(),
  };
});
const cumulative = [];
let total = 0;
for (const group of groups) cumulative.push((total += group.share));
if (Math.abs(total - 1) > 1e-9) throw new Error(`the read shares add up to ${total}, not 1`);
function drawGroup() {
  const x = Math.random();
  for (let i = 0; i < cumulative.length - 1; i++) if (x < cumulative[i]) return i;
  return cumulative.length - 1;
}

// ---------------------------------------------------------------- writes

const writes = spec.writes ?? null;
const kinds = new Map();
const allWrites = tally();
const late = [];
let sent = 0;
let inFlight = 0;
let heldBack = 0;
const agent = new http.Agent({ keepAlive: true, maxSockets: 2, timeout: 5_000 });
let startedAt = 0;

function send(request, scheduledAt) {
  late.push(performance.now() - scheduledAt);
  sent++;
  inFlight++;
  const t = kinds.get(request.kind) ?? kinds.set(request.kind, tally()).get(request.kind);
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
    allWrites.errors++;
    if (t.problems.length < PROBLEMS_KEPT) t.problems.push(`${request.path}: ${message}`);
  };
  const req = http.request(
    { host: hostname, port, path: request.path, method: request.method, headers, localAddress: request.from, agent },
    (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        if (!done()) return;
        const ms = performance.now() - started;
        record(t, res.statusCode, ms);
        record(allWrites, res.statusCode, ms);
        if ((res.statusCode < 200 || res.statusCode > 299) && t.problems.length < PROBLEMS_KEPT) {
          t.problems.push(`${res.statusCode} ${request.path}: ${Buffer.concat(chunks).toString('utf8').slice(0, 200)}`);
        }
      });
      res.on('error', (err) => failed(err.message));
    },
  );
  req.setTimeout(DRAIN_MS, () => req.destroy(new Error('no answer in time')));
  req.on('error', (err) => failed(err.message));
  req.end(body);
}

let paced = 0;
let timed = 0;
let pacer;
/** Sends every write due by now; the schedule is kept from the start, so a late timer catches up. */
function sendDue() {
  const elapsed = performance.now() - startedAt;
  if (elapsed >= seconds * 1000) return;
  const due = Math.min(writes.paced.length, Math.floor((elapsed / 1000) * writes.perSecond) + 1);
  while (paced < due) {
    if (inFlight >= MAX_WRITES_IN_FLIGHT) {
      heldBack++;
      break;
    }
    send(writes.paced[paced], startedAt + (paced / writes.perSecond) * 1000);
    paced++;
  }
  const timedDue = Math.min(writes.timed.length, Math.floor(elapsed / writes.everyMs + 0.5));
  while (timed < timedDue) {
    send(writes.timed[timed], startedAt + (timed + 0.5) * writes.everyMs);
    timed++;
  }
}

// ---------------------------------------------------------------- the run

let drawn = 0;
startedAt = performance.now();
if (writes) pacer = setInterval(sendDue, 2);
const result = await autocannon({
  url: origin,
  connections: spec.connections,
  duration: seconds,
  setupClient(client) {
    if (typeof client.getRequestBuffer !== 'function') throw new Error('autocannon has no getRequestBuffer');
    // One request at a time per connection (no pipelining): the answer that comes is the one drawn last.
    let group = groups[0];
    client.getRequestBuffer = () => {
      group = groups[drawGroup()];
      drawn++;
      return group.buffers[Math.floor(Math.random() * group.buffers.length)];
    };
    client.on('response', (status, _bytes, ms) => record(group.t, status, ms));
  },
});
const writeSeconds = (performance.now() - startedAt) / 1000;
clearInterval(pacer);
const drainUntil = Date.now() + DRAIN_MS;
while (inFlight > 0 && Date.now() < drainUntil) await new Promise((r) => setTimeout(r, 20));
agent.destroy();

const sentReads = Object.values(result.statusCodeStats ?? {}).reduce((n, stat) => n + Number(stat.count), 0);
if (sentReads > 0 && drawn < sentReads) throw new Error(`autocannon sent ${sentReads} requests but drew ${drawn}`);
const lateSorted = Float64Array.from(late).sort();
process.stdout.write(
  `${JSON.stringify({
    reads: {
      rps: result.requests.average,
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      statusCodes: Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, Number(stat.count)]),
      ),
      groups: Object.fromEntries(groups.map((g) => [g.name, summary(g.t)])),
    },
    writes: writes && {
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
      kinds: Object.fromEntries([...kinds].map(([kind, t]) => [kind, summary(t)])),
    },
  })}\n`,
);
