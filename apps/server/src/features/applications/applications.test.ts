import type { Applicant, Application, MyApplication } from '@teacheast/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { createResume } from '../resumes/test-factories.js';
import { closeApplicationsOfClosedJobs } from './service.js';

const DAY = 86_400_000;

describe(`applying on site (${dialect})`, () => {
  let t: TestApp;
  let school: TestUser;
  let teacher: TestUser;
  let jobId: string;
  let resumeId: string;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.deps.mail.flush();
    t.mailbox.messages.length = 0;
    await t.db.deleteFrom('applications').execute();
    school = await createUser(t);
    teacher = await createUser(t);
    jobId = await createPublishedJob(t, school.id, {
      title: 'Kindergarten Lead Teacher',
      company_name: 'Sunrise Academy',
    });
    resumeId = await createResume(t, teacher.id, { name: 'Sam Teacher', published_at: t.clock.now() });
  });

  const apply = (user: TestUser | null, job: string, coverLetter?: string) =>
    t.inject({
      method: 'POST',
      url: `/api/jobs/${job}/applications`,
      headers: user ? user.auth : {},
      payload: coverLetter === undefined ? {} : { coverLetter },
    });

  it('a teacher with a published resume applies once; the school is mailed; a second try is refused', async () => {
    const res = await apply(teacher, jobId, 'I love teaching small children.');
    expect(res.statusCode).toBe(201);
    const { application } = res.json<{ application: Application }>();
    expect(application).toMatchObject({
      jobUuid: jobId,
      status: 'submitted',
      coverLetter: 'I love teaching small children.',
    });
    expect(application.history.map((h) => h.status)).toEqual(['submitted']);

    const again = await apply(teacher, jobId, 'Again');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorType: 'ALREADY_APPLIED' });

    await t.deps.mail.flush();
    const mail = await t.mailbox.waitFor('jobs@sunrise.example', /New application: Sam Teacher/);
    expect(mail.text).toContain('I love teaching small children.');
    expect(mail.links).toContain(`${t.config.publicUrl}/job/applicants/${jobId}`);
  });

  it('refuses without a session, without a published resume, on one’s own job, and on jobs that take none', async () => {
    expect((await apply(null, jobId)).statusCode).toBe(401);
    const noResume = await createUser(t);
    const refused = await apply(noResume, jobId);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorType: 'NO_RESUME' });
    await createResume(t, school.id, { published_at: t.clock.now() });
    expect((await apply(school, jobId)).statusCode).toBe(403);
    const draft = await createPublishedJob(t, school.id, { published_at: null });
    const expired = await createPublishedJob(t, school.id, { published_at: t.clock.now() - 46 * DAY });
    for (const job of [draft, expired, '00000000-0000-4000-8000-000000000000']) {
      expect((await apply(teacher, job)).statusCode, job).toBe(404);
    }
    expect((await apply(teacher, 'not-a-uuid')).statusCode).toBe(400);
    expect((await apply(teacher, jobId, 'x'.repeat(5001))).statusCode).toBe(400);
    expect((await apply(teacher, jobId, 'a\u0000b')).statusCode).toBe(400);
  });

  it('ten applications at once make one', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => apply(teacher, jobId, 'Hello')));
    expect(answers.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 409)).toHaveLength(9);
    const rows = await t.db.selectFrom('applications').select('id').where('job_id', '=', jobId).execute();
    expect(rows).toHaveLength(1);
  });

  it('the school lists, opens (viewed) and moves an application on; the teacher follows each stage and is mailed', async () => {
    const { application } = (await apply(teacher, jobId, 'Hello')).json<{ application: Application }>();
    const other = await createUser(t);

    const list = await t.inject({ method: 'GET', url: `/api/jobs/${jobId}/applications`, headers: school.auth });
    expect(list.statusCode).toBe(200);
    expect(list.json<{ applications: Applicant[] }>().applications).toEqual([
      expect.objectContaining({
        id: application.id,
        applicantName: 'Sam Teacher',
        applicantEmail: teacher.email,
        resumeUuid: resumeId,
      }),
    ]);
    for (const user of [other, teacher]) {
      expect(
        (await t.inject({ method: 'GET', url: `/api/jobs/${jobId}/applications`, headers: user.auth })).statusCode,
      ).toBe(404);
    }

    // Another user cannot open or move it; opening by the school marks it viewed (no mail for that).
    expect(
      (await t.inject({ method: 'GET', url: `/api/applications/${application.id}`, headers: other.auth })).statusCode,
    ).toBe(404);
    const opened = await t.inject({ method: 'GET', url: `/api/applications/${application.id}`, headers: school.auth });
    expect(opened.json<{ application: Applicant }>().application.status).toBe('viewed');
    for (const user of [other, teacher]) {
      const move = await t.inject({
        method: 'PATCH',
        url: `/api/applications/${application.id}`,
        headers: user.auth,
        payload: { status: 'offered' },
      });
      expect(move.statusCode).toBe(404);
    }
    const bad = await t.inject({
      method: 'PATCH',
      url: `/api/applications/${application.id}`,
      headers: school.auth,
      payload: { status: 'withdrawn' },
    });
    expect(bad.statusCode).toBe(400);

    t.clock.advance(60_000);
    const shortlisted = await t.inject({
      method: 'PATCH',
      url: `/api/applications/${application.id}`,
      headers: school.auth,
      payload: { status: 'shortlisted' },
    });
    expect(shortlisted.json<{ application: Applicant }>().application.status).toBe('shortlisted');
    t.clock.advance(60_000);
    await t.inject({
      method: 'PATCH',
      url: `/api/applications/${application.id}`,
      headers: school.auth,
      payload: { status: 'offered' },
    });
    const late = await t.inject({
      method: 'PATCH',
      url: `/api/applications/${application.id}`,
      headers: school.auth,
      payload: { status: 'rejected' },
    });
    expect(late.statusCode).toBe(409);

    const mine = await t.inject({ method: 'GET', url: '/api/applications', headers: teacher.auth });
    const [own] = mine.json<{ applications: MyApplication[] }>().applications;
    expect(own!.status).toBe('offered');
    expect(own!.job).toMatchObject({ uuid: jobId, title: 'Kindergarten Lead Teacher', companyName: 'Sunrise Academy' });
    expect(own!.history.map((h) => h.status)).toEqual(['submitted', 'viewed', 'shortlisted', 'offered']);
    const times = own!.history.map((h) => Date.parse(h.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect((await t.inject({ method: 'GET', url: '/api/applications', headers: other.auth })).json()).toEqual({
      applications: [],
    });

    await t.deps.mail.flush();
    const subjects = t.mailbox.to(teacher.email).map((m) => m.subject);
    expect(subjects).toEqual([
      'Your application for Kindergarten Lead Teacher at Sunrise Academy: shortlisted',
      'Your application for Kindergarten Lead Teacher at Sunrise Academy: offered the job',
    ]);

    const metrics = await t.inject({ method: 'GET', url: `/api/job/metrics/${jobId}`, headers: school.auth });
    expect(metrics.json()).toMatchObject({ applications: 1 });
    const today = new Date(t.clock.now()).toISOString().slice(0, 10);
    expect(
      metrics.json<{ daily: { date: string; applications: number }[] }>().daily.find((d) => d.date === today)
        ?.applications,
    ).toBe(1);
  });

  it('the teacher withdraws while it is open; only the teacher may', async () => {
    const { application } = (await apply(teacher, jobId)).json<{ application: Application }>();
    const other = await createUser(t);
    const url = `/api/applications/${application.id}/withdraw`;
    expect((await t.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.inject({ method: 'POST', url, headers: other.auth })).statusCode).toBe(404);
    expect((await t.inject({ method: 'POST', url, headers: school.auth })).statusCode).toBe(404);
    const done = await t.inject({ method: 'POST', url, headers: teacher.auth });
    expect(done.json<{ application: Applicant }>().application.status).toBe('withdrawn');
    expect((await t.inject({ method: 'POST', url, headers: teacher.auth })).statusCode).toBe(409);
  });

  it('a posting that closes closes its open applications, and tells the teacher', async () => {
    // Postings a day from their end (a session lasts 30 days, so the clock moves one day, not 45).
    const ending = await createPublishedJob(t, school.id, {
      title: 'Kindergarten Lead Teacher',
      company_name: 'Sunrise Academy',
      published_at: t.clock.now() - 44 * DAY,
    });
    const { application } = (await apply(teacher, ending)).json<{ application: Application }>();
    const otherJob = await createPublishedJob(t, school.id, { published_at: t.clock.now() - 44 * DAY });
    const { application: decided } = (await apply(teacher, otherJob)).json<{ application: Application }>();
    await t.inject({
      method: 'PATCH',
      url: `/api/applications/${decided.id}`,
      headers: school.auth,
      payload: { status: 'rejected' },
    });
    expect(await closeApplicationsOfClosedJobs(t.deps)).toBe(0);
    t.clock.advance(DAY + 1);
    expect(await closeApplicationsOfClosedJobs(t.deps)).toBe(1);
    expect(await closeApplicationsOfClosedJobs(t.deps)).toBe(0);
    const mine = (await t.inject({ method: 'GET', url: '/api/applications', headers: teacher.auth })).json<{
      applications: MyApplication[];
    }>();
    const byId = new Map(mine.applications.map((a) => [a.id, a]));
    expect(byId.get(application.id)!.status).toBe('closed');
    expect(byId.get(application.id)!.history.map((h) => h.status)).toEqual(['submitted', 'closed']);
    expect(byId.get(decided.id)!.status).toBe('rejected');
    await t.deps.mail.flush();
    expect(t.mailbox.to(teacher.email).map((m) => m.subject)).toContain(
      'Your application for Kindergarten Lead Teacher at Sunrise Academy: closed, as the posting has closed',
    );
  });

  it('the school reads an applicant’s resume without a subscription; nobody else gains access', async () => {
    const other = await createUser(t);
    const read = (user: TestUser) =>
      t.inject({ method: 'GET', url: `/api/resume-details/${resumeId}`, headers: user.auth });
    expect((await read(school)).statusCode).toBe(403);
    const { application } = (await apply(teacher, jobId)).json<{ application: Application }>();
    const allowed = await read(school);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json()).toMatchObject({ name: 'Sam Teacher' });
    expect((await read(other)).statusCode).toBe(403);
    // A withdrawn application gives no access.
    await t.inject({ method: 'POST', url: `/api/applications/${application.id}/withdraw`, headers: teacher.auth });
    expect((await read(school)).statusCode).toBe(403);
  });
});
