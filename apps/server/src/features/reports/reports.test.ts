// Trust and safety over HTTP (BEYOND §9): reports of a posting, the hold three serious reports put on
// it, and what operators do about them under /api/operator/ (the report queue, held jobs, accounts and
// the audit log). Each refusal has a control beside it that goes through, so a test that passes shows
// the rule and not a route that refuses everything.
import { randomUUID } from 'node:crypto';
import type {
  AuditEntry,
  CitiesAnswer,
  CompareAnswer,
  HeldJobsAnswer,
  JobAnswer,
  JobSearchAnswer,
  OperatorJob,
  OperatorReport,
  OperatorUser,
  ReportReason,
  SchoolPageAnswer,
} from '@teacheast/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  grantCredits,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { createSession } from '../accounts/sessions.js';
import { sendDueAlerts } from '../alerts/service.js';
import { closeApplicationsOfClosedJobs } from '../applications/service.js';
import { holdJob, takeDownJob } from '../jobs/service.js';
import { createResume } from '../resumes/test-factories.js';
import { createOperator, createSchool } from '../schools/test-factories.js';

const MINUTE = 60_000;
const HOUR = 3_600_000;
const DAY = 86_400_000;
const DETAILS = 'They asked me to pay a visa fee before the interview.';
const SERIOUS: ReportReason[] = ['asks_for_money', 'fake_school', 'suspicious_contact'];
const CONTACT = { email: 'jobs@sunrise.example', phone: '+81 3 1234 5678', link: 'https://sunrise.example/jobs' };

describe(`reports and operator actions (${dialect})`, () => {
  let t: TestApp;
  let address = 0;
  /** Each request from its own address, so the per-address limit is met only where a test means it. */
  const from = () => ({ remoteAddress: `198.51.100.${(address++ % 250) + 1}` });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    await t.deps.mail.flush();
    t.mailbox.messages.length = 0;
    await t.db.deleteFrom('job_alerts').execute();
    await t.db.deleteFrom('job_reports').execute();
    await t.db.deleteFrom('audit_log').execute();
    await t.db.deleteFrom('jobs').execute();
    // The report limits count by the hour: each test starts with none of them used.
    t.clock.advance(HOUR + 1);
  });

  // ---- requests ----

  const report = (
    user: TestUser | null,
    jobId: string,
    payload: Record<string, unknown> = { reason: 'asks_for_money', details: DETAILS },
    remote: { remoteAddress: string } = from(),
  ) =>
    t.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/reports`,
      headers: user ? user.auth : {},
      payload,
      ...remote,
    });

  const asOperator = (operator: TestUser, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.inject({ method, url, headers: operator.auth, ...(payload === undefined ? {} : { payload }) });

  async function openReports(operator: TestUser): Promise<OperatorReport[]> {
    const res = await asOperator(operator, 'GET', '/api/operator/reports');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ reports: OperatorReport[] }>().reports;
  }

  const resolve = (operator: TestUser, id: string, payload: Record<string, unknown>) =>
    asOperator(operator, 'POST', `/api/operator/reports/${id}/resolve`, payload);

  const release = (operator: TestUser, jobId: string, payload?: Record<string, unknown>) =>
    asOperator(operator, 'POST', `/api/operator/jobs/${jobId}/release`, payload);

  async function heldJobs(operator: TestUser): Promise<OperatorJob[]> {
    const res = await asOperator(operator, 'GET', '/api/operator/jobs/held');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<HeldJobsAnswer>().jobs;
  }

  async function auditEntries(operator: TestUser): Promise<AuditEntry[]> {
    const res = await asOperator(operator, 'GET', '/api/operator/audit');
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ entries: AuditEntry[] }>().entries;
  }

  /** The audit rows of operators' actions (making an operator writes one of the admin command too). */
  const operatorAuditRows = () =>
    t.db.selectFrom('audit_log').selectAll().where('actor_id', 'is not', null).orderBy('at').execute();

  // ---- what the public sees ----

  async function searchIds(query = ''): Promise<string[]> {
    const res = await t.inject({ method: 'GET', url: `/api/filter-jobs?country=japan&page=1${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<JobSearchAnswer>().results.map((j) => j.uuid);
  }
  const sitemapHas = async (id: string) => (await t.inject({ url: '/sitemap.xml' })).body.includes(`/posting/${id}`);
  const feedHas = async (id: string) => (await t.inject({ url: '/feed.xml' })).body.includes(`/posting/${id}`);
  async function compare(ids: string[]): Promise<CompareAnswer> {
    const res = await t.inject({ method: 'GET', url: `/api/compare?ids=${ids.join(',')}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CompareAnswer>();
  }
  async function posting(id: string, user: TestUser | null = null): Promise<JobAnswer['job']> {
    const res = await t.inject({ method: 'GET', url: `/api/job/${id}`, headers: user ? user.auth : {} });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<JobAnswer>().job;
  }
  async function tokyoCount(): Promise<number> {
    const res = await t.inject({ method: 'GET', url: '/api/jobs/cities/japan' });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CitiesAnswer>().find((c) => c.city === 'Tokyo')?.count ?? 0;
  }
  const contactOf = (job: JobAnswer['job']) => ({ email: job.email, phone: job.phone, link: job.link });

  // ---- the database ----

  async function jobRow(id: string) {
    const row = await t.db
      .selectFrom('jobs')
      .select(['published_at', 'held_at', 'held_published_at', 'taken_down_at', 'taken_down_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    const n = (v: number | string | null) => (v === null ? null : Number(v));
    return {
      published_at: n(row.published_at),
      held_at: n(row.held_at),
      held_published_at: n(row.held_published_at),
      taken_down_at: n(row.taken_down_at),
      taken_down_reason: row.taken_down_reason,
    };
  }
  const isHeld = async (id: string) => (await jobRow(id)).held_at !== null;
  const reportRows = (jobId: string) =>
    t.db.selectFrom('job_reports').selectAll().where('job_id', '=', jobId).orderBy('created_at').execute();

  // ---- factories ----

  /** A live Tokyo posting of `owner` with an e-mail, a phone and a link to reach the school by. */
  async function contactJob(owner: TestUser | null, title = 'Kindergarten Lead Teacher'): Promise<string> {
    const id = await createPublishedJob(t, owner?.id ?? null, { title });
    await t.db.updateTable('jobs').set({ phone: CONTACT.phone, link: CONTACT.link }).where('id', '=', id).execute();
    return id;
  }

  async function unconfirmedUser(): Promise<TestUser> {
    const user = await createUser(t);
    await t.db.updateTable('users').set({ confirmed_at: null }).where('id', '=', user.id).execute();
    return user;
  }

  /** Reports `jobId` by a new confirmed user for each reason; each answered 201. */
  async function reportBy(jobId: string, reasons: readonly ReportReason[]): Promise<TestUser[]> {
    const reporters: TestUser[] = [];
    for (const reason of reasons) {
      const user = await createUser(t);
      const res = await report(user, jobId, { reason, details: DETAILS });
      expect(res.statusCode, res.body).toBe(201);
      reporters.push(user);
    }
    return reporters;
  }

  const ownerMails = async (to: string, subject: RegExp) => {
    await t.deps.mail.flush();
    return t.mailbox.to(to).filter((m) => subject.test(m.subject));
  };

  describe('reporting a posting', () => {
    it('takes a report of a live posting from anyone, signed in or not', async () => {
      const owner = await createUser(t);
      const jobId = await contactJob(owner);
      const user = await createUser(t);

      const anonymous = await report(null, jobId, {
        reason: 'fake_school',
        details: '  The school address is a car park.  ',
      });
      expect(anonymous.statusCode, anonymous.body).toBe(201);
      expect(anonymous.headers['cache-control']).toBe('private, no-store');
      expect(anonymous.json()).toEqual({
        message: 'Thank you. TeachEast will look at this job.',
        report: {
          id: expect.any(String) as string,
          reason: 'fake_school',
          createdAt: new Date(t.clock.now()).toISOString(),
        },
      });
      const signedIn = await report(user, jobId, {
        reason: 'terms_differ',
        details: 'The pay is half of what the ad says.',
      });
      expect(signedIn.statusCode, signedIn.body).toBe(201);

      const rows = await reportRows(jobId);
      expect(rows.map((r) => ({ user: r.user_id, reason: r.reason, details: r.details, status: r.status }))).toEqual([
        { user: null, reason: 'fake_school', details: 'The school address is a car park.', status: 'open' },
        { user: user.id, reason: 'terms_differ', details: 'The pay is half of what the ad says.', status: 'open' },
      ]);
      // The operators' queue names the reporter, or nobody for a report without an account.
      const operator = await createOperator(t);
      const queue = await openReports(operator);
      expect(queue.map((r) => [r.reporterEmail, r.reason, r.openReportsOfJob, r.job.uuid, r.job.state])).toEqual(
        expect.arrayContaining([
          [null, 'fake_school', 2, jobId, 'live'],
          [user.email, 'terms_differ', 2, jobId, 'live'],
        ]),
      );
      expect(queue).toHaveLength(2);
      // A report changes nothing the public sees.
      expect(await searchIds()).toContain(jobId);
    });

    it('answers 404 for an unknown, draft, expired, held or taken-down job, and stores nothing', async () => {
      const owner = await createUser(t);
      const user = await createUser(t);
      const now = t.clock.now();
      const live = await createPublishedJob(t, owner.id);
      const nearlyExpired = await createPublishedJob(t, owner.id, { published_at: now - 44 * DAY });
      const draft = await createPublishedJob(t, owner.id, { published_at: null });
      const expired = await createPublishedJob(t, owner.id, { published_at: now - 46 * DAY });
      const held = await createPublishedJob(t, owner.id);
      expect(await holdJob(t.db, held, now)).toBe(true);
      const takenDown = await createPublishedJob(t, owner.id);
      expect(await takeDownJob(t.db, takenDown, 'Spam', now)).toBe(true);

      for (const jobId of [randomUUID(), draft, expired, held, takenDown]) {
        for (const caller of [null, user]) {
          const res = await report(caller, jobId);
          expect([jobId, res.statusCode], res.body).toEqual([jobId, 404]);
          expect(res.json()).toMatchObject({ error: true, message: 'This job was not found.' });
        }
      }
      // Not even its owner may report their draft.
      expect((await report(owner, draft)).statusCode).toBe(404);
      expect(await t.db.selectFrom('job_reports').select('id').execute()).toEqual([]);
      // Live ones, to the last day of their 45, take reports.
      for (const jobId of [live, nearlyExpired]) {
        expect((await report(null, jobId)).statusCode).toBe(201);
        expect((await report(user, jobId)).statusCode).toBe(201);
      }
      // A malformed id is a bad request.
      expect((await report(user, 'not-a-uuid')).statusCode).toBe(400);
    });

    it('refuses a reason not on the list, details under 10 or over 2000 characters, and unknown keys', async () => {
      const jobId = await createPublishedJob(t, (await createUser(t)).id);
      const cases: [Record<string, unknown>, string][] = [
        [{ reason: 'rude', details: DETAILS }, 'reason'],
        [{ details: DETAILS }, 'reason'],
        [{ reason: 'other', details: '123456789' }, 'details'],
        // Counted after the spaces around it are trimmed.
        [{ reason: 'other', details: `   ${'x'.repeat(9)}   ` }, 'details'],
        [{ reason: 'other', details: 'x'.repeat(2001) }, 'details'],
        [{ reason: 'other' }, 'details'],
        [{ reason: 'other', details: 'Null\u0000byte in it here' }, 'details'],
      ];
      for (const [payload, field] of cases) {
        const res = await report(await createUser(t), jobId, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json<{ fields: Record<string, string> }>().fields, JSON.stringify(payload)).toHaveProperty(field);
      }
      const extra = await report(await createUser(t), jobId, { reason: 'other', details: DETAILS, userId: 'someone' });
      expect(extra.statusCode, extra.body).toBe(400);
      expect(extra.json()).toMatchObject({ error: true, errorType: 'VALIDATION' });
      expect(await reportRows(jobId)).toEqual([]);

      // The limits themselves are allowed.
      for (const details of ['x'.repeat(10), 'x'.repeat(2000), `  ${'y'.repeat(10)}  `]) {
        const res = await report(await createUser(t), jobId, { reason: 'other', details });
        expect([details.length, res.statusCode], res.body).toEqual([details.length, 201]);
      }
      expect(await reportRows(jobId)).toHaveLength(3);
    });

    it('refuses a second open report by the same user with 409 ALREADY_REPORTED, and takes one again once dismissed', async () => {
      const owner = await createUser(t);
      const jobId = await createPublishedJob(t, owner.id);
      const otherJob = await createPublishedJob(t, owner.id);
      const user = await createUser(t);
      const operator = await createOperator(t);

      expect((await report(user, jobId)).statusCode).toBe(201);
      const again = await report(user, jobId, { reason: 'other', details: 'Something else is wrong too.' });
      expect(again.statusCode, again.body).toBe(409);
      expect(again.json()).toMatchObject({ error: true, errorType: 'ALREADY_REPORTED' });
      // The same user on another job, and another user on this one, are new reports.
      expect((await report(user, otherJob)).statusCode).toBe(201);
      expect((await report(await createUser(t), jobId)).statusCode).toBe(201);
      // Without an account there is no one to recognise: the address limit is the only bound.
      const address = from();
      expect((await report(null, jobId, undefined, address)).statusCode).toBe(201);
      expect((await report(null, jobId, undefined, address)).statusCode).toBe(201);

      const mine = (await reportRows(jobId)).filter((r) => r.user_id === user.id);
      expect(mine).toHaveLength(1);
      const dismissed = await resolve(operator, mine[0]!.id, { action: 'dismiss', note: 'Not a scam' });
      expect(dismissed.statusCode, dismissed.body).toBe(200);
      const afterDismissal = await report(user, jobId, {
        reason: 'suspicious_contact',
        details: 'Now they ask for WhatsApp.',
      });
      expect(afterDismissal.statusCode, afterDismissal.body).toBe(201);
      expect((await report(user, jobId)).statusCode).toBe(409);
      expect((await reportRows(jobId)).filter((r) => r.user_id === user.id).map((r) => r.status)).toEqual([
        'dismissed',
        'open',
      ]);
    });

    it('stores one of two identical reports sent at once by one user: one 201, one 409', async () => {
      const jobId = await createPublishedJob(t, (await createUser(t)).id);
      // A few rounds, so the two requests overlap in the database at least once.
      for (let round = 0; round < 5; round++) {
        const user = await createUser(t);
        const answers = await Promise.all([
          report(user, jobId, { reason: 'other', details: DETAILS }),
          report(user, jobId, { reason: 'other', details: DETAILS }),
        ]);
        expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([201, 409]);
        expect(answers.find((r) => r.statusCode === 409)!.json()).toMatchObject({ errorType: 'ALREADY_REPORTED' });
        expect((await reportRows(jobId)).filter((r) => r.user_id === user.id)).toHaveLength(1);
      }
    });

    it('limits reports without an account to 5 an hour per client address; other addresses and accounts go on', async () => {
      const jobId = await createPublishedJob(t, (await createUser(t)).id);
      const address = { remoteAddress: '203.0.113.45' };
      for (let i = 0; i < 5; i++) expect((await report(null, jobId, undefined, address)).statusCode).toBe(201);
      const flood = await report(null, jobId, undefined, address);
      expect(flood.statusCode, flood.body).toBe(429);
      expect(flood.json()).toMatchObject({ error: true, errorType: 'RATE_LIMITED' });
      // Another address, and a signed-in user at the same address, are still heard.
      expect((await report(null, jobId, undefined, { remoteAddress: '203.0.113.46' })).statusCode).toBe(201);
      expect((await report(await createUser(t), jobId, undefined, address)).statusCode).toBe(201);
      expect(await reportRows(jobId)).toHaveLength(7);
      // The next hour the address may report again.
      t.clock.advance(HOUR + 1);
      expect((await report(null, jobId, undefined, address)).statusCode).toBe(201);
    });
  });

  describe('held for review', () => {
    it('holds a job three confirmed users report for serious reasons: gone from every list, under review, the owner mailed', async () => {
      const owner = await createUser(t);
      const stranger = await createUser(t);
      const operator = await createOperator(t);
      const jobId = await contactJob(owner, 'Zebrafish Science Teacher');
      const control = await contactJob(owner, 'Marine Biology Teacher');
      const publishedAt = t.clock.now();
      const before = await posting(jobId);
      expect(before).toMatchObject({ status: 'published', underReview: false, takenDown: false, ...CONTACT });

      // Two reports do not hold it.
      const reporters = await reportBy(jobId, SERIOUS.slice(0, 2));
      expect(await isHeld(jobId)).toBe(false);
      expect(await searchIds()).toContain(jobId);
      expect(await searchIds('&q=zebrafish')).toEqual([jobId]);
      expect(await sitemapHas(jobId)).toBe(true);
      expect(await feedHas(jobId)).toBe(true);
      expect((await compare([jobId, control])).missing).toEqual([]);
      expect(await tokyoCount()).toBe(2);

      t.clock.advance(MINUTE);
      reporters.push(...(await reportBy(jobId, SERIOUS.slice(2))));
      const heldAt = t.clock.now();
      expect(await jobRow(jobId)).toMatchObject({
        held_at: heldAt,
        held_published_at: publishedAt,
        taken_down_at: null,
      });

      // It leaves search (and keyword search), the sitemap, the feed and compare; the other job stays.
      const search = await searchIds();
      expect(search).not.toContain(jobId);
      expect(search).toContain(control);
      expect(await searchIds('&q=zebrafish')).toEqual([]);
      expect(await searchIds('&q=marine')).toEqual([control]);
      expect(await sitemapHas(jobId)).toBe(false);
      expect(await sitemapHas(control)).toBe(true);
      expect(await feedHas(jobId)).toBe(false);
      expect(await feedHas(control)).toBe(true);
      const compared = await compare([jobId, control]);
      expect(compared.missing).toEqual([jobId]);
      expect(compared.jobs.map((j) => j.uuid)).toEqual([control]);
      expect(await tokyoCount()).toBe(1);

      // Its page says under review; the way to reach the school is there only for its owner and operators.
      for (const caller of [null, stranger, ...reporters]) {
        const job = await posting(jobId, caller);
        expect(job.underReview).toBe(true);
        expect(job.takenDown).toBe(false);
        expect(job.status).not.toBe('published');
        expect(contactOf(job), caller?.email ?? 'anonymous').toEqual({ email: '', phone: '', link: '' });
      }
      for (const caller of [owner, operator]) {
        const job = await posting(jobId, caller);
        expect(job.underReview).toBe(true);
        expect(contactOf(job), caller.email).toEqual(CONTACT);
      }
      expect(await posting(control)).toMatchObject({
        underReview: false,
        takenDown: false,
        status: 'published',
        ...CONTACT,
      });

      // The owner is told, once; the reporters are not.
      const mails = await ownerMails(owner.email, /under review/);
      expect(mails.map((m) => m.subject)).toEqual([
        'Your posting is under review: Zebrafish Science Teacher at Sunrise Academy',
      ]);
      expect(mails[0]!.text).toContain(`${t.config.publicUrl}/contact-us`);
      for (const reporter of reporters) expect(t.mailbox.to(reporter.email)).toEqual([]);

      // No more reports of it; the operators see it held.
      expect((await report(await createUser(t), jobId)).statusCode).toBe(404);
      expect(await heldJobs(operator)).toEqual([
        {
          uuid: jobId,
          title: 'Zebrafish Science Teacher',
          companyName: 'Sunrise Academy',
          country: 'japan',
          city: 'Tokyo',
          ownerEmail: owner.email,
          state: 'held',
          heldAt: new Date(heldAt).toISOString(),
        },
      ]);
      const queue = await openReports(operator);
      expect(queue.map((r) => [r.job.uuid, r.job.state, r.openReportsOfJob])).toEqual([
        [jobId, 'held', 3],
        [jobId, 'held', 3],
        [jobId, 'held', 3],
      ]);
    });

    it('leaves a held job out of the next job alert mail, and sends the others', async () => {
      const owner = await createUser(t);
      const teacher = await createUser(t);
      const created = await t.inject({
        method: 'POST',
        url: '/api/job-alerts',
        headers: teacher.auth,
        payload: { country: 'japan', frequency: 'daily' },
        ...from(),
      });
      expect(created.statusCode, created.body).toBe(201);
      t.clock.advance(1000);
      const held = await createPublishedJob(t, owner.id, {
        title: 'Held Phonics Teacher',
        company_name: 'Crane School',
      });
      await createPublishedJob(t, owner.id, { title: 'Open Phonics Teacher', company_name: 'Heron School' });
      await reportBy(held, SERIOUS);
      expect(await isHeld(held)).toBe(true);

      expect(await sendDueAlerts(t.deps, { everyAlert: true })).toEqual({ mails: 1, jobs: 1 });
      await t.deps.mail.flush();
      const [mail, ...more] = t.mailbox.to(teacher.email).filter((m) => /new job/.test(m.subject));
      expect(more).toEqual([]);
      expect(mail!.text).toContain('Open Phonics Teacher at Heron School');
      expect(mail!.text).not.toContain('Held Phonics Teacher');
    });

    it('holds a job once, mailing its owner once, when three users report it at the same moment', async () => {
      const owner = await createUser(t);
      const jobId = await createPublishedJob(t, owner.id, { title: 'Raced Teacher' });
      const users = await Promise.all(SERIOUS.map(() => createUser(t)));
      const answers = await Promise.all(
        users.map((user, i) => report(user, jobId, { reason: SERIOUS[i], details: DETAILS })),
      );
      expect(
        answers.map((r) => r.statusCode),
        answers.map((r) => r.body).join('\n'),
      ).toEqual([201, 201, 201]);
      expect(await isHeld(jobId)).toBe(true);
      expect(await ownerMails(owner.email, /under review/)).toHaveLength(1);
    });

    describe('what does not hold a job', () => {
      it('two serious reports', async () => {
        const jobId = await createPublishedJob(t, (await createUser(t)).id);
        await reportBy(jobId, ['asks_for_money', 'asks_for_money']);
        expect(await isHeld(jobId)).toBe(false);
        // The third does.
        await reportBy(jobId, ['asks_for_money']);
        expect(await isHeld(jobId)).toBe(true);
      });

      it('a reporter whose e-mail is not confirmed', async () => {
        const owner = await createUser(t);
        const jobId = await createPublishedJob(t, owner.id);
        const unconfirmed = await unconfirmedUser();
        expect((await report(unconfirmed, jobId, { reason: 'fake_school', details: DETAILS })).statusCode).toBe(201);
        await reportBy(jobId, ['asks_for_money', 'suspicious_contact']);
        expect(await isHeld(jobId)).toBe(false);
        expect(await ownerMails(owner.email, /under review/)).toEqual([]);
        // A third confirmed one does.
        await reportBy(jobId, ['fake_school']);
        expect(await isHeld(jobId)).toBe(true);
      });

      it("the owner's own report", async () => {
        const owner = await createUser(t);
        const jobId = await createPublishedJob(t, owner.id);
        expect((await report(owner, jobId, { reason: 'fake_school', details: DETAILS })).statusCode).toBe(201);
        await reportBy(jobId, ['asks_for_money', 'suspicious_contact']);
        expect(await isHeld(jobId)).toBe(false);
        await reportBy(jobId, ['fake_school']);
        expect(await isHeld(jobId)).toBe(true);
      });

      it('reports older than 7 days', async () => {
        const stale = await createPublishedJob(t, (await createUser(t)).id);
        await reportBy(stale, ['asks_for_money', 'fake_school']);
        const recent = await createPublishedJob(t, (await createUser(t)).id);
        await reportBy(recent, ['asks_for_money', 'fake_school']);
        t.clock.advance(6 * DAY + 23 * HOUR);
        // Within the week: the third holds it.
        await reportBy(recent, ['suspicious_contact']);
        expect(await isHeld(recent)).toBe(true);
        t.clock.advance(HOUR + MINUTE);
        // Past it: the first two no longer count…
        await reportBy(stale, ['suspicious_contact']);
        expect(await isHeld(stale)).toBe(false);
        // …and two more recent ones make three again.
        await reportBy(stale, ['suspicious_contact']);
        expect(await isHeld(stale)).toBe(false);
        await reportBy(stale, ['asks_for_money']);
        expect(await isHeld(stale)).toBe(true);
      });

      it('reports for a reason that is not serious', async () => {
        const jobId = await createPublishedJob(t, (await createUser(t)).id);
        await reportBy(jobId, ['filled', 'other', 'wrong_visa', 'terms_differ', 'discriminatory']);
        expect(await isHeld(jobId)).toBe(false);
        // Two serious ones with those still make only two.
        await reportBy(jobId, ['asks_for_money', 'fake_school']);
        expect(await isHeld(jobId)).toBe(false);
        await reportBy(jobId, ['suspicious_contact']);
        expect(await isHeld(jobId)).toBe(true);
      });

      it('reports without an account', async () => {
        const jobId = await createPublishedJob(t, (await createUser(t)).id);
        for (const reason of [...SERIOUS, ...SERIOUS]) {
          expect((await report(null, jobId, { reason, details: DETAILS })).statusCode).toBe(201);
        }
        await reportBy(jobId, ['asks_for_money', 'fake_school']);
        expect(await isHeld(jobId)).toBe(false);
        await reportBy(jobId, ['suspicious_contact']);
        expect(await isHeld(jobId)).toBe(true);
      });
    });

    it('keeps the applications to a held job open through the hourly sweep, so a release gives the job back as it was', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      const teacher = await createUser(t);
      await createResume(t, teacher.id, { published_at: t.clock.now() });
      const held = await createPublishedJob(t, owner.id, { title: 'Briefly Held Teacher' });
      const ending = await createPublishedJob(t, owner.id, { published_at: t.clock.now() - 44 * DAY });
      for (const jobId of [held, ending]) {
        const applied = await t.inject({
          method: 'POST',
          url: `/api/jobs/${jobId}/applications`,
          headers: teacher.auth,
          payload: { coverLetter: 'Hello' },
        });
        expect(applied.statusCode, applied.body).toBe(201);
      }
      await reportBy(held, SERIOUS);
      // The job that reached the end of its 45 days has its application closed by the sweep (the control)…
      t.clock.advance(DAY + HOUR);
      await closeApplicationsOfClosedJobs(t.deps);
      const statusOf = async (jobId: string) =>
        (
          await t.db
            .selectFrom('applications')
            .select('status')
            .where('job_id', '=', jobId)
            .where('user_id', '=', teacher.id)
            .executeTakeFirstOrThrow()
        ).status;
      expect(await statusOf(ending)).toBe('closed');
      // …the held one is only waiting for review: released, it is live with its applicant still in.
      expect((await release(operator, held)).statusCode).toBe(200);
      expect((await posting(held)).status).toBe('published');
      expect(await statusOf(held)).toBe('submitted');
    });

    it("leaves the school's first publication date as it was while its job is held", async () => {
      const owner = await createUser(t);
      const school = await createSchool(t, owner);
      const schoolId = (
        await t.db.selectFrom('schools').select('id').where('slug', '=', school.slug).executeTakeFirstOrThrow()
      ).id;
      const jobId = await createPublishedJob(t, owner.id);
      await t.db.updateTable('jobs').set({ school_id: schoolId }).where('id', '=', jobId).execute();
      const page = async () => {
        const res = await t.inject({ method: 'GET', url: `/api/schools/${school.slug}` });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<SchoolPageAnswer>();
      };
      const before = await page();
      expect(before.jobs.map((j) => j.uuid)).toEqual([jobId]);
      expect(before.since).toBe(new Date(t.clock.now()).toISOString().slice(0, 10));
      await reportBy(jobId, SERIOUS);
      const during = await page();
      // Held, it leaves the school's live jobs…
      expect(during.jobs).toEqual([]);
      // …but the school did not start publishing 45 days earlier.
      expect(during.since).toBe(before.since);
    });

    it('refuses to relist a held job with 409 JOB_UNDER_REVIEW, even after its lifetime; an expired job relists', async () => {
      const owner = await createUser(t);
      await grantCredits(t, owner.id, 2);
      const jobId = await createPublishedJob(t, owner.id);
      const expired = await createPublishedJob(t, owner.id, { published_at: t.clock.now() - 46 * DAY });
      await reportBy(jobId, SERIOUS);
      expect(await isHeld(jobId)).toBe(true);
      const relist = (id: string, user: TestUser) =>
        t.inject({ method: 'POST', url: `/api/jobs/relist/${id}/${user.id}`, headers: user.auth, payload: {} });

      const refused = await relist(jobId, owner);
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json()).toMatchObject({ error: true, errorType: 'JOB_UNDER_REVIEW' });
      // Its original 45 days over, it is still under review.
      t.clock.advance(46 * DAY);
      const later = {
        ...owner,
        auth: { authorization: `Bearer ${await createSession(t.db, owner.id, t.clock.now(), 30)}` },
      };
      const stillRefused = await relist(jobId, later);
      expect(stillRefused.statusCode, stillRefused.body).toBe(409);
      expect(stillRefused.json()).toMatchObject({ errorType: 'JOB_UNDER_REVIEW' });
      // Publishing it again is not a way round.
      const publish = await t.inject({
        method: 'POST',
        url: `/api/job/publish/${jobId}/${owner.id}`,
        headers: later.auth,
        payload: {},
      });
      expect(publish.statusCode, publish.body).not.toBe(200);
      expect(await isHeld(jobId)).toBe(true);
      // A job that expired without a hold relists.
      expect((await relist(expired, later)).statusCode).toBe(201);
    });
  });

  describe('operators resolve reports', () => {
    it('dismiss resolves that report only: it leaves the queue, the job stays live, the others stay open', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      const jobId = await createPublishedJob(t, owner.id);
      const [first, second] = await reportBy(jobId, ['asks_for_money', 'other']);
      const firstReport = (await reportRows(jobId)).find((r) => r.user_id === first!.id)!;
      t.clock.advance(MINUTE);

      const res = await resolve(operator, firstReport.id, {
        action: 'dismiss',
        note: 'The fee is a refundable deposit for the flat',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.json()).toEqual({
        id: firstReport.id,
        status: 'dismissed',
        resolvedAt: new Date(t.clock.now()).toISOString(),
      });

      const queue = await openReports(operator);
      expect(queue.map((r) => [r.reporterEmail, r.openReportsOfJob])).toEqual([[second!.email, 1]]);
      const rows = await reportRows(jobId);
      expect(rows.map((r) => [r.user_id, r.status, r.resolved_by, r.note])).toEqual([
        [first!.id, 'dismissed', operator.id, 'The fee is a refundable deposit for the flat'],
        [second!.id, 'open', null, null],
      ]);
      expect(await jobRow(jobId)).toMatchObject({ held_at: null, taken_down_at: null });
      expect(await searchIds()).toContain(jobId);
      await t.deps.mail.flush();
      expect(t.mailbox.messages).toEqual([]);
      expect((await auditEntries(operator))[0]).toMatchObject({
        actor: operator.email,
        action: 'report.dismiss',
        subjectKind: 'report',
        subjectId: firstReport.id,
        note: 'The fee is a refundable deposit for the flat',
      });
    });

    it('remove takes the job down for good, resolves its open reports, mails owner, applicants and savers once each, and is audited', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      const jobId = await contactJob(owner, 'Too Good Teacher');
      const otherJob = await createPublishedJob(t, owner.id, { title: 'Other Teacher' });
      const applicant = await createUser(t);
      const saver = await createUser(t);
      const both = await createUser(t);
      const elsewhere = await createUser(t);
      for (const teacher of [applicant, both]) {
        await createResume(t, teacher.id, { published_at: t.clock.now() });
        const applied = await t.inject({
          method: 'POST',
          url: `/api/jobs/${jobId}/applications`,
          headers: teacher.auth,
          payload: { coverLetter: 'I would love to teach here.' },
        });
        expect(applied.statusCode, applied.body).toBe(201);
      }
      for (const [teacher, job] of [
        [saver, jobId],
        [both, jobId],
        [elsewhere, otherJob],
      ] as const) {
        const saved = await t.inject({
          method: 'POST',
          url: `/api/favorites/${teacher.id}/${job}`,
          headers: teacher.auth,
        });
        expect(saved.statusCode, saved.body).toBe(200);
      }
      const [moneyReporter, otherReporter] = await reportBy(jobId, ['asks_for_money', 'other']);
      expect((await report(null, jobId, { reason: 'fake_school', details: DETAILS })).statusCode).toBe(201);
      const [unrelated] = await reportBy(otherJob, ['filled']);
      await t.deps.mail.flush();
      t.mailbox.messages.length = 0;
      const target = (await reportRows(jobId)).find((r) => r.user_id === moneyReporter!.id)!;
      t.clock.advance(MINUTE);

      const res = await resolve(operator, target.id, { action: 'remove', note: 'Asked three teachers for a visa fee' });
      expect(res.statusCode, res.body).toBe(200);
      const now = t.clock.now();
      expect(res.json()).toEqual({ id: target.id, status: 'removed', resolvedAt: new Date(now).toISOString() });

      // Every open report of it is resolved; the other job's report stays in the queue.
      expect((await reportRows(jobId)).map((r) => [r.status, r.resolved_by, Number(r.resolved_at)])).toEqual([
        ['removed', operator.id, now],
        ['removed', operator.id, now],
        ['removed', operator.id, now],
      ]);
      expect((await openReports(operator)).map((r) => [r.job.uuid, r.reporterEmail])).toEqual([
        [otherJob, unrelated!.email],
      ]);

      // Taken down as `jobs unpublish` takes a job down.
      const row = await jobRow(jobId);
      expect(row).toMatchObject({ taken_down_at: now, held_at: null });
      expect(row.taken_down_reason).toContain('asks teachers for money');
      expect(await searchIds()).not.toContain(jobId);
      expect(await searchIds()).toContain(otherJob);
      expect(await sitemapHas(jobId)).toBe(false);
      for (const url of [`/api/job/publish/${jobId}/${owner.id}`, `/api/jobs/relist/${jobId}/${owner.id}`]) {
        const refused = await t.inject({ method: 'POST', url, headers: owner.auth, payload: {} });
        expect(refused.statusCode, url).toBe(409);
        expect(refused.json(), url).toMatchObject({ error: true, errorType: 'JOB_TAKEN_DOWN' });
      }
      // Its page no longer gives a way to reach the school, except to its owner.
      expect(contactOf(await posting(jobId))).toEqual({ email: '', phone: '', link: '' });
      expect(contactOf(await posting(jobId, applicant))).toEqual({ email: '', phone: '', link: '' });
      expect(contactOf(await posting(jobId, owner))).toEqual(CONTACT);
      // Its page says it was taken down, not merely expired, to everyone; the other job is live.
      for (const caller of [null, applicant, owner, operator]) {
        expect(await posting(jobId, caller), caller?.email ?? 'anonymous').toMatchObject({
          status: 'expired',
          underReview: false,
          takenDown: true,
        });
      }
      expect(await posting(otherJob)).toMatchObject({ status: 'published', underReview: false, takenDown: false });

      // Mailed: the owner, and each applicant and saver once; nobody else.
      await t.deps.mail.flush();
      const removedMail = /A job you saved or applied to was removed: Too Good Teacher at Sunrise Academy/;
      expect(t.mailbox.to(owner.email).map((m) => m.subject)).toEqual([
        'Your posting was removed: Too Good Teacher at Sunrise Academy',
      ]);
      for (const teacher of [applicant, saver, both]) {
        const mails = t.mailbox.to(teacher.email);
        expect(
          mails.map((m) => m.subject),
          teacher.email,
        ).toEqual([expect.stringMatching(removedMail)]);
        expect(mails[0]!.text).toContain(`${t.config.publicUrl}/safety`);
      }
      for (const bystander of [elsewhere, moneyReporter!, otherReporter!, unrelated!]) {
        expect(t.mailbox.to(bystander.email), bystander.email).toEqual([]);
      }

      const [entry] = await auditEntries(operator);
      expect(entry).toEqual({
        id: expect.any(String) as string,
        at: new Date(now).toISOString(),
        actor: operator.email,
        action: 'report.remove',
        subjectKind: 'job',
        subjectId: jobId,
        note: 'Asked three teachers for a visa fee',
      });
    });

    it('remove of a held job takes it down: out of the held list, and no longer releasable', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      const jobId = await createPublishedJob(t, owner.id);
      await reportBy(jobId, SERIOUS);
      expect(await heldJobs(operator)).toHaveLength(1);
      const [first] = await openReports(operator);
      expect((await resolve(operator, first!.id, { action: 'remove' })).statusCode).toBe(200);
      expect(await jobRow(jobId)).toMatchObject({
        held_at: null,
        held_published_at: null,
        taken_down_at: t.clock.now(),
      });
      expect(await heldJobs(operator)).toEqual([]);
      expect(await openReports(operator)).toEqual([]);
      expect((await release(operator, jobId)).statusCode).toBe(404);
      expect(await searchIds()).not.toContain(jobId);
    });

    it('answers 404 for a report already resolved or unknown, and writes no audit row for it', async () => {
      const operator = await createOperator(t);
      const jobId = await createPublishedJob(t, (await createUser(t)).id);
      await reportBy(jobId, ['asks_for_money']);
      const [open] = await openReports(operator);
      expect((await resolve(operator, open!.id, { action: 'dismiss' })).statusCode).toBe(200);
      expect(await operatorAuditRows()).toHaveLength(1);

      for (const action of ['dismiss', 'remove']) {
        for (const id of [open!.id, randomUUID()]) {
          const res = await resolve(operator, id, { action, note: 'Second thoughts' });
          expect([action, id, res.statusCode], res.body).toEqual([action, id, 404]);
          expect(res.json()).toMatchObject({ error: true });
        }
      }
      expect(await operatorAuditRows()).toHaveLength(1);
      // The job was not taken down by the refused removals.
      expect(await jobRow(jobId)).toMatchObject({ taken_down_at: null });
      expect(await searchIds()).toContain(jobId);
      // A malformed id, an unknown action or a missing one is a bad request.
      expect((await resolve(operator, 'not-an-id', { action: 'dismiss' })).statusCode).toBe(400);
      await reportBy(jobId, ['other']);
      const [next] = await openReports(operator);
      for (const payload of [
        { action: 'delete' },
        {},
        { action: 'dismiss', note: 'x'.repeat(1001) },
        { action: 'dismiss', extra: 1 },
      ]) {
        expect((await resolve(operator, next!.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect(await operatorAuditRows()).toHaveLength(1);
      expect((await openReports(operator)).map((r) => r.id)).toEqual([next!.id]);
    });

    it('resolves a report once when two operators resolve it at once: one 200, one 404, one audit row', async () => {
      const operators = [await createOperator(t), await createOperator(t)];
      for (let round = 0; round < 3; round++) {
        const owner = await createUser(t);
        const jobId = await createPublishedJob(t, owner.id, { title: `Contested Teacher ${round}` });
        await reportBy(jobId, ['asks_for_money']);
        const [open] = await openReports(operators[0]!);
        const answers = await Promise.all([
          resolve(operators[0]!, open!.id, { action: 'remove', note: 'first' }),
          resolve(operators[1]!, open!.id, { action: 'remove', note: 'second' }),
        ]);
        expect(answers.map((r) => r.statusCode).sort(), answers.map((r) => r.body).join('\n')).toEqual([200, 404]);
        expect((await operatorAuditRows()).map((r) => r.action)).toEqual(['report.remove']);
        expect(await ownerMails(owner.email, /was removed/)).toHaveLength(1);
        await t.db.deleteFrom('audit_log').execute();
      }
    });

    it('lists every operator action in the audit log, newest first, with who did it', async () => {
      const operator = await createOperator(t);
      const jobId = await createPublishedJob(t, (await createUser(t)).id);
      const heldId = await createPublishedJob(t, (await createUser(t)).id);
      const suspended = await createUser(t);
      await reportBy(jobId, ['other']);
      await reportBy(heldId, SERIOUS);
      const reportId = (await reportRows(jobId))[0]!.id;
      t.clock.advance(1000);
      expect((await resolve(operator, reportId, { action: 'dismiss' })).statusCode).toBe(200);
      t.clock.advance(1000);
      expect((await release(operator, heldId, { note: 'Checked with the school' })).statusCode).toBe(200);
      t.clock.advance(1000);
      expect((await asOperator(operator, 'POST', `/api/operator/users/${suspended.id}/suspend`)).statusCode).toBe(200);

      const entries = await auditEntries(operator);
      expect(entries.map((e) => [e.action, e.subjectKind, e.subjectId, e.actor])).toEqual([
        ['user.suspend', 'user', suspended.id, operator.email],
        ['job.release', 'job', heldId, operator.email],
        ['report.dismiss', 'report', reportId, operator.email],
        ['operator.add', 'user', operator.id, 'admin command'],
      ]);
      expect(entries.map((e) => Date.parse(e.at))).toEqual(
        [...entries.map((e) => Date.parse(e.at))].sort((a, b) => b - a),
      );
      expect(entries[1]!.note).toBe('Checked with the school');
    });
  });

  describe('releasing a held job', () => {
    it('puts it back as it was: same publication, back in search, its reports dismissed, the owner mailed, audited', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      const jobId = await contactJob(owner, 'Wrongly Held Teacher');
      const publishedAt = t.clock.now();
      const before = await posting(jobId);
      t.clock.advance(HOUR);
      await reportBy(jobId, SERIOUS);
      expect(await searchIds()).not.toContain(jobId);
      await t.deps.mail.flush();
      t.mailbox.messages.length = 0;
      t.clock.advance(HOUR);

      const res = await release(operator, jobId, { note: 'The school is registered' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.json<{ job: OperatorJob }>().job).toEqual({
        uuid: jobId,
        title: 'Wrongly Held Teacher',
        companyName: 'Sunrise Academy',
        country: 'japan',
        city: 'Tokyo',
        ownerEmail: owner.email,
        state: 'live',
        heldAt: null,
      });
      expect(await jobRow(jobId)).toMatchObject({ published_at: publishedAt, held_at: null, held_published_at: null });

      // Live again, as it was.
      const after = await posting(jobId);
      expect(after).toMatchObject({
        status: 'published',
        underReview: false,
        publishedDate: before.publishedDate,
        ...CONTACT,
      });
      expect(await searchIds()).toContain(jobId);
      expect(await searchIds('&q=wrongly')).toEqual([jobId]);
      expect(await sitemapHas(jobId)).toBe(true);
      expect(await feedHas(jobId)).toBe(true);
      expect((await compare([jobId])).missing).toEqual([]);

      // Its open reports are dismissed; it is no longer held.
      expect(await openReports(operator)).toEqual([]);
      expect(await heldJobs(operator)).toEqual([]);
      expect((await reportRows(jobId)).map((r) => [r.status, r.resolved_by, r.note])).toEqual([
        ['dismissed', operator.id, 'The school is registered'],
        ['dismissed', operator.id, 'The school is registered'],
        ['dismissed', operator.id, 'The school is registered'],
      ]);
      // The owner is told.
      expect((await ownerMails(owner.email, /./)).map((m) => m.subject)).toEqual([
        'Your posting is back online: Wrongly Held Teacher at Sunrise Academy',
      ]);
      expect((await auditEntries(operator))[0]).toMatchObject({
        actor: operator.email,
        action: 'job.release',
        subjectKind: 'job',
        subjectId: jobId,
        note: 'The school is registered',
      });
    });

    it('answers 404 for a job that is not held, and writes no audit row', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      const live = await createPublishedJob(t, owner.id);
      const draft = await createPublishedJob(t, owner.id, { published_at: null });
      const expired = await createPublishedJob(t, owner.id, { published_at: t.clock.now() - 46 * DAY });
      const takenDown = await createPublishedJob(t, owner.id);
      expect(await takeDownJob(t.db, takenDown, 'Spam', t.clock.now())).toBe(true);
      await reportBy(live, ['other']);
      for (const jobId of [live, draft, expired, takenDown, randomUUID()]) {
        const res = await release(operator, jobId, { note: 'Looks fine' });
        expect([jobId, res.statusCode], res.body).toEqual([jobId, 404]);
      }
      expect(await operatorAuditRows()).toEqual([]);
      expect((await reportRows(live)).map((r) => r.status)).toEqual(['open']);
      expect(await jobRow(live)).toMatchObject({ held_at: null, taken_down_at: null });
      // A held one is released, with no body at all; a second release finds it no longer held.
      const held = await createPublishedJob(t, owner.id);
      await reportBy(held, SERIOUS);
      expect((await release(operator, held)).statusCode).toBe(200);
      expect((await release(operator, held)).statusCode).toBe(404);
      expect((await operatorAuditRows()).map((r) => r.action)).toEqual(['job.release']);
      expect((await release(operator, 'not-a-uuid')).statusCode).toBe(400);
    });

    it('lists the held jobs, longest held first, and no other', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      const first = await createPublishedJob(t, owner.id, { title: 'First Held' });
      const second = await createPublishedJob(t, null, { title: 'Second Held' });
      const live = await createPublishedJob(t, owner.id, { title: 'Still Live' });
      await reportBy(live, ['asks_for_money', 'fake_school']);
      await reportBy(first, SERIOUS);
      const firstAt = t.clock.now();
      t.clock.advance(MINUTE);
      await reportBy(second, SERIOUS);
      expect((await heldJobs(operator)).map((j) => [j.uuid, j.title, j.ownerEmail, j.state, j.heldAt])).toEqual([
        [first, 'First Held', owner.email, 'held', new Date(firstAt).toISOString()],
        [second, 'Second Held', null, 'held', new Date(firstAt + MINUTE).toISOString()],
      ]);
    });
  });

  describe('accounts', () => {
    const findUsers = (operator: TestUser, email: string) =>
      asOperator(operator, 'GET', `/api/operator/users?email=${encodeURIComponent(email)}`);

    it('finds accounts by the start of their address, with % and _ taken as themselves', async () => {
      const operator = await createOperator(t);
      const tag = `f${randomUUID().slice(0, 6)}`;
      const underscore = await createUser(t, `${tag}_me@example.com`);
      const letter = await createUser(t, `${tag}xme@example.com`);
      const percent = await createUser(t, `${tag}%me@example.com`);
      const longer = await createUser(t, `${tag}more@example.com`);
      await createPublishedJob(t, letter.id);
      await createPublishedJob(t, letter.id, { published_at: null });
      await t.db.updateTable('users').set({ confirmed_at: null }).where('id', '=', longer.id).execute();
      const emails = async (prefix: string) => {
        const res = await findUsers(operator, prefix);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.headers['cache-control']).toContain('no-store');
        return res.json<{ users: OperatorUser[] }>().users.map((u) => u.email);
      };

      expect(await emails(tag)).toEqual([percent, underscore, longer, letter].map((u) => u.email).sort());
      expect(await emails(`${tag}_`)).toEqual([underscore.email]);
      expect(await emails(`${tag}%`)).toEqual([percent.email]);
      expect(await emails(`${tag}x`)).toEqual([letter.email]);
      expect(await emails(`${tag.toUpperCase()}M`)).toEqual([longer.email]);
      // The start of the address, not any part of it.
      expect(await emails(tag.slice(1))).toEqual([]);
      expect(await emails(`%${tag}`)).toEqual([]);
      expect(await emails('_')).toEqual([]);

      const res = await findUsers(operator, `${tag}x`);
      expect(res.json<{ users: OperatorUser[] }>().users).toEqual([
        {
          uuid: letter.id,
          email: letter.email,
          createdAt: new Date(t.clock.now()).toISOString(),
          confirmed: true,
          operator: false,
          suspendedAt: null,
          jobs: 2,
        },
      ]);
      const longerFound = (await findUsers(operator, `${tag}m`)).json<{ users: OperatorUser[] }>().users;
      expect(longerFound).toMatchObject([{ uuid: longer.id, confirmed: false, jobs: 0 }]);
      expect((await findUsers(operator, operator.email)).json<{ users: OperatorUser[] }>().users).toMatchObject([
        { uuid: operator.id, operator: true },
      ]);
      // A backslash is only itself too.
      const slashTag = `s${randomUUID().slice(0, 6)}`;
      const slashed = await createUser(t, `${slashTag}\\x@example.com`);
      await createUser(t, `${slashTag}x@example.com`);
      expect(await emails(`${slashTag}\\`)).toEqual([slashed.email]);
      // The text is needed.
      expect((await asOperator(operator, 'GET', '/api/operator/users')).statusCode).toBe(400);
      expect((await findUsers(operator, '  ')).statusCode).toBe(400);
    });

    it('suspends an account: its sessions end, log-in answers 403 SUSPENDED, and the action is audited', async () => {
      const operator = await createOperator(t);
      const user = await createUser(t);
      const bystander = await createUser(t);
      const currentUser = (auth: Record<string, string>) =>
        t.inject({ method: 'GET', url: '/api/current_user', headers: auth });
      const logIn = (email: string, password: string) =>
        t.inject({ method: 'POST', url: '/api/login', payload: { email, password }, ...from() });

      expect((await currentUser(user.auth)).statusCode).toBe(200);
      const loggedIn = await logIn(user.email, TEST_PASSWORD);
      expect(loggedIn.statusCode, loggedIn.body).toBe(200);
      const secondSession = { authorization: `Bearer ${String(loggedIn.headers['auth-token'])}` };
      expect((await currentUser(secondSession)).statusCode).toBe(200);
      t.clock.advance(MINUTE);

      const res = await asOperator(operator, 'POST', `/api/operator/users/${user.id}/suspend`, {
        note: 'Posted a fee scam',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.json<{ user: OperatorUser }>().user).toMatchObject({
        uuid: user.id,
        email: user.email,
        suspendedAt: new Date(t.clock.now()).toISOString(),
      });
      // Every session of theirs has ended; another user's has not.
      expect((await currentUser(user.auth)).statusCode).toBe(401);
      expect((await currentUser(secondSession)).statusCode).toBe(401);
      expect(await t.db.selectFrom('sessions').select('user_id').where('user_id', '=', user.id).execute()).toEqual([]);
      expect((await currentUser(bystander.auth)).statusCode).toBe(200);
      // Log-in is refused; the password is still checked first.
      const refused = await logIn(user.email, TEST_PASSWORD);
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({ error: true, errorType: 'SUSPENDED' });
      expect(refused.headers['auth-token']).toBeUndefined();
      const wrong = await logIn(user.email, 'not-the-password1');
      expect(wrong.statusCode, wrong.body).toBe(401);
      expect(wrong.json<{ errorType?: string }>().errorType).not.toBe('SUSPENDED');
      expect((await logIn(bystander.email, TEST_PASSWORD)).statusCode).toBe(200);
      // A session made in the database for the account anyway is not honoured.
      const sneaked = await createSession(t.db, user.id, t.clock.now(), 30);
      expect((await currentUser({ authorization: `Bearer ${sneaked}` })).statusCode).toBe(401);

      expect((await auditEntries(operator))[0]).toMatchObject({
        actor: operator.email,
        action: 'user.suspend',
        subjectKind: 'user',
        subjectId: user.id,
        note: 'Posted a fee scam',
      });
      // Suspending again changes nothing and logs nothing more.
      expect((await asOperator(operator, 'POST', `/api/operator/users/${user.id}/suspend`)).statusCode).toBe(200);
      expect((await operatorAuditRows()).map((r) => r.action)).toEqual(['user.suspend']);
      // The console finds the account suspended.
      const found = (await findUsers(operator, user.email)).json<{ users: OperatorUser[] }>().users;
      expect(found).toMatchObject([{ uuid: user.id, suspendedAt: expect.any(String) as string }]);
    });

    it('refuses to suspend the operator themselves (400) or an unknown account (404), writing nothing', async () => {
      const operator = await createOperator(t);
      const self = await asOperator(operator, 'POST', `/api/operator/users/${operator.id}/suspend`, { note: 'Oops' });
      expect(self.statusCode, self.body).toBe(400);
      expect(self.json()).toMatchObject({ error: true });
      const unknown = await asOperator(operator, 'POST', `/api/operator/users/${randomUUID()}/suspend`, {});
      expect(unknown.statusCode, unknown.body).toBe(404);
      expect((await asOperator(operator, 'POST', '/api/operator/users/not-a-uuid/suspend', {})).statusCode).toBe(400);
      expect(await operatorAuditRows()).toEqual([]);
      // The operator is still signed in and an operator.
      expect((await asOperator(operator, 'GET', '/api/operator/me')).statusCode).toBe(200);
      const row = await t.db
        .selectFrom('users')
        .select('suspended_at')
        .where('id', '=', operator.id)
        .executeTakeFirstOrThrow();
      expect(row.suspended_at).toBeNull();
      // Another operator may.
      const other = await createOperator(t);
      expect((await asOperator(other, 'POST', `/api/operator/users/${operator.id}/suspend`)).statusCode).toBe(200);
      expect((await asOperator(operator, 'GET', '/api/operator/me')).statusCode).toBe(404);
    });
  });

  it('hides the report queue from anonymous callers and signed-in users who are not operators (404)', async () => {
    const operator = await createOperator(t);
    const user = await createUser(t);
    const jobId = await createPublishedJob(t, (await createUser(t)).id);
    await reportBy(jobId, ['other']);
    for (const headers of [{}, user.auth]) {
      const res = await t.inject({ method: 'GET', url: '/api/operator/reports', headers });
      expect(res.statusCode, res.body).toBe(404);
      expect(res.body).not.toContain(DETAILS);
    }
    expect(await openReports(operator)).toHaveLength(1);
  });
});

describe(`a hold and a release with the answer cache on, as in production (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RESPONSE_CACHE_MS: '60000' } });
  });
  afterAll(async () => t.close());

  it('no cached list, feed, sitemap or posting answer outlives the hold or the release', async () => {
    const owner = await createUser(t);
    const stranger = await createUser(t);
    const operator = await createOperator(t);
    const jobId = await createPublishedJob(t, owner.id, { title: 'Cached Walrus Teacher' });
    const control = await createPublishedJob(t, owner.id, { title: 'Cached Otter Teacher' });
    const get = (url: string, user: TestUser | null = null) =>
      t.inject({ method: 'GET', url, headers: user ? user.auth : {} });
    /** What each cached answer says of the job: listed or not, and its posting's state for each caller. */
    const seen = async () => {
      const search = (await get('/api/filter-jobs?country=japan&page=1')).json<JobSearchAnswer>().results;
      const keywords = (await get('/api/filter-jobs?country=japan&q=walrus&page=1')).json<JobSearchAnswer>().results;
      const cities = (await get('/api/jobs/cities/japan')).json<CitiesAnswer>();
      const postings = await Promise.all(
        [null, stranger, owner].map(async (user) => (await get(`/api/job/${jobId}`, user)).json<JobAnswer>().job),
      );
      return {
        search: search.map((j) => j.uuid).includes(jobId),
        control: search.map((j) => j.uuid).includes(control),
        keywords: keywords.map((j) => j.uuid).includes(jobId),
        tokyo: cities.find((c) => c.city === 'Tokyo')?.count ?? 0,
        feed: (await get('/feed.xml')).body.includes(jobId),
        feedOfJapan: (await get('/feed.xml?country=japan')).body.includes(jobId),
        sitemap: (await get('/sitemap.xml')).body.includes(jobId),
        underReview: postings.map((p) => p.underReview),
        email: postings.map((p) => p.email),
      };
    };
    const live = {
      search: true,
      control: true,
      keywords: true,
      tokyo: 2,
      feed: true,
      feedOfJapan: true,
      sitemap: true,
      underReview: [false, false, false],
      email: ['jobs@sunrise.example', 'jobs@sunrise.example', 'jobs@sunrise.example'],
    };
    // Read twice: the second read is answered from the cache.
    expect(await seen()).toEqual(live);
    expect(await seen()).toEqual(live);

    for (const reason of SERIOUS) {
      const res = await t.inject({
        method: 'POST',
        url: `/api/jobs/${jobId}/reports`,
        headers: (await createUser(t)).auth,
        payload: { reason, details: DETAILS },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    const held = {
      ...live,
      search: false,
      keywords: false,
      tokyo: 1,
      feed: false,
      feedOfJapan: false,
      sitemap: false,
      underReview: [true, true, true],
      email: ['', '', 'jobs@sunrise.example'],
    };
    expect(await seen()).toEqual(held);
    expect(await seen()).toEqual(held);

    const released = await t.inject({
      method: 'POST',
      url: `/api/operator/jobs/${jobId}/release`,
      headers: operator.auth,
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(await seen()).toEqual(live);
  });
});
