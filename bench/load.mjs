// The load generator: one autocannon run in a process of its own, which bench/run.ts pins to a core of
// its own. Every request goes to a path drawn at random from the scenario's key list (autocannon's
// command line can only repeat one URL), so a response cache meets the spread of keys that real
// visitors bring: no connection walks the keys in step with another or repeats its own sequence.
//
//   node bench/load.mjs <spec.json> <origin> <seconds|pass>
//
// `pass` asks every key once, in a random order, and stops: what a server that has been up while
// visitors came has kept, before its cache is measured.
//
// spec.json: { paths: string[], connections?, method?, headers?, body? }. Prints one JSON object:
// { rps, p99, non2xx, errors, timeouts, statusCodes, requestsDrawn }.
import fs from 'node:fs';
import autocannon from 'autocannon';
import requestBuilder from 'autocannon/lib/httpRequestBuilder.js';

const [specFile, origin, seconds] = process.argv.slice(2);
if (!specFile || !origin || !seconds) {
  process.stderr.write('usage: node bench/load.mjs <spec.json> <origin> <seconds|pass>\n');
  process.exit(2);
}
const spec = JSON.parse(fs.readFileSync(specFile, 'utf8'));
if (!Array.isArray(spec.paths) || spec.paths.length === 0) throw new Error(`${specFile}: no paths to request`);
const method = spec.method ?? 'GET';
const headers = spec.headers ?? {};

// Each key's request bytes are built once, by autocannon's own builder, and every request picks one
// at random. Drawing in the documented `requests[].setupRequest` makes autocannon rebuild every
// request instead: that halved what one core could send (about 37,000 against 77,000 req/s at bare
// Node), so the baseline measured the generator rather than Node; and pre-drawn sequences per
// connection cost 12 µs a request to build, seconds per run. autocannon 9 (pinned in package.json)
// writes `client.getRequestBuffer()` for each request it sends; the check below fails loudly if a
// later version stops calling it.
const { hostname, port } = new URL(origin);
const build = requestBuilder({ hostname, port: Number(port), method, headers, body: spec.body });
const buffers = spec.paths.map((path) => build({ path }));
const pass = seconds === 'pass';
if (pass) {
  for (let i = buffers.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [buffers[i], buffers[j]] = [buffers[j], buffers[i]];
  }
}
let drawn = 0;
const draw = pass
  ? () => buffers[drawn++ % buffers.length]
  : () => {
      drawn++;
      return buffers[Math.floor(Math.random() * buffers.length)];
    };

const result = await autocannon({
  url: origin,
  // A pass asks each key once: no more connections than keys.
  connections: pass ? Math.min(spec.connections ?? 50, buffers.length) : (spec.connections ?? 50),
  ...(pass ? { amount: buffers.length } : { duration: Number(seconds) }),
  method,
  headers,
  body: spec.body,
  setupClient(client) {
    if (typeof client.getRequestBuffer !== 'function') throw new Error('autocannon has no getRequestBuffer');
    client.getRequestBuffer = draw;
  },
});

const sent = Object.values(result.statusCodeStats ?? {}).reduce((n, stat) => n + Number(stat.count), 0);
if (sent > 0 && drawn < sent) throw new Error(`autocannon sent ${sent} requests but drew only ${drawn} keys`);
const statusCodes = Object.fromEntries(
  Object.entries(result.statusCodeStats ?? {}).map(([code, stat]) => [code, Number(stat.count)]),
);
process.stdout.write(
  `${JSON.stringify({
    rps: result.requests.average,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    requestsDrawn: drawn,
  })}\n`,
);
