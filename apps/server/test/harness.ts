// Test harness: a freshly migrated database (SQLite file, or a new PostgreSQL database when the
// project runs with TEST_DATABASE_URL), a real SMTP server catching mail, and the app built on them.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import pino from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, loggerOptions } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createDb, type Db } from '../src/db/create-db.js';
import { jobSearchColumns } from '../src/db/job-search.js';
import { migrateToLatest } from '../src/db/migrate.js';
import type { Clock, Deps } from '../src/deps.js';
import { createMemoryLimiter } from '../src/integrations/limiter/limiter.js';
import { createSession } from '../src/features/accounts/sessions.js';
import { createBlobStore } from '../src/integrations/blobs/create-blob-store.js';
import { createMailer } from '../src/integrations/mail/mailer.js';
import type { Metrics } from '../src/integrations/metrics/metrics.js';
import type { PaymentProvider } from '../src/integrations/payments/provider.js';
import { createTestProvider } from '../src/integrations/payments/test-provider.js';
import { hashPassword } from '../src/features/accounts/passwords.js';

export const dialect: 'sqlite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'sqlite';

interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  links: string[];
  /** The mail's headers, unfolded, by lower-case name. */
  headers: Record<string, string>;
}

class Mailbox {
  readonly messages: ReceivedMail[] = [];
  private waiters: (() => void)[] = [];

  push(mail: ReceivedMail) {
    this.messages.push(mail);
    for (const w of this.waiters.splice(0)) w();
  }

  /** Waits for a mail to `to` whose subject matches, sent after `since` messages were received. */
  async waitFor(to: string, subject: RegExp, timeoutMs = 5000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.messages.find((m) => m.to.includes(to.toLowerCase()) && subject.test(m.subject));
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No mail to ${to} matching ${subject} within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, 50);
        this.waiters.push(() => {
          clearTimeout(t);
          resolve();
        });
      });
    }
  }

  to(address: string): ReceivedMail[] {
    return this.messages.filter((m) => m.to.includes(address.toLowerCase()));
  }
}

/** A header's RFC 2047 encoded words (=?UTF-8?Q?…?= or =?UTF-8?B?…?=) as the text they stand for. */
function decodeEncodedWords(text: string): string {
  return text
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toLowerCase() === 'b'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
            'latin1',
          ).toString('utf8'),
    );
}

function decodeQuotedPrintable(text: string): string {
  // The escapes are bytes of UTF-8: gathered as bytes, then read as text.
  const bytes = text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
  const isBytes = [...bytes].every((c) => c.charCodeAt(0) <= 0xff);
  return isBytes ? Buffer.from(bytes, 'latin1').toString('utf8') : bytes;
}

async function startSmtp(): Promise<{ port: number; mailbox: Mailbox; close: () => Promise<void> }> {
  const mailbox = new Mailbox();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const [head = '', ...bodyParts] = raw.split(/\r?\n\r?\n/);
        // Long headers are folded over several lines: unfolded, the line break goes and the space stays.
        const unfolded = head.replace(/\r?\n(?=[ \t])/g, '');
        const subject = decodeEncodedWords(/^Subject: (.*)$/im.exec(unfolded)?.[1]?.trim() ?? '');
        // A multipart mail (text and HTML) names the encoding in each part's own headers.
        const body = /quoted-printable/i.test(raw)
          ? decodeQuotedPrintable(bodyParts.join('\n\n'))
          : bodyParts.join('\n\n');
        const headers: Record<string, string> = {};
        for (const line of unfolded.split(/\r?\n/)) {
          const colon = line.indexOf(':');
          if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
        }
        mailbox.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          subject,
          headers,
          text: body,
          links: body.match(/https?:\/\/[^\s"<>]+/g) ?? [],
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as { port: number }).port;
  return { port, mailbox, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** A clock tests can move. */
class TestClock implements Clock {
  constructor(private t = Date.now()) {}
  now() {
    return this.t;
  }
  advance(ms: number) {
    this.t += ms;
  }
  set(t: number) {
    this.t = t;
  }
}

/** A new, empty database of the project's dialect (not yet migrated), and how to drop it. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-test-'));
    return {
      url: `sqlite:${path.join(dir, 'test.db')}`,
      drop: async () => fs.rmSync(dir, { recursive: true, force: true }),
    };
  }
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `teacheast_test_${randomBytes(6).toString('hex')}`;
  const admin = new Kysely<unknown>({
    dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
  });
  await sql`create database ${sql.id(name)}`.execute(admin);
  await admin.destroy();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const a = new Kysely<unknown>({
        dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: adminUrl, max: 1 }) }),
      });
      await sql`drop database if exists ${sql.id(name)} with (force)`.execute(a);
      await a.destroy();
    },
  };
}

/**
 * A migrated database of the project's dialect for the tests of a describe block: opened before them,
 * dropped after. Read `db` and `url` inside the tests (they are set once the block starts); `options`
 * are createDb's (its query log).
 */
export function migratedTestDb(options: Parameters<typeof createDb>[1] = {}): {
  readonly db: Db;
  readonly url: string;
} {
  const opened = {} as { db: Db; url: string; drop: () => Promise<void> };
  beforeAll(async () => {
    const database = await createTestDatabase();
    opened.drop = database.drop;
    opened.url = database.url;
    opened.db = createDb(database.url, options);
    await migrateToLatest(opened.db);
  });
  afterAll(async () => {
    await opened.db.destroy();
    await opened.drop();
  });
  return opened;
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  db: Db;
  clock: TestClock;
  mailbox: Mailbox;
  config: Config;
  mediaDir: string;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  payments?: PaymentProvider;
  /** Receives every log line (the app's and the adapters'), as production would write them. */
  logStream?: { write(line: string): void };
  /** The level the log stream gets (trace unless told). */
  logLevel?: string;
  /** Records request and query times, refusals and the outbox, as main.ts wires them. */
  metrics?: Metrics;
  onRoute?: (route: { method: string | string[]; url: string }) => void;
  /** The in-memory limiter's bound per class of counters, lowered so a test can fill it quickly. */
  limiterMaxKeys?: number;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const database = await createTestDatabase();
  const smtp = await startSmtp();
  const mediaDir = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-media-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
    PUBLIC_URL: 'http://teacheast.test',
    PAYMENT_PROVIDER: 'test',
    MEDIA_DIR: mediaDir,
    CONTACT_TO: 'team@teacheast.test',
    WEB_DIST: path.join(mediaDir, 'no-web'),
    ...options.env,
  });
  const db = createDb(config.databaseUrl, { logQuery: options.metrics?.logQuery });
  await migrateToLatest(db);
  const clock = new TestClock();
  const logLevel = options.logLevel ?? 'trace';
  const log = options.logStream ? pino({ level: logLevel }, options.logStream) : pino({ level: 'silent' });
  const deps: Deps = {
    config,
    db,
    clock,
    log,
    mail: createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log, now: () => clock.now() }),
    payments: options.payments ?? createTestProvider(() => clock.now()),
    // MEDIA_DIR is the test's own folder; env may choose another store (BLOB_STORE=s3 and its bucket).
    blobs: await createBlobStore(config, db),
    limiter: createMemoryLimiter(() => clock.now(), options.limiterMaxKeys),
  };
  options.metrics?.readOutboxWith(() => deps.mail.backlog());
  const app = await buildApp(deps, {
    onRoute: options.onRoute,
    metrics: options.metrics,
    ...(options.logStream ? { logger: { ...loggerOptions(logLevel), stream: options.logStream } } : {}),
  });
  await app.ready();
  return {
    app,
    deps,
    db,
    clock,
    mailbox: smtp.mailbox,
    config,
    mediaDir,
    inject: (opts) => app.inject(opts),
    async close() {
      await app.close();
      await deps.mail.close();
      await db.destroy();
      await smtp.close();
      await database.drop();
      fs.rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

let passwordHash: Promise<string> | undefined;
export const TEST_PASSWORD = 'password1';

export interface TestUser {
  id: string;
  email: string;
  token: string;
  auth: { authorization: string };
}

/** A confirmed user with a live session, made directly in the database. */
export async function createUser(
  t: TestApp,
  email = `user-${randomUUID().slice(0, 8)}@example.com`,
): Promise<TestUser> {
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const id = randomUUID();
  await t.db
    .insertInto('users')
    .values({ id, email, password_hash: await passwordHash, confirmed_at: t.clock.now(), created_at: t.clock.now() })
    .execute();
  const token = await createSession(t.db, id, t.clock.now(), 30);
  return { id, email, token, auth: { authorization: `Bearer ${token}` } };
}

/** Gives a user job credits through the ledger, as an operator grant. */
export async function grantCredits(t: TestApp, userId: string, credits: number): Promise<void> {
  await t.db
    .insertInto('credit_ledger')
    .values({
      user_id: userId,
      delta: credits,
      reason: 'admin',
      reference: `grant-${randomUUID()}`,
      created_at: t.clock.now(),
    })
    .execute();
}

/** A published job owned by `userId`, made directly in the database. */
export async function createPublishedJob(
  t: TestApp,
  userId: string | null,
  fields: Partial<{
    country: string;
    city: string;
    age_group: string;
    company_name: string;
    title: string;
    published_at: number | null;
    description_html: string;
    thumbnail: string | null;
  }> = {},
): Promise<string> {
  const id = randomUUID();
  const now = t.clock.now();
  const text = {
    title: fields.title ?? '',
    company_name: fields.company_name ?? 'Sunrise Academy',
    city: fields.city ?? 'Tokyo',
    description_html: fields.description_html ?? '<p>Teach English to happy children.</p>',
  };
  await t.db
    .insertInto('jobs')
    .values({
      id,
      user_id: userId,
      ...text,
      ...jobSearchColumns(text),
      email: 'jobs@sunrise.example',
      country: fields.country ?? 'japan',
      pay: '300,000 JPY',
      age_group: fields.age_group ?? 'Children',
      duration: '12',
      class_size: '11 - 20',
      start_date: '4',
      phone: '',
      link: '',
      thumbnail: fields.thumbnail ?? null,
      tile_thumbnail: fields.thumbnail ?? null,
      published_at: fields.published_at === undefined ? now : fields.published_at,
      relisted_from: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}
