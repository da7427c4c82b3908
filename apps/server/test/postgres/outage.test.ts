// With the database's connection cut, the API answers 503 with a clear message and /api/ready fails;
// when the connection comes back, the same server recovers without a restart.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../harness.js';

/** A TCP proxy in front of PostgreSQL that the test can cut and restore. */
async function startProxy(target: { host: string; port: number }) {
  const sockets = new Set<net.Socket>();
  let open = true;
  const server = net.createServer((client) => {
    if (!open) {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    sockets.add(client);
    sockets.add(upstream);
    client.pipe(upstream).pipe(client);
    const close = () => {
      client.destroy();
      upstream.destroy();
      sockets.delete(client);
      sockets.delete(upstream);
    };
    client.on('error', close).on('close', close);
    upstream.on('error', close).on('close', close);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as net.AddressInfo).port,
    cut() {
      open = false;
      for (const s of sockets) s.destroy();
    },
    restore() {
      open = true;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('database outage (postgres)', () => {
  let t: TestApp;
  let proxy: Awaited<ReturnType<typeof startProxy>>;

  beforeAll(async () => {
    // Migrate a fresh database directly, then serve it through the proxy.
    const direct = await createTestApp();
    const url = new URL(direct.config.databaseUrl);
    proxy = await startProxy({ host: url.hostname, port: Number(url.port || 5432) });
    url.host = `127.0.0.1:${proxy.port}`;
    await direct.app.close();
    await direct.db.destroy();
    const { createDb } = await import('../../src/db/create-db.js');
    const { buildApp } = await import('../../src/app.js');
    const db = createDb(url.toString());
    const deps = { ...direct.deps, db };
    const app = await buildApp(deps);
    t = {
      ...direct,
      app,
      db,
      deps,
      inject: (o) => app.inject(o),
      close: async () => {
        await app.close();
        await db.destroy();
        await direct.close().catch(() => undefined);
      },
    };
  });
  afterAll(async () => {
    await t.close();
    await proxy.close();
  });

  it('answers 503 while the database is unreachable and recovers when it is back', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);

    proxy.cut();
    const ready = await t.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toMatchObject({
      error: true,
      errorType: 'DB_UNAVAILABLE',
      message: 'The database is not reachable.',
    });

    const api = await t.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: 'Bearer abc' } });
    expect(api.statusCode).toBe(503);
    expect(api.json()).toEqual({
      error: true,
      errorType: 'DB_UNAVAILABLE',
      message: 'The service is temporarily unavailable. Please try again in a moment.',
    });
    expect(api.body).not.toMatch(/ECONNREFUSED|select|sessions/i);

    // Health says the process is alive, whatever the database does.
    expect((await t.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    proxy.restore();
    let recovered = 0;
    for (let i = 0; i < 50 && recovered !== 200; i++) {
      recovered = (await t.inject({ method: 'GET', url: '/api/ready' })).statusCode;
      if (recovered !== 200) await new Promise((r) => setTimeout(r, 100));
    }
    expect(recovered).toBe(200);
    expect(
      (await t.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: 'Bearer abc' } }))
        .statusCode,
    ).toBe(401);
  });
});
