// `npm run test:crash`: starts the server on SQLite, drives writes (sign-ups, contact messages, saves,
// test-mode payments, job edits), records each acknowledged one, kills the process with SIGKILL at a
// random moment, restarts it, and checks that every acknowledged write survived and that
// `PRAGMA integrity_check` is ok. CRASH_ITERATIONS sets the count (10 by default; 200 for the full run).
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import SQLite from 'better-sqlite3';
import { createDb } from '../apps/server/src/db/create-db.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { hashToken } from '../apps/server/src/features/accounts/tokens.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ITERATIONS = Number(process.env.CRASH_ITERATIONS ?? 10);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

function startServer(env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitUp(base: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('server did not start');
}

interface Acked {
  users: string[];
  contacts: string[];
  saves: string[];
  payments: string[];
  /** The highest acknowledged edit of the job's company name. */
  editVersion: number;
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-crash-'));
  const file = path.join(work, 'crash.db');
  const db = createDb(`sqlite:${file}`);
  await migrateToLatest(db);
  const now = Date.now();
  const userId = randomUUID();
  const ownerId = randomUUID();
  const token = 'crash-test-session-token-000000000000000000';
  const draftId = randomUUID();
  const jobIds = Array.from({ length: 400 }, () => randomUUID());
  await db
    .insertInto('users')
    .values([
      {
        id: userId,
        email: 'crash-user@example.com',
        password_hash: 'x',
        confirmed_at: now,
        created_at: now,
        payment_customer_id: null,
      },
      {
        id: ownerId,
        email: 'crash-owner@example.com',
        password_hash: 'x',
        confirmed_at: now,
        created_at: now,
        payment_customer_id: null,
      },
    ])
    .execute();
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: now + 86_400_000 })
    .execute();
  const job = (id: string, user: string, published: number | null) => ({
    id,
    user_id: user,
    company_name: 'Crash School',
    email: 'jobs@crash.example',
    country: 'japan',
    city: 'Tokyo',
    pay: '',
    age_group: 'Children',
    duration: '12',
    class_size: '1 - 10',
    start_date: '',
    phone: '',
    link: '',
    description_html: '',
    thumbnail: null,
    tile_thumbnail: null,
    published_at: published,
    relisted_from: null,
    created_at: now,
    updated_at: now,
  });
  await db
    .insertInto('jobs')
    .values(jobIds.map((id) => job(id, ownerId, now)))
    .execute();
  await db
    .insertInto('jobs')
    .values(job(draftId, userId, null))
    .execute();
  await db.destroy();

  const acked: Acked = { users: [], contacts: [], saves: [], payments: [], editVersion: 0 };
  const auth = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  let ipSeq = 0;
  const ip = () => `10.9.${Math.floor(++ipSeq / 250) % 250}.${ipSeq % 250}`;
  let editSeq = 0;
  let saveSeq = 0;

  for (let iteration = 1; iteration <= ITERATIONS; iteration++) {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startServer({
      PORT: String(port),
      DATABASE_URL: `sqlite:${file}`,
      MEDIA_DIR: path.join(work, 'media'),
      LOG_LEVEL: 'silent',
      TRUST_PROXY: '1',
      NODE_ENV: 'production',
      ALLOW_TEST_PAYMENTS: '1',
    });
    await waitUp(base);
    let alive = true;
    const post = async (
      url: string,
      body: unknown,
      headers: Record<string, string> = { 'content-type': 'application/json' },
    ) => {
      const res = await fetch(base + url, {
        method: 'POST',
        headers: { ...headers, 'x-forwarded-for': ip() },
        body: JSON.stringify(body),
      });
      return { status: res.status, json: (await res.json()) as Record<string, unknown> };
    };
    // Each writer loops until the process dies; only answers received count as acknowledged.
    const writers = [
      async () => {
        while (alive) {
          const email = `crash-${randomUUID()}@example.com`;
          const r = await post('/api/register', { email, password: 'secret123' });
          if (r.status === 201) acked.users.push(email);
        }
      },
      async () => {
        while (alive) {
          const text = `crash message ${randomUUID()}`;
          const r = await post('/api/contact-us', { email: `c-${randomUUID()}@example.com`, subject: 'crash', text });
          if (r.status === 200) acked.contacts.push(text);
        }
      },
      async () => {
        while (alive) {
          const jobId = jobIds[saveSeq++ % jobIds.length]!;
          const r = await post(`/api/favorites/${userId}/${jobId}`, {}, auth);
          if (r.status === 200) acked.saves.push(jobId);
        }
      },
      async () => {
        while (alive) {
          const intent = await post('/api/payments-jobs/', { quantity: 'one', userUuid: userId }, auth);
          if (intent.status !== 200)
            throw new Error(`payment intent failed: ${intent.status} ${JSON.stringify(intent.json)}`);
          const secret = String(intent.json.client_secret);
          const r = await post(
            '/api/test-payments/confirm',
            { client_secret: secret, card: { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' } },
            auth,
          );
          if (r.status === 200) acked.payments.push(secret);
        }
      },
      async () => {
        while (alive) {
          const version = ++editSeq;
          const r = await post(
            `/api/jobs/details/${draftId}/${userId}`,
            {
              companyName: `Crash School v${version}`,
              email: 'jobs@crash.example',
              country: 'japan',
              city: 'Tokyo',
              pay: '',
              ageGroup: 'Children',
              duration: '12',
              classSize: '1 - 10',
              startDate: '',
              phone: '',
              link: '',
            },
            auth,
          );
          if (r.status === 200) acked.editVersion = Math.max(acked.editVersion, version);
          else throw new Error(`job edit failed: ${r.status} ${JSON.stringify(r.json)}`);
        }
      },
    ].map((w) =>
      w().catch((err: unknown) => {
        if (alive) throw err; // a failure while the server was up is a real failure
      }),
    );

    await new Promise((r) => setTimeout(r, 150 + Math.random() * 900));
    alive = false;
    server.kill('SIGKILL');
    await new Promise((r) => server.once('exit', r));
    await Promise.all(writers);

    // Restart: the server must open the database and recover it.
    const again = startServer({
      PORT: String(port),
      DATABASE_URL: `sqlite:${file}`,
      MEDIA_DIR: path.join(work, 'media'),
      LOG_LEVEL: 'silent',
    });
    await waitUp(base);
    const check = new SQLite(file, { readonly: true });
    try {
      const integrity = check.pragma('integrity_check', { simple: true });
      if (integrity !== 'ok') throw new Error(`integrity_check: ${String(integrity)}`);
      const missing: string[] = [];
      const has = (q: string, v: string) => check.prepare(q).get(v) !== undefined;
      for (const e of acked.users) if (!has('select 1 from users where email = ?', e)) missing.push(`user ${e}`);
      for (const t of acked.contacts)
        if (!has('select 1 from contact_messages where text = ?', t)) missing.push(`contact ${t}`);
      for (const j of new Set(acked.saves)) {
        if (!check.prepare('select 1 from favorites where user_id = ? and job_id = ?').get(userId, j))
          missing.push(`save ${j}`);
      }
      const paid = (
        check.prepare("select count(*) as n from payments where status = 'succeeded'").get() as { n: number }
      ).n;
      const credits = (
        check.prepare("select coalesce(sum(delta), 0) as n from credit_ledger where reason = 'purchase'").get() as {
          n: number;
        }
      ).n;
      if (paid < acked.payments.length) missing.push(`payments: ${acked.payments.length} acknowledged, ${paid} stored`);
      if (credits !== paid) missing.push(`credits ${credits} differ from succeeded payments ${paid}`);
      const name = (
        check.prepare('select company_name from jobs where id = ?').get(draftId) as { company_name: string }
      ).company_name;
      const stored = Number(/v(\d+)$/.exec(name)?.[1] ?? 0);
      if (stored < acked.editVersion) missing.push(`job edit v${acked.editVersion} acknowledged, v${stored} stored`);
      if (missing.length > 0)
        throw new Error(`iteration ${iteration}: lost acknowledged writes:\n  ${missing.slice(0, 10).join('\n  ')}`);
    } finally {
      check.close();
    }
    again.kill('SIGTERM');
    await new Promise((r) => again.once('exit', r));
    process.stdout.write(
      `iteration ${iteration}/${ITERATIONS}: ok (users ${acked.users.length}, contacts ${acked.contacts.length}, saves ${acked.saves.length}, payments ${acked.payments.length}, edit v${acked.editVersion})\n`,
    );
  }
  fs.rmSync(work, { recursive: true, force: true });
  console.log(`${ITERATIONS} passed, 0 failed`);
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  console.log('0 passed, 1 failed');
  process.exit(1);
});
