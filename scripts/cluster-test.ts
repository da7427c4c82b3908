// `npm run test:cluster`: the "several machines" set-up of docs/OPERATIONS.md, end to end on real
// parts: a fresh PostgreSQL database, Redis, a local S3-compatible store, an SMTP server in this
// process, two server instances, and nginx with deploy/nginx.conf in front of them (a read goes to
// the instance its address and session hash to, a write to either).
// Eight named checks print PASS or FAIL with their numbers, then `N passed, M failed`; the exit code
// is non-zero when any fails. Everything started is stopped, and the database dropped, in every case.
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { ErrorBodySchema } from '@teacheast/shared';
import { createDb, type Db } from '../apps/server/src/db/create-db.js';
import { createRandom, jobRow, MAJOR_CITIES } from '../apps/server/src/demo/factories.js';
import { createAccount } from '../apps/server/src/features/accounts/service.js';
import { createSession } from '../apps/server/src/features/accounts/sessions.js';
import type { BlobStore } from '../apps/server/src/integrations/blobs/blob-store.js';
import { createS3BlobStore } from '../apps/server/src/integrations/blobs/s3-store.js';
import { insertMail } from '../apps/server/src/integrations/mail/repo.js';
import { startS3TestServer } from '../apps/server/test/s3-server.js';
import { freePort } from '../e2e/free-port.js';
import { startMailbox, type Mailbox } from '../e2e/mailbox.js';
import {
  atCleanUp,
  call,
  cleanUp,
  createDatabase,
  flushRedisDatabase,
  jsonOf,
  nextSourceAddress,
  run,
  sleep,
  startInstance,
  startNginx,
  tailOf,
  withTimeout,
  type Answer,
  type Instance,
} from './cluster-parts.js';

/** docs/SECURITY.md: at most 10 failed log-ins per 15 minutes per e-mail (LOGIN_FAILURE_LIMIT), then 429. */
const DOCUMENTED_LOGIN_LIMIT = 10;
const SIGN_UPS = 20;
/** Mails stored ten minutes ago and never sent, as a server that stopped between the two leaves them. */
const LEFT_BEHIND_MAILS = 6;
const READ_YOUR_WRITE_ROUNDS = 50;
const LOAD_MS = 4_000;
const KILL_AT_MS = 1_500;
const READERS = 20;
const RUN_LIMIT_MS = 240_000;

interface Teacher {
  id: string;
  token: string;
}

interface Seed {
  jobIds: string[];
  /** One teacher per check that needs a session of its own: uploads, reads and saves, the load. */
  uploader: Teacher;
  reader: Teacher;
  writer: Teacher;
  leftBehindTo: string[];
}

interface Cluster {
  /** The test's own connection, to see what was stored. */
  db: Db;
  /** The bucket the instances keep uploads in, read directly. */
  bucket: BlobStore;
  mailbox: Mailbox;
  a: Instance;
  b: Instance;
  /** nginx's port. */
  lb: number;
  env: Record<string, string>;
  logDir: string;
  /** The run's temporary folder, for parts a check starts of its own. */
  dir: string;
  seed: Seed;
}

interface Outcome {
  passed: boolean;
  detail: string;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const hex = () => randomBytes(4).toString('hex');

/** Which instance answered through nginx ('A' or 'B'), by the last address in X-Served-By. */
function servedBy(c: Cluster, answer: Answer): string {
  const last = answer.servedBy.at(-1) ?? '';
  if (last.endsWith(`:${c.a.port}`)) return 'A';
  if (last.endsWith(`:${c.b.port}`)) return 'B';
  return last || '(no X-Served-By)';
}

function tally(names: string[]): string {
  const counts = new Map<string, number>();
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1);
  return (
    [...counts]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([name, n]) => `${name} ${n}`)
      .join(', ') || 'none'
  );
}

const both = (names: string[]) => names.includes('A') && names.includes('B');

function describe(answer: Answer): string {
  return `${answer.status} ${answer.body.toString('utf8').slice(0, 200)}`;
}

// ---------------------------------------------------------------- 1

async function sessionAcrossInstances(c: Cluster): Promise<Outcome> {
  const email = `cluster-${hex()}@example.com`;
  const password = `pw-${randomBytes(8).toString('hex')}`;
  const from = nextSourceAddress();
  const registered = await call(c.lb, '/api/register', { json: { email, password }, from });
  if (registered.status !== 201) return { passed: false, detail: `register answered ${describe(registered)}` };
  const mail = await c.mailbox.waitForMail(email, /confirm/i, 15_000);
  const link = mail.links.find((l) => l.includes('/confirmation/'));
  if (!link) return { passed: false, detail: `no confirmation link in: ${mail.links.join(', ')}` };
  const token = new URL(link).pathname.split('/').pop();
  const confirmed = await call(c.lb, '/api/confirmation/', { json: { token }, from });
  if (confirmed.status !== 200) return { passed: false, detail: `confirm answered ${describe(confirmed)}` };
  const login = await call(c.lb, '/api/login', { json: { email, password }, from });
  const session = login.headers['auth-token'];
  if (login.status !== 200 || typeof session !== 'string') {
    return { passed: false, detail: `log-in answered ${describe(login)}` };
  }
  // nginx sends one session's reads of one address to one instance: each instance is asked on its port.
  const isTheUser = (r: Answer) =>
    r.status === 200 && jsonOf<{ currentUser: { email: string } }>(r).currentUser.email === email;
  const readsOn = async (port: number) => {
    const reads: Answer[] = [];
    for (let i = 0; i < 5; i++) reads.push(await call(port, '/api/current_user', { headers: bearer(session), from }));
    return reads.filter(isTheUser).length;
  };
  const [onA, onB, throughNginx] = [await readsOn(c.a.port), await readsOn(c.b.port), await readsOn(c.lb)];
  return {
    passed: onA === 5 && onB === 5 && throughNginx === 5,
    detail:
      `register (${servedBy(c, registered)}), mail, confirm (${servedBy(c, confirmed)}), log in (${servedBy(c, login)}) ` +
      `through nginx; GET /api/current_user answered 200 for that user on A ${onA}/5, on B ${onB}/5, ` +
      `through nginx ${throughNginx}/5`,
  };
}

// ---------------------------------------------------------------- 2

async function uploadServedByTheOther(c: Cluster): Promise<Outcome> {
  const t = c.seed.uploader;
  const png = await sharp({ create: { width: 480, height: 480, channels: 3, background: '#2a6f97' } })
    .png()
    .toBuffer();
  const saved = await call(c.a.port, `/api/post-resume/profile-image/${t.id}`, {
    method: 'PATCH',
    headers: bearer(t.token),
    json: { profileImage: `data:image/png;base64,${png.toString('base64')}` },
  });
  if (saved.status !== 200) return { passed: false, detail: `PATCH to A answered ${describe(saved)}` };
  const link = jsonOf<{ profileImage: string | null }>(saved).profileImage;
  if (!link) return { passed: false, detail: 'A answered no image link' };
  const row = await c.db.selectFrom('resumes').select('profile_image').where('user_id', '=', t.id).executeTakeFirst();
  const stored = row?.profile_image ? await c.bucket.get(row.profile_image) : null;
  const fromA = await call(c.a.port, link);
  const fromB = await call(c.b.port, link);
  const throughNginx = [await call(c.lb, link), await call(c.lb, link)];
  const isTheImage = (r: Answer) =>
    stored !== null && r.status === 200 && r.headers['content-type'] === 'image/webp' && r.body.equals(stored.data);
  return {
    passed: stored !== null && isTheImage(fromA) && isTheImage(fromB) && throughNginx.every(isTheImage),
    detail:
      `PATCH of a ${png.length}-byte PNG to A: ` +
      (stored
        ? `a ${stored.data.length}-byte WebP in the bucket under ${row?.profile_image}`
        : 'nothing in the bucket') +
      `; B answered ${fromB.status}${isTheImage(fromB) ? ' with those bytes' : ''}, ` +
      `A ${fromA.status}${isTheImage(fromA) ? ' with those bytes' : ''}; ` +
      `nginx ${throughNginx.filter(isTheImage).length}/2 with those bytes ` +
      `(served by ${tally(throughNginx.map((r) => servedBy(c, r)))})`,
  };
}

// ---------------------------------------------------------------- 3

async function signedLinkAcrossInstances(c: Cluster): Promise<Outcome> {
  const t = c.seed.uploader;
  const pdf = Buffer.from(
    `%PDF-1.4\n% cluster test ${randomUUID()}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`,
  );
  const saved = await call(c.a.port, `/api/post-resume/resume/${t.id}`, {
    method: 'PATCH',
    headers: bearer(t.token),
    json: { resumeUrl: `data:application/pdf;base64,${pdf.toString('base64')}` },
  });
  if (saved.status !== 200) return { passed: false, detail: `PDF upload to A answered ${describe(saved)}` };
  const preview = await call(c.a.port, `/api/post-resume/preview/${t.id}`, { headers: bearer(t.token) });
  if (preview.status !== 200) return { passed: false, detail: `preview answered ${describe(preview)}` };
  const resumeId = jsonOf<{ uuid: string }>(preview).uuid;
  const linkBy = async (instance: Instance) => {
    const details = await call(instance.port, `/api/resume-details/${resumeId}`, { headers: bearer(t.token) });
    return details.status === 200 ? jsonOf<{ resumeUrl: string }>(details).resumeUrl : '';
  };
  const [linkA, linkB] = [await linkBy(c.a), await linkBy(c.b)];
  if (!linkA.startsWith('/api/resume-pdf/') || !linkB.startsWith('/api/resume-pdf/')) {
    return { passed: false, detail: `resume details gave no PDF links: ${JSON.stringify([linkA, linkB])}` };
  }
  const isThePdf = (r: Answer) =>
    r.status === 200 && r.headers['content-type'] === 'application/pdf' && r.body.equals(pdf);
  const aOnB = await call(c.b.port, linkA);
  const bOnA = await call(c.a.port, linkB);
  const throughNginx = [await call(c.lb, linkA), await call(c.lb, linkA)];
  const tampered = linkA.replace(/sig=([0-9a-f]*)([0-9a-f])$/, (_m, head: string, last: string) => {
    return `sig=${head}${last === '0' ? '1' : '0'}`;
  });
  const forged = await call(c.b.port, tampered);
  return {
    passed: isThePdf(aOnB) && isThePdf(bOnA) && throughNginx.every(isThePdf) && forged.status === 403,
    detail:
      `link made by A opened on B: ${aOnB.status}${isThePdf(aOnB) ? ', the uploaded PDF' : ''}; ` +
      `made by B opened on A: ${bOnA.status}${isThePdf(bOnA) ? ', the uploaded PDF' : ''}; ` +
      `through nginx ${throughNginx.filter(isThePdf).length}/2 (served by ${tally(throughNginx.map((r) => servedBy(c, r)))}); ` +
      `the same link with one signature digit changed: ${forged.status} on B`,
  };
}

// ---------------------------------------------------------------- 4

/** Wrong passwords for `email`, each from an address of its own, to `ports` in turn, until the first 429. */
async function failuresUntilRefused(ports: number[], email: string) {
  const served: Answer[] = [];
  for (let attempt = 1; attempt <= DOCUMENTED_LOGIN_LIMIT * 3; attempt++) {
    const answer = await call(ports[attempt % ports.length]!, '/api/login', {
      json: { email, password: 'not-the-password' },
      from: nextSourceAddress(),
    });
    if (answer.status === 429) return { failures: served.length, served, unexpected: [] as string[] };
    if (answer.status !== 401) return { failures: served.length, served, unexpected: [describe(answer)] };
    served.push(answer);
  }
  return { failures: served.length, served, unexpected: ['never refused'] };
}

async function loginLimitAcrossInstances(c: Cluster): Promise<Outcome> {
  // A write goes to either instance through nginx, at random: here each is asked in turn on its port.
  const spread = await failuresUntilRefused([c.a.port, c.b.port], `lockout-spread-${hex()}@example.com`);
  const single = await failuresUntilRefused([c.a.port], `lockout-single-${hex()}@example.com`);
  const unexpected = [...spread.unexpected, ...single.unexpected];
  return {
    passed:
      unexpected.length === 0 &&
      spread.failures === DOCUMENTED_LOGIN_LIMIT &&
      single.failures === DOCUMENTED_LOGIN_LIMIT,
    detail:
      `A and B in turn ${spread.failures} × 401, then 429; ` +
      `instance A alone ${single.failures} × 401, then 429; documented ${DOCUMENTED_LOGIN_LIMIT}` +
      (unexpected.length > 0 ? `; unexpected: ${unexpected.join('; ')}` : ''),
  };
}

// ---------------------------------------------------------------- 5

async function readYourWriteAcrossInstances(c: Cluster): Promise<Outcome> {
  const t = c.seed.reader;
  const [jobId, controlJobId] = [c.seed.jobIds[10]!, c.seed.jobIds[11]!];
  const savedOn = async (instance: Instance, job: string) => {
    const answer = await call(instance.port, `/api/job/${job}`, { headers: bearer(t.token) });
    if (answer.status !== 200) throw new Error(`GET /api/job on ${instance.name} answered ${describe(answer)}`);
    return jsonOf<{ job: { favoritedBy: string[] } }>(answer).job.favoritedBy.includes(t.id);
  };

  // The cache is really on: B keeps its answer while the row changes behind every version's back
  // (the database's triggers off for that one transaction, as no product code can write). Answers are
  // kept a second, hence three tries.
  const behindTheVersions = (write: (trx: Db) => Promise<unknown>) =>
    c.db.transaction().execute(async (trx) => {
      await sql`set local session_replication_role = replica`.execute(trx);
      await write(trx);
    });
  let cacheKeptStale = false;
  for (let attempt = 0; attempt < 3 && !cacheKeptStale; attempt++) {
    await savedOn(c.b, controlJobId);
    await behindTheVersions((trx) =>
      trx.insertInto('favorites').values({ user_id: t.id, job_id: controlJobId, created_at: Date.now() }).execute(),
    );
    cacheKeptStale = !(await savedOn(c.b, controlJobId));
    await behindTheVersions((trx) =>
      trx.deleteFrom('favorites').where('user_id', '=', t.id).where('job_id', '=', controlJobId).execute(),
    );
    if (!cacheKeptStale) await sleep(1_100);
  }

  let seen = 0;
  let warmedStale = 0;
  const misses: string[] = [];
  for (let round = 0; round < READ_YOUR_WRITE_ROUNDS; round++) {
    const save = round % 2 === 0;
    if ((await savedOn(c.b, jobId)) === save) warmedStale++; // warm B's cache (it still shows the old state)
    const path = save ? `/api/favorites/${t.id}/${jobId}` : `/api/favorites/remove/${t.id}/${jobId}`;
    const wrote = await call(c.a.port, path, { method: 'POST', headers: bearer(t.token) });
    if (wrote.status !== 200) {
      misses.push(`round ${round + 1}: the write through A answered ${describe(wrote)}`);
      continue;
    }
    if ((await savedOn(c.b, jobId)) === save) seen++;
    else misses.push(`round ${round + 1}: B still showed the job ${save ? 'unsaved' : 'saved'}`);
  }
  return {
    passed: cacheKeptStale && seen === READ_YOUR_WRITE_ROUNDS && warmedStale === 0,
    detail:
      `B's cache ${cacheKeptStale ? 'kept a stale answer while the row changed behind it (the cache is on)' : 'never kept a stale answer (is it on?)'}; ` +
      `${seen}/${READ_YOUR_WRITE_ROUNDS} reads on B right after a save or unsave through A showed it` +
      (warmedStale > 0 ? `; ${warmedStale} warming reads already showed the coming state` : '') +
      (misses.length > 0 ? `; ${misses.slice(0, 3).join('; ')}` : ''),
  };
}

// ---------------------------------------------------------------- 6

function messageIdOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/, 1)[0] ?? '';
  return /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? '';
}

async function outboxSendsOnce(c: Cluster): Promise<Outcome> {
  const addresses = Array.from({ length: SIGN_UPS }, (_, i) => `signup-${i}-${hex()}@example.com`);
  const queue = [...addresses];
  const answers: Answer[] = [];
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let email = queue.shift(); email; email = queue.shift()) {
        answers.push(
          await call(c.lb, '/api/register', {
            json: { email, password: `pw-${hex()}${hex()}` },
            from: nextSourceAddress(),
          }),
        );
      }
    }),
  );
  const created = answers.filter((r) => r.status === 201);
  const expected = [...addresses, ...c.seed.leftBehindTo];
  const mailsTo = (address: string) => c.mailbox.received.filter((m) => m.to.includes(address));
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline && expected.some((address) => mailsTo(address).length === 0)) await sleep(100);
  await sleep(1_500); // a second sending would have arrived by now
  const missing = expected.filter((address) => mailsTo(address).length === 0);
  const twice = expected.filter((address) => mailsTo(address).length > 1);
  const confirmations = addresses.filter((a) => mailsTo(a).some((m) => /confirm/i.test(m.subject))).length;
  const ids = c.mailbox.received.map((m) => messageIdOf(m.raw));
  const distinctIds = new Set(ids.filter(Boolean)).size;
  const unsent = await c.db
    .selectFrom('mail_outbox')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('sent_at', 'is', null)
    .executeTakeFirstOrThrow();
  const names = created.map((r) => servedBy(c, r));
  return {
    passed:
      created.length === SIGN_UPS &&
      both(names) &&
      missing.length === 0 &&
      twice.length === 0 &&
      confirmations === SIGN_UPS &&
      distinctIds === ids.length &&
      Number(unsent.n) === 0,
    detail:
      `${created.length}/${SIGN_UPS} sign-ups through nginx answered 201 (served by ${tally(names)}) → ` +
      `${confirmations} confirmation mails, one per address; ${LEFT_BEHIND_MAILS} mails left behind before the start, ` +
      `left to the start-up sweeps of both instances, started together → ` +
      `${c.seed.leftBehindTo.filter((a) => mailsTo(a).length === 1).length} sent once; ` +
      `${missing.length} addresses without mail, ${twice.length} with more than one; ` +
      `${ids.length} mails received in all, ${distinctIds} distinct Message-IDs; outbox rows unsent: ${Number(unsent.n)}`,
  };
}

// ---------------------------------------------------------------- 7

async function killUnderLoad(c: Cluster): Promise<Outcome> {
  const jobs = c.seed.jobIds;
  // nginx sends each address to one instance: enough of them that both instances have a share.
  const readPaths = [
    '/api/filter-jobs?country=japan',
    '/api/filter-jobs?country=japan&ageGroup=Adults',
    ...jobs.slice(0, 16).map((job) => `/api/job/${job}`),
    ...jobs.slice(16, 20).map((job) => `/api/job/images/${job}`),
    '/api/jobs/cities/japan',
    '/api/config',
    '/api/ready',
  ];
  const reads = { total: 0, ok: 0, failures: [] as string[], names: [] as string[], retried: 0, byBBeforeKill: 0 };
  const writes = { saves: [] as string[], contacts: [] as string[], refused502: 0, other: [] as string[] };
  let loading = true;
  let killed = false;

  const reader = async (n: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const from = nextSourceAddress();
    try {
      for (let i = n; loading; i++) {
        const urlPath = readPaths[i % readPaths.length]!;
        reads.total++;
        try {
          const answer = await call(c.lb, urlPath, { agent, from });
          const name = servedBy(c, answer);
          reads.names.push(name);
          if (answer.servedBy.length > 1) reads.retried++;
          if (name === 'B' && !killed) reads.byBBeforeKill++;
          if (answer.status === 200) reads.ok++;
          else reads.failures.push(`GET ${urlPath}: ${describe(answer)}`);
        } catch (err) {
          reads.failures.push(`GET ${urlPath}: ${err instanceof Error ? err.message : String(err)}`);
        }
      }
    } finally {
      agent.destroy();
    }
  };
  const writer = async (kind: 'save' | 'contact', n: number) => {
    const t = c.seed.writer;
    for (let i = n; loading; i += 2) {
      try {
        if (kind === 'save') {
          const jobId = jobs[i % jobs.length]!;
          const answer = await call(c.lb, `/api/favorites/${t.id}/${jobId}`, {
            method: 'POST',
            headers: bearer(t.token),
          });
          if (answer.status >= 200 && answer.status < 300) writes.saves.push(jobId);
          else if (answer.status === 502) writes.refused502++;
          else writes.other.push(`save: ${describe(answer)}`);
        } else {
          const text = `cluster load message ${randomUUID()}`;
          const answer = await call(c.lb, '/api/contact-us', {
            json: { email: `load-${hex()}@example.com`, subject: 'load', text },
            from: nextSourceAddress(),
          });
          if (answer.status >= 200 && answer.status < 300) writes.contacts.push(text);
          else if (answer.status === 502) writes.refused502++;
          else writes.other.push(`contact: ${describe(answer)}`);
        }
      } catch (err) {
        writes.other.push(`${kind}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }
  };

  const started = Date.now();
  const clients = [
    ...Array.from({ length: READERS }, (_, n) => reader(n)),
    writer('save', 0),
    writer('save', 1),
    writer('contact', 0),
    writer('contact', 1),
  ];
  await sleep(KILL_AT_MS);
  c.b.child.kill('SIGKILL');
  killed = true;
  const killedAt = Date.now() - started;
  await sleep(Math.max(0, LOAD_MS - (Date.now() - started)));
  loading = false;
  await withTimeout(Promise.all(clients), 20_000, 'the load clients');

  const savedRows = await c.db
    .selectFrom('favorites')
    .select('job_id')
    .where('user_id', '=', c.seed.writer.id)
    .execute();
  const saved = new Set(savedRows.map((r) => r.job_id));
  const lostSaves = [...new Set(writes.saves)].filter((id) => !saved.has(id));
  const storedTexts = new Set<string>();
  for (let i = 0; i < writes.contacts.length; i += 500) {
    const rows = await c.db
      .selectFrom('contact_messages')
      .select('text')
      .where('text', 'in', writes.contacts.slice(i, i + 500))
      .execute();
    for (const row of rows) storedTexts.add(row.text);
  }
  const lostContacts = writes.contacts.filter((text) => !storedTexts.has(text));

  // B comes back on its port and takes its share again; its start-up sweep sends nothing twice.
  const mailsBefore = c.mailbox.received.length;
  const restartedAt = Date.now();
  c.b = await startInstance('B', c.b.port, c.env, c.b.logFile);
  const backIn = Date.now() - restartedAt;
  const direct = await call(c.b.port, '/api/filter-jobs?country=japan');
  let throughNginx = false;
  let tries = 0;
  const deadline = Date.now() + 20_000;
  while (!throughNginx && Date.now() < deadline) {
    const answer = await call(c.lb, readPaths[tries++ % readPaths.length]!);
    throughNginx = answer.status === 200 && servedBy(c, answer) === 'B';
    if (!throughNginx) await sleep(100);
  }
  await sleep(1_000);
  const mailsAfter = c.mailbox.received.length;

  const acknowledged = writes.saves.length + writes.contacts.length;
  return {
    passed:
      reads.total > 0 &&
      reads.ok === reads.total &&
      reads.byBBeforeKill > 0 &&
      acknowledged > 0 &&
      lostSaves.length === 0 &&
      lostContacts.length === 0 &&
      writes.other.length === 0 &&
      direct.status === 200 &&
      throughNginx &&
      mailsAfter === mailsBefore,
    detail:
      `B killed (SIGKILL) at ${(killedAt / 1000).toFixed(1)} s of ${LOAD_MS / 1000} s; ` +
      `GETs through nginx: ${reads.ok}/${reads.total} answered 200 (served by ${tally(reads.names)}; ` +
      `${reads.retried} tried B first and were answered by A)` +
      (reads.failures.length > 0 ? ` failures: ${reads.failures.slice(0, 3).join('; ')}` : '') +
      `; writes: ${acknowledged} acknowledged (${writes.saves.length} saves, ${writes.contacts.length} contact messages), ` +
      `${lostSaves.length + lostContacts.length} of them missing from the database, ${writes.refused502} answered 502` +
      (writes.other.length > 0 ? `, ${writes.other.length} other: ${writes.other.slice(0, 3).join('; ')}` : '') +
      `; B restarted, ready in ${(backIn / 1000).toFixed(1)} s, answered ${direct.status} directly and ` +
      `${throughNginx ? `served through nginx again after ${tries} request(s)` : 'was not served through nginx within 20 s'}; ` +
      `mails sent by its start-up sweep: ${mailsAfter - mailsBefore}`,
  };
}

// ---------------------------------------------------------------- 8

/** Why `answer` is not `status` with the documented error body as JSON, or nothing when it is. */
function errorBodyProblem(what: string, answer: Answer, status: number): string[] {
  const type = String(answer.headers['content-type'] ?? '');
  if (answer.status !== status) return [`${what}: ${describe(answer)}, not ${status}`];
  if (!type.startsWith('application/json')) return [`${what}: ${status} came as ${type}: ${describe(answer)}`];
  let body: unknown;
  try {
    body = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return [`${what}: ${status} is not JSON: ${describe(answer)}`];
  }
  return ErrorBodySchema.strict().safeParse(body).success ? [] : [`${what}: not the error body: ${describe(answer)}`];
}

async function errorBodiesThroughNginx(c: Cluster): Promise<Outcome> {
  // A header as large as Node takes (a long bearer token, a big cookie) reaches an instance, which
  // decides: 401 with its error body, as without nginx.
  const bigHeader = await call(c.lb, '/api/logout', {
    method: 'POST',
    headers: { authorization: `Bearer ${'t'.repeat(10 * 1024)}` },
  });
  const problems = errorBodyProblem('a 10 KB Authorization', bigHeader, 401);
  if (bigHeader.servedBy.length === 0) problems.push('a 10 KB Authorization: answered by nginx, not an instance');

  // A body over nginx's client_max_body_size: nginx refuses it itself, before any instance.
  const text = 'a'.repeat(13 * 1024 * 1024);
  const tooLarge = await call(c.lb, '/api/contact-us', { json: { email: 'big@example.com', subject: 'big', text } });
  problems.push(...errorBodyProblem('a 13 MB body', tooLarge, 413));

  // Every instance down, as while all restart: the same deploy/nginx.conf in front of two ports
  // nothing listens on answers 502 itself.
  const down = await startNginx(
    path.join(c.dir, 'nginx-down'),
    await freePort(),
    [await freePort(), await freePort()],
    {
      instancesDown: true,
    },
  );
  const gone = await call(down.port, '/api/config');
  problems.push(...errorBodyProblem('both instances down', gone, 502));

  return {
    passed: problems.length === 0,
    detail:
      problems.join('; ') ||
      `10 KB Authorization ${bigHeader.status} from ${servedBy(c, bigHeader)}, 13 MB body ${tooLarge.status}, ` +
        `instances down ${gone.status}, each with the error body as JSON`,
  };
}

// ---------------------------------------------------------------- the run

const CHECKS: [string, (c: Cluster) => Promise<Outcome>][] = [
  ['a session made on one instance works on the other', sessionAcrossInstances],
  ['an upload through one instance is served by the other', uploadServedByTheOther],
  ['a signed resume link made by one instance opens on the other', signedLinkAcrossInstances],
  ['log-in failures spread over both instances meet 429 at the documented count', loginLimitAcrossInstances],
  ['read-your-write across instances with the answer cache on', readYourWriteAcrossInstances],
  ['each outbox mail is sent exactly once', outboxSendsOnce],
  ["nginx's own errors and a large header carry the error body", errorBodiesThroughNginx],
  // Last: it leaves instance B killed.
  ['an instance killed during load loses no GET and no acknowledged write', killUnderLoad],
];

async function seed(db: Db): Promise<Seed> {
  const now = Date.now();
  const account = (label: string) =>
    createAccount(db, {
      email: `${label}-${hex()}@cluster.example`,
      passwordHash: 'not-used',
      confirmedAt: now,
      createdAt: now,
    }).then((id) => id!);
  const schoolId = await account('school');
  const r = createRandom(11);
  const jobs = Array.from({ length: 400 }, (_, i) =>
    jobRow(r, {
      ownerId: schoolId,
      country: 'japan',
      countryLabel: 'Japan',
      city: r.pick(MAJOR_CITIES.japan),
      ageGroup: r.pick(['Children', 'Adolescents', 'University', 'Adults'] as const),
      publishedAt: now - (i + 1) * 60_000,
    }),
  );
  for (let i = 0; i < jobs.length; i += 100)
    await db
      .insertInto('jobs')
      .values(jobs.slice(i, i + 100))
      .execute();
  const teacher = async (label: string): Promise<Teacher> => {
    const id = await account(label);
    return { id, token: await createSession(db, id, now, 1) };
  };
  const leftBehindTo = Array.from({ length: LEFT_BEHIND_MAILS }, (_, i) => `left-behind-${i}-${hex()}@example.com`);
  for (const to of leftBehindTo) {
    await insertMail(
      db,
      { to, subject: 'Stored before a stop', text: 'Sent by whichever instance claims it.\n' },
      now - 600_000,
    );
  }
  return {
    jobIds: jobs.map((j) => j.id),
    uploader: await teacher('uploader'),
    reader: await teacher('reader'),
    writer: await teacher('writer'),
    leftBehindTo,
  };
}

async function startCluster(): Promise<Cluster> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-cluster-'));
  // nginx's workers (not root) reach their temporary folder through this one.
  fs.chmodSync(dir, 0o711);
  atCleanUp('removing the temporary folder', async () => fs.rmSync(dir, { recursive: true, force: true }));
  const logDir = path.join(dir, 'logs');
  fs.mkdirSync(logDir);
  process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));

  const redisUrl = new URL(process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379');
  redisUrl.pathname = '/7';
  await flushRedisDatabase(redisUrl.toString());
  atCleanUp('emptying the Redis database', () => flushRedisDatabase(redisUrl.toString()));

  const databaseUrl = await createDatabase(process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
  const base: Record<string, string> = {};
  for (const name of ['PATH', 'HOME', 'LANG', 'TZ', 'TMPDIR']) {
    const value = process.env[name];
    if (value !== undefined) base[name] = value;
  }
  await run('npm', ['run', 'migrate', '--silent'], { ...base, DATABASE_URL: databaseUrl }, 60_000);
  const db = createDb(databaseUrl);
  atCleanUp('closing the test connection', () => db.destroy());
  const seeded = await seed(db);

  const s3 = await startS3TestServer();
  atCleanUp('stopping the S3 server', () => s3.close());
  const mailbox = await startMailbox();
  atCleanUp('stopping the SMTP server', () => mailbox.close());

  const [portA, portB] = [await freePort(), await freePort()];
  const lbPort = await freePort();
  const env: Record<string, string> = {
    ...base,
    ...s3.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    MIGRATE_ON_START: '0',
    REDIS_URL: redisUrl.toString(),
    SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
    PUBLIC_URL: `http://127.0.0.1:${lbPort}`,
    SIGNING_SECRET: randomBytes(32).toString('hex'),
    TRUST_PROXY: '1',
    PAYMENT_PROVIDER: 'test',
    ALLOW_TEST_PAYMENTS: '1',
    RESPONSE_CACHE_MS: '1000',
    LOG_LEVEL: 'warn',
    // The AWS SDK's notice about an old Node (none on Node 24) would fill the logs shown on a failure.
    AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true',
  };
  process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED = 'true'; // this process reads the bucket too
  const [a, b] = await Promise.all([
    startInstance('A', portA, env, path.join(logDir, 'a.log')),
    startInstance('B', portB, env, path.join(logDir, 'b.log')),
  ]);
  const nginx = await startNginx(path.join(dir, 'nginx'), lbPort, [portA, portB]);
  return { db, bucket: createS3BlobStore(s3.settings), mailbox, a, b, lb: nginx.port, env, logDir, dir, seed: seeded };
}

async function main(): Promise<void> {
  const started = Date.now();
  let passed = 0;
  let failed = 0;
  let finished = false;
  let cluster: Cluster | undefined;
  const finish = async (reason?: string) => {
    if (finished) return;
    finished = true;
    if (reason) {
      console.log(`FAIL ${reason}`);
      failed += CHECKS.length - passed - failed;
    }
    if (failed > 0 && cluster) {
      for (const file of ['a.log', 'b.log']) console.log(`--- ${file}\n${tailOf(path.join(cluster.logDir, file))}`);
      console.log(`--- nginx error.log\n${tailOf(path.join(cluster.logDir, '..', 'nginx', 'logs', 'error.log'))}`);
    }
    await cleanUp();
    console.log(`took ${((Date.now() - started) / 1000).toFixed(1)} s`);
    console.log(`${passed} passed, ${failed} failed`);
    process.exit(failed > 0 ? 1 : 0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void finish(`stopped by ${signal}`));
  setTimeout(() => void finish(`the run took longer than ${RUN_LIMIT_MS / 1000} s`), RUN_LIMIT_MS).unref();

  try {
    cluster = await startCluster();
  } catch (err) {
    return finish(`could not start the parts: ${err instanceof Error ? err.message : String(err)}`);
  }
  console.log(
    `parts ready in ${((Date.now() - started) / 1000).toFixed(1)} s: PostgreSQL, Redis database 7, S3 (s3rver), SMTP, ` +
      `instances A :${cluster.a.port} and B :${cluster.b.port}, nginx :${cluster.lb} (deploy/nginx.conf)`,
  );
  for (const [index, [name, check]] of CHECKS.entries()) {
    const t0 = Date.now();
    let outcome: Outcome;
    try {
      outcome = await withTimeout(check(cluster), 60_000, name);
    } catch (err) {
      outcome = { passed: false, detail: err instanceof Error ? err.message : String(err) };
    }
    if (finished) return; // stopped meanwhile: the summary is out
    if (outcome.passed) passed++;
    else failed++;
    const seconds = ((Date.now() - t0) / 1000).toFixed(1);
    console.log(`${outcome.passed ? 'PASS' : 'FAIL'} ${index + 1}. ${name} (${seconds} s): ${outcome.detail}`);
  }
  await finish();
}

void main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
