// The mixed load's generator (bench/mix.ts), in a process of its own pinned to the load core as
// bench/load.mjs is: autocannon's connections read, each request drawn from the read groups by their
// shares and then a key at random within the group, while writes go out at a fixed rate of their own,
// whatever the reads are doing (an open loop: a slow answer does not hold back the next write).
//
// The writer runs in a worker thread (bench/mix-writer.mjs), with an event loop of its own: on the
// reads' loop, a slower machine's 50 connections kept the writes' timer waiting and the writes went
// out seconds late, measuring the generator rather than the server. Idle between writes, the writer's
// thread is run as soon as a write is due, though it shares the pinned core with the reads.
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
//     arrivals: { everyMs, requests: [request] },  one every everyMs from the start, each on a new
//                                                 connection (visitors arriving); not writes
//   }
// }
// request: { kind, method, path, headers, body?, from }: `from` is the loopback address the write is
// sent from (127.x.y.z), one per person, so per-address limits count each person as the server would.
//
// serverPids (optional): the server processes whose CPU time over the reads is reported (cpu below).
//
// Prints one JSON object: { reads: { rps, p50, p99, non2xx, errors, timeouts, statusCodes, groups },
// writes: { seconds, sent, perSecond, unanswered, scriptLeft, heldBack, lateP99Ms, lateMaxMs, all,
// arrivals, kinds } | null }, where each group, kind, `all` and `arrivals` is { count, p50, p99, max, statusCodes, errors,
// problems? } (the first few answers that were not 2xx). A write's time runs from its sending to the
// end of its answer; how late it was sent against its schedule is reported apart (lateP99Ms).
// Also cpu: { seconds, generator, servers }, the cores this process (reads and writer) and the server
// processes used while the reads ran: a generator near a whole core is measuring itself.
import { once } from 'node:events';
import fs from 'node:fs';
import { Worker } from 'node:worker_threads';
import autocannon from 'autocannon';
import requestBuilder from 'autocannon/lib/httpRequestBuilder.js';
import { record, summary, tally } from './mix-writer.mjs';
import { processCpuMs } from './process-cpu.mjs';

const [specFile, origin, secondsArg] = process.argv.slice(2);
const seconds = Number(secondsArg);
if (!specFile || !origin || !(seconds > 0)) {
  process.stderr.write('usage: node bench/mix-load.mjs <spec.json> <origin> <seconds>\n');
  process.exit(2);
}
const spec = JSON.parse(fs.readFileSync(specFile, 'utf8'));
const { hostname, port } = new URL(origin);

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

// ---------------------------------------------------------------- the run

const cpuNow = () => ({
  at: performance.now(),
  own: process.cpuUsage(),
  servers: (spec.serverPids ?? []).reduce((ms, pid) => ms + processCpuMs(pid), 0),
});

const writer = spec.writes
  ? new Worker(new URL('./mix-writer.mjs', import.meta.url), { workerData: { writes: spec.writes, origin, seconds } })
  : null;
// Loaded before the reads begin, so that the writer's start-up is not counted as writes sent late.
if (writer) await once(writer, 'message');
let drawn = 0;
writer?.postMessage({ startedAt: performance.timeOrigin + performance.now() });
const cpuBefore = cpuNow();
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
const cpuAfter = cpuNow();
writer?.postMessage('stop');
const cpuSeconds = (cpuAfter.at - cpuBefore.at) / 1000;
const own = process.cpuUsage(cpuBefore.own);
const cpu = {
  seconds: cpuSeconds,
  generator: (own.user + own.system) / 1e6 / cpuSeconds,
  servers: (cpuAfter.servers - cpuBefore.servers) / 1000 / cpuSeconds,
};
// The writer answers once the writes still in flight are answered or given up on.
const writes = writer && (await once(writer, 'message'))[0].writes;

const sentReads = Object.values(result.statusCodeStats ?? {}).reduce((n, stat) => n + Number(stat.count), 0);
if (sentReads > 0 && drawn < sentReads) throw new Error(`autocannon sent ${sentReads} requests but drew ${drawn}`);
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
    writes,
    cpu,
  })}\n`,
);
