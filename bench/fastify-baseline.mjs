// Fastify's own reference: the framework with nothing of ours, one route answering the JSON the bare
// Node server (baseline.mjs) and GET /api/health answer. Health through our server is judged against
// it: what our hooks, headers and heap cost beyond the framework, not what the framework costs.
import { createRequire } from 'node:module';

// The server workspace's own Fastify, resolved from its package, so the reference is the very version
// the server runs (the root workspace does not depend on Fastify itself).
const fromServer = createRequire(new URL('../apps/server/package.json', import.meta.url));
const Fastify = fromServer('fastify');

const body = JSON.stringify({ status: 'ok' });
const app = Fastify({ logger: false });
app.get('/api/health', (_request, reply) => {
  void reply.type('application/json; charset=utf-8').send(body);
});
await app.listen({ port: Number(process.env.PORT ?? 4106), host: '127.0.0.1' });
