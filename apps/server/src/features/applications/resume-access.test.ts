// How long applying gives the job's owner the applicant's resume (details and PDF): while the
// application is open; never once it is withdrawn; 90 days after it was closed, rejected or offered,
// counted from that stage in its history. The resume board subscription's rule stays as it was.
import { randomUUID } from 'node:crypto';
import type { Application, Resume } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { createSession } from '../accounts/sessions.js';
import { createResume, pdfBytes } from '../resumes/test-factories.js';
import { PDF_LINK_TTL_MS } from '../resumes/signed-links.js';
import { createSubscription } from '../subscriptions/test-factories.js';
import { closeApplicationsOfClosedJobs } from './service.js';

const MINUTE = 60_000;
const DAY = 86_400_000;

describe(`a school's access to an applicant's resume (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** Sessions last 30 days: a user the clock has moved past logs in again. */
  async function logIn(user: TestUser): Promise<void> {
    const token = await createSession(t.db, user.id, t.clock.now(), 30);
    user.token = token;
    user.auth = { authorization: `Bearer ${token}` };
  }

  /** A school with a live job, and a teacher with a published resume (with a PDF) who applied to it. */
  async function applied() {
    const school = await createUser(t);
    const teacher = await createUser(t);
    const jobId = await createPublishedJob(t, school.id);
    const resumeId = await createResume(t, teacher.id, { name: 'Sam Teacher' });
    const pdfKey = `private/resume-${randomUUID()}.pdf`;
    await t.deps.blobs.put(pdfKey, pdfBytes(), 'application/pdf');
    await t.db.updateTable('resumes').set({ resume_pdf_key: pdfKey }).where('id', '=', resumeId).execute();
    const res = await t.inject({
      method: 'POST',
      url: `/api/jobs/${jobId}/applications`,
      headers: teacher.auth,
      payload: {},
    });
    expect(res.statusCode).toBe(201);
    const { application } = res.json<{ application: Application }>();
    return { school, teacher, jobId, resumeId, applicationId: application.id };
  }

  type Case = Awaited<ReturnType<typeof applied>>;

  /** Moves the application to `status` the way its product path does. */
  async function moveTo(c: Case, status: string): Promise<void> {
    await logIn(c.school);
    await logIn(c.teacher);
    const open = () => t.inject({ method: 'GET', url: `/api/applications/${c.applicationId}`, headers: c.school.auth });
    if (status === 'submitted') return;
    if (status === 'viewed') {
      expect((await open()).statusCode).toBe(200);
    } else if (status === 'withdrawn') {
      const res = await t.inject({
        method: 'POST',
        url: `/api/applications/${c.applicationId}/withdraw`,
        headers: c.teacher.auth,
      });
      expect(res.statusCode).toBe(200);
    } else if (status === 'closed') {
      await t.db.updateTable('jobs').set({ published_at: null }).where('id', '=', c.jobId).execute();
      expect(await closeApplicationsOfClosedJobs(t.deps)).toBeGreaterThanOrEqual(1);
    } else {
      const res = await t.inject({
        method: 'PATCH',
        url: `/api/applications/${c.applicationId}`,
        headers: c.school.auth,
        payload: { status },
      });
      expect(res.statusCode).toBe(200);
    }
    const row = await t.db
      .selectFrom('applications')
      .select('status')
      .where('id', '=', c.applicationId)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe(status);
  }

  const readDetails = (user: TestUser, resumeId: string) =>
    t.inject({ method: 'GET', url: `/api/resume-details/${resumeId}`, headers: user.auth });

  /** The resume's details as `user` reads them, and whether its PDF link opens now. */
  async function readResume(user: TestUser, resumeId: string) {
    await logIn(user);
    const details = await readDetails(user, resumeId);
    if (details.statusCode !== 200) return { status: details.statusCode, body: details.json<unknown>(), pdfLink: null };
    const pdfLink = details.json<Resume>().resumeUrl;
    expect(pdfLink).toMatch(/^\/api\/resume-pdf\//);
    const pdf = await t.inject({ method: 'GET', url: pdfLink });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    return { status: 200, body: details.json<unknown>(), pdfLink };
  }

  it.each(['submitted', 'viewed', 'shortlisted'])(
    'an application %s keeps the resume (details and PDF) open to the school, however long',
    async (status) => {
      const c = await applied();
      await moveTo(c, status);
      expect((await readResume(c.school, c.resumeId)).status).toBe(200);
      t.clock.advance(200 * DAY);
      expect((await readResume(c.school, c.resumeId)).status).toBe(200);
    },
  );

  it('a withdrawn application ends the school’s access at once: no details, no new PDF link', async () => {
    const c = await applied();
    const before = await readResume(c.school, c.resumeId);
    expect(before.status).toBe(200);
    await moveTo(c, 'withdrawn');
    const after = await readResume(c.school, c.resumeId);
    expect(after.status).toBe(403);
    expect(after.body).toMatchObject({ error: true, errorType: 'SUBSCRIPTION_REQUIRED' });
    // The link handed out before the withdrawal works only for what is left of its few minutes.
    t.clock.advance(PDF_LINK_TTL_MS);
    expect((await t.inject({ method: 'GET', url: before.pdfLink! })).statusCode).toBe(410);
  });

  it.each(['closed', 'rejected', 'offered'])(
    'an application %s gives the school the resume for 90 days from that stage, then neither details nor PDF',
    async (status) => {
      const c = await applied();
      // The stage comes 60 days after the application: the 90 days count from the stage, not from applying.
      t.clock.advance(60 * DAY);
      await moveTo(c, status);
      const stagedAt = t.clock.now();
      const history = await t.db
        .selectFrom('application_events')
        .select(['status', 'at'])
        .where('application_id', '=', c.applicationId)
        .orderBy('id')
        .execute();
      expect(history.at(-1)).toMatchObject({ status });
      expect(Number(history.at(-1)!.at)).toBe(stagedAt);

      t.clock.set(stagedAt + 90 * DAY - MINUTE);
      const last = await readResume(c.school, c.resumeId);
      expect(last.status).toBe(200);
      // A PDF link handed out in the last minute stops when the access does, not minutes later.
      t.clock.set(stagedAt + 90 * DAY + MINUTE);
      expect(MINUTE * 2).toBeLessThan(PDF_LINK_TTL_MS);
      expect((await t.inject({ method: 'GET', url: last.pdfLink! })).statusCode).toBe(410);
      const after = await readResume(c.school, c.resumeId);
      expect(after.status).toBe(403);
      expect(after.body).toMatchObject({ error: true, errorType: 'SUBSCRIPTION_REQUIRED' });
    },
  );

  it('one open application to the school keeps access when another one to it has ended', async () => {
    const c = await applied();
    await moveTo(c, 'rejected');
    const secondJob = await createPublishedJob(t, c.school.id);
    await logIn(c.teacher);
    const second = await t.inject({
      method: 'POST',
      url: `/api/jobs/${secondJob}/applications`,
      headers: c.teacher.auth,
      payload: {},
    });
    expect(second.statusCode).toBe(201);
    t.clock.advance(91 * DAY);
    expect((await readResume(c.school, c.resumeId)).status).toBe(200);
  });

  it('the subscriber rule is unchanged: a subscriber reads any published resume, applied or not, before and after', async () => {
    const c = await applied();
    const subscriber = await createUser(t);
    await createSubscription(t, subscriber.id, { currentPeriodEnd: t.clock.now() + 400 * DAY });
    const stranger = await createUser(t);
    await moveTo(c, 'rejected');
    expect((await readResume(subscriber, c.resumeId)).status).toBe(200);
    expect((await readResume(stranger, c.resumeId)).status).toBe(403);
    t.clock.advance(91 * DAY);
    expect((await readResume(subscriber, c.resumeId)).status).toBe(200);
    expect((await readResume(stranger, c.resumeId)).status).toBe(403);
    // The school whose access by application has ended reads again by subscribing, as anyone does.
    expect((await readResume(c.school, c.resumeId)).status).toBe(403);
    await createSubscription(t, c.school.id);
    expect((await readResume(c.school, c.resumeId)).status).toBe(200);
  });
});
