// /metrics on its own port (METRICS_PORT), never the public one: what the server measures of itself is
// for the operator's Prometheus, not for visitors.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Metrics } from './metrics.js';

export interface MetricsServer {
  /** The port it listens on (the one asked for, or the one given when 0 was asked for). */
  readonly port: number;
  close(): Promise<void>;
}

export async function startMetricsServer(
  metrics: Pick<Metrics, 'registry' | 'scrape'>,
  options: { port: number; host: string },
): Promise<MetricsServer> {
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found: scrape GET /metrics\n');
      return;
    }
    metrics.scrape().then(
      (text) => {
        res.writeHead(200, { 'content-type': metrics.registry.contentType });
        res.end(req.method === 'HEAD' ? undefined : text);
      },
      (err: unknown) => {
        res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' });
        res.end(`Metrics could not be collected: ${err instanceof Error ? err.message : String(err)}\n`);
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((err) => (err ? reject(err) : resolve()));
      }),
  };
}
