// The hiring conversation over HTTP (BEYOND §10): messages between the teacher who applied and the
// job's owner (read marks, unread counts, mail at most every 15 minutes, closed 30 days after the end),
// interviews proposed in the school's time zone and accepted with a calendar invitation, and the offer
// held against the ad. Each refusal sits beside the same request that is taken.
import type {
  ApplicationDetail,
  ConversationMessage,
  Interview,
  JobTerms,
  MyApplication,
  Applicant,
  Offer,
  OperatorReport,
} from '@teacheast/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { termsColumns } from '../../db/job-terms.js';
import {
  TEST_PASSWORD,
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { createSession } from '../accounts/sessions.js';
import { createResume } from '../resumes/test-factories.js';
import { createOperator } from '../schools/test-factories.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
/** The test clock's start: the interview times below are a few weeks after it. */
const BASE = Date.parse('2026-11-20T00:00:00Z');
const JOB_NAME = 'Kindergarten Lead Teacher at Sunrise Academy';

/** The job's contract sheet (BEYOND §6), valid for a twelve-month job in Japan. */
const AD_SHEET: JobTerms = {
  salary: { currency: 'JPY', min: 250_000, max: 300_000, period: 'month', basis: 'gross' },
  teachingHoursPerWeek: 25,
  officeHoursPerWeek: 40,
  housing: 'provided',
  flights: 'paid',
  visa: { sponsored: true, permit: 'JP-INSTRUCTOR', costsPaidBy: 'school' },
  vacationDays: 15,
  healthInsurance: 'partial',
  severance: 'none',
  splitShift: false,
  saturdays: 'never',
};

type ReceivedMail = Awaited<ReturnType<TestApp['mailbox']['waitFor']>>;

interface MimePart {
  type: string;
  body: string;
}

/** The leaf parts of a MIME body, base64 decoded (the harness already decoded quoted-printable). */
function leafParts(contentType: string, body: string): MimePart[] {
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    return body
      .split(`--${boundary}`)
      .slice(1)
      .filter((chunk) => !chunk.startsWith('--'))
      .flatMap((chunk) => {
        const [head = '', ...rest] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
        const headers = head.replace(/\r?\n(?=[ \t])/g, '');
        const type = /^content-type:\s*(.*)$/im.exec(headers)?.[1] ?? 'text/plain';
        const encoding = /^content-transfer-encoding:\s*(.*)$/im.exec(headers)?.[1]?.trim().toLowerCase();
        const text = rest.join('\n\n');
        return leafParts(type, encoding === 'base64' ? Buffer.from(text, 'base64').toString('utf8') : text);
      });
  }
  return [{ type: contentType, body }];
}

const partsOf = (mail: ReceivedMail) => leafParts(mail.headers['content-type'] ?? 'text/plain', mail.text);

/** The mail's calendar invitation (its text/calendar part), with its folded lines unfolded. */
function calendarOf(mail: ReceivedMail): { type: string; lines: string[] } {
  const part = partsOf(mail).find((p) => /^text\/calendar/i.test(p.type));
  if (!part) throw new Error(`no text/calendar part in "${mail.subject}"`);
  return { type: part.type, lines: part.body.replace(/\r?\n[ \t]/g, '').split(/\r?\n/) };
}

/** The value of an iCalendar property of the event (the first line that names it), parameters aside. */
function property(lines: string[], name: string): string | undefined {
  const line = lines.find((l) => l.startsWith(`${name}:`) || l.startsWith(`${name};`));
  return line?.slice(line.indexOf(':', name.length) + 1);
}

describe(`the hiring conversation (${dialect})`, () => {
  let t: TestApp;
  let school: TestUser;
  let teacher: TestUser;
  let other: TestUser;
  let jobId: string;
  let applicationId: string;
  /** The job's contact address: where the school is written to. */
  let schoolInbox: string;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  /** A published twelve-month job in Japan of `owner`, with the ad's sheet and its own contact address. */
  async function createJob(owner: TestUser, inbox: string): Promise<string> {
    const id = await createPublishedJob(t, owner.id, {
      title: 'Kindergarten Lead Teacher',
      company_name: 'Sunrise Academy',
      country: 'japan',
    });
    await t.db
      .updateTable('jobs')
      .set({ email: inbox, ...termsColumns(AD_SHEET, 'japan') })
      .where('id', '=', id)
      .execute();
    return id;
  }

  async function applyTo(user: TestUser, job: string): Promise<string> {
    const res = await t.inject({
      method: 'POST',
      url: `/api/jobs/${job}/applications`,
      headers: user.auth,
      payload: { coverLetter: 'Hello' },
    });
    if (res.statusCode !== 201) throw new Error(`apply failed: ${res.statusCode} ${res.body}`);
    return res.json<{ application: { id: string } }>().application.id;
  }

  beforeEach(async () => {
    await t.deps.mail.flush();
    t.mailbox.messages.length = 0;
    await t.db.deleteFrom('applications').execute();
    await t.db.deleteFrom('job_reports').execute();
    t.clock.set(BASE);
    school = await createUser(t);
    teacher = await createUser(t);
    other = await createUser(t);
    schoolInbox = `hiring-${school.id.slice(0, 8)}@sunrise.example`;
    jobId = await createJob(school, schoolInbox);
    await createResume(t, teacher.id, { name: 'Sam Teacher', published_at: BASE });
    applicationId = await applyTo(teacher, jobId);
    // The new application's mail to the school is not what these tests look at.
    await t.deps.mail.flush();
    t.mailbox.messages.length = 0;
  });

  const headersOf = (user: TestUser | null) => (user ? user.auth : {});

  const send = (user: TestUser | null, body: unknown, id = applicationId) =>
    t.inject({
      method: 'POST',
      url: `/api/applications/${id}/messages`,
      headers: headersOf(user),
      payload: body === undefined ? {} : { body },
    });

  const read = (user: TestUser | null, id = applicationId) =>
    t.inject({ method: 'GET', url: `/api/applications/${id}/messages`, headers: headersOf(user) });

  const detail = (user: TestUser | null, id = applicationId) =>
    t.inject({ method: 'GET', url: `/api/applications/${id}`, headers: headersOf(user) });

  const propose = (user: TestUser | null, proposal: unknown, id = applicationId) =>
    t.inject({
      method: 'POST',
      url: `/api/applications/${id}/interviews`,
      headers: headersOf(user),
      payload: proposal as object,
    });

  const accept = (user: TestUser | null, slotId: string, id = applicationId) =>
    t.inject({ method: 'POST', url: `/api/applications/${id}/interviews/${slotId}/accept`, headers: headersOf(user) });

  const cancel = (user: TestUser | null, interviewId: string, payload?: object) =>
    t.inject({
      method: 'POST',
      url: `/api/applications/${applicationId}/interviews/${interviewId}/cancel`,
      headers: headersOf(user),
      ...(payload ? { payload } : {}),
    });

  const offer = (user: TestUser | null, payload: object, id = applicationId) =>
    t.inject({ method: 'POST', url: `/api/applications/${id}/offer`, headers: headersOf(user), payload });

  const answer = (user: TestUser | null, what: 'accept' | 'decline') =>
    t.inject({ method: 'POST', url: `/api/applications/${applicationId}/offer/${what}`, headers: headersOf(user) });

  /** A slot proposal in the school's zone (Tokyo): `startsAt` as the school types it. */
  const slot = (startsAt: string, minutes = 30, mode = 'video') => ({ startsAt, minutes, mode });

  async function proposed(proposal: unknown): Promise<Interview> {
    const res = await propose(school, proposal);
    if (res.statusCode !== 201) throw new Error(`propose failed: ${res.statusCode} ${res.body}`);
    return res.json<{ interview: Interview }>().interview;
  }

  async function applicationAs(user: TestUser): Promise<ApplicationDetail> {
    const res = await detail(user);
    expect(res.statusCode).toBe(200);
    return res.json<{ application: ApplicationDetail }>().application;
  }

  async function teacherUnread(user = teacher, id = applicationId): Promise<number> {
    const res = await t.inject({ method: 'GET', url: '/api/applications', headers: user.auth });
    return res.json<{ applications: MyApplication[] }>().applications.find((a) => a.id === id)!.unread;
  }

  async function schoolUnread(id = applicationId, job = jobId): Promise<number> {
    const res = await t.inject({ method: 'GET', url: `/api/jobs/${job}/applications`, headers: school.auth });
    return res.json<{ applications: Applicant[] }>().applications.find((a) => a.id === id)!.unread;
  }

  /** The mails `address` received, once every mail sent so far has arrived. */
  async function mailsTo(address: string): Promise<ReceivedMail[]> {
    await t.deps.mail.flush();
    return t.mailbox.to(address);
  }

  /** A user's new session at the clock's now (a session lasts 30 days; some tests move further). */
  async function signedInAgain(user: TestUser): Promise<TestUser> {
    const token = await createSession(t.db, user.id, t.clock.now(), 30);
    return { ...user, token, auth: { authorization: `Bearer ${token}` } };
  }

  describe('messages', () => {
    it('only the applicant and the job’s owner read and write them: anonymous 401, anyone else 404', async () => {
      expect((await read(null)).statusCode).toBe(401);
      expect((await send(null, 'Hello')).statusCode).toBe(401);
      expect((await read(other)).statusCode).toBe(404);
      // Anyone else learns nothing, not even that the body is wrong.
      expect((await send(other, 'Hello')).statusCode).toBe(404);
      expect((await send(other, '')).statusCode).toBe(404);
      const missing = '00000000-0000-4000-8000-000000000000';
      expect((await read(teacher, missing)).statusCode).toBe(404);
      expect((await send(teacher, 'Hello', missing)).statusCode).toBe(404);
      expect(await t.db.selectFrom('application_messages').selectAll().execute()).toEqual([]);

      // The two parties do.
      expect((await send(teacher, 'From the teacher')).statusCode).toBe(201);
      expect((await send(school, 'From the school')).statusCode).toBe(201);
      for (const user of [teacher, school]) {
        const res = await read(user);
        expect(res.statusCode).toBe(200);
        expect(res.headers['cache-control']).toBe('private, no-store');
        expect(res.json<{ messages: ConversationMessage[] }>().messages.map((m) => m.body)).toEqual([
          'From the teacher',
          'From the school',
        ]);
      }
      expect((await read(other)).statusCode).toBe(404);
    });

    it('come back oldest first, with who sent them, as plain text stored as it was sent', async () => {
      const html = '<b>Yes</b> & <script>alert("x")</script> &amp; <a href="https://evil.example">link</a>';
      const first = await send(teacher, 'Is the job still open?');
      expect(first.statusCode).toBe(201);
      const { message } = first.json<{ message: ConversationMessage }>();
      expect(message).toEqual({
        id: expect.any(String) as string,
        from: 'teacher',
        body: 'Is the job still open?',
        at: new Date(BASE).toISOString(),
      });
      t.clock.advance(MINUTE);
      expect((await send(school, html)).statusCode).toBe(201);
      t.clock.advance(MINUTE);
      expect((await send(teacher, 'Thanks!\nSee you.')).statusCode).toBe(201);

      for (const user of [teacher, school]) {
        const { messages } = (await read(user)).json<{ messages: ConversationMessage[] }>();
        expect(messages.map((m) => [m.from, m.body, m.at])).toEqual([
          ['teacher', 'Is the job still open?', new Date(BASE).toISOString()],
          ['school', html, new Date(BASE + MINUTE).toISOString()],
          ['teacher', 'Thanks!\nSee you.', new Date(BASE + 2 * MINUTE).toISOString()],
        ]);
      }

      // The teacher's mail quotes it as text: a text part only, no HTML part.
      const [mail] = await mailsTo(teacher.email);
      expect(mail!.subject).toBe(`New message about ${JOB_NAME}`);
      expect(mail!.text).toContain(html);
      expect(partsOf(mail!).map((p) => p.type.split(';')[0])).toEqual(['text/plain']);
      expect(mail!.text).not.toContain('&lt;');
    });

    it('take 1 to 5,000 characters after trimming, and nothing else', async () => {
      for (const body of ['', '   \n\t ', 'x'.repeat(5001), ` ${'x'.repeat(5001)} `, 'a\u0000b']) {
        const res = await send(teacher, body);
        expect(res.statusCode, JSON.stringify(body.slice(0, 10))).toBe(400);
      }
      expect((await send(teacher, undefined)).statusCode).toBe(400);
      expect((await send(teacher, 42)).statusCode).toBe(400);
      const extra = await t.inject({
        method: 'POST',
        url: `/api/applications/${applicationId}/messages`,
        headers: teacher.auth,
        payload: { body: 'Hello', from: 'school' },
      });
      expect(extra.statusCode).toBe(400);
      expect(await t.db.selectFrom('application_messages').selectAll().execute()).toEqual([]);

      const longest = await send(teacher, `  ${'x'.repeat(5000)}\n`);
      expect(longest.statusCode).toBe(201);
      expect(longest.json<{ message: ConversationMessage }>().message.body).toBe('x'.repeat(5000));
      const shortest = await send(school, ' y ');
      expect(shortest.json<{ message: ConversationMessage }>().message.body).toBe('y');
    });

    it('count as unread on both lists until the other party reads them', async () => {
      expect(await teacherUnread()).toBe(0);
      expect(await schoolUnread()).toBe(0);
      await send(teacher, 'One');
      await send(teacher, 'Two');
      // One's own messages are never unread to oneself.
      expect(await teacherUnread()).toBe(0);
      expect(await schoolUnread()).toBe(2);
      await send(school, 'Three');
      expect(await teacherUnread()).toBe(1);
      expect((await applicationAs(school)).unread).toBe(2);

      // Reading marks the other party's messages read for the reader only.
      expect((await read(school)).statusCode).toBe(200);
      expect(await schoolUnread()).toBe(0);
      expect(await teacherUnread()).toBe(1);
      expect((await read(teacher)).statusCode).toBe(200);
      expect(await teacherUnread()).toBe(0);
      await send(teacher, 'Four');
      expect(await schoolUnread()).toBe(1);
      expect(await teacherUnread()).toBe(0);
    });

    it('mail the other party at most once in 15 minutes per conversation and recipient', async () => {
      await send(school, 'First from the school');
      let toTeacher = await mailsTo(teacher.email);
      expect(toTeacher.map((m) => m.subject)).toEqual([`New message about ${JOB_NAME}`]);
      expect(toTeacher[0]!.text).toContain('First from the school');
      expect(toTeacher[0]!.links).toContain(`${t.config.publicUrl}/applications/${applicationId}`);

      t.clock.advance(14 * MINUTE);
      await send(school, 'Second, 14 minutes on');
      expect(await mailsTo(teacher.email)).toHaveLength(1);

      // The reply the other way is mailed on its own count, to the job's contact address.
      await send(teacher, 'The teacher answers');
      const toSchool = await mailsTo(schoolInbox);
      expect(toSchool).toHaveLength(1);
      expect(toSchool[0]!.subject).toBe(`New message about ${JOB_NAME}`);
      expect(toSchool[0]!.text).toContain('Sam Teacher wrote to you');
      expect(toSchool[0]!.text).toContain('The teacher answers');
      expect(toSchool[0]!.links).toContain(`${t.config.publicUrl}/applications/${applicationId}`);
      expect(await mailsTo(school.email)).toEqual([]);

      t.clock.advance(MINUTE);
      await send(school, 'Third, 15 minutes after the first');
      toTeacher = await mailsTo(teacher.email);
      expect(toTeacher).toHaveLength(2);
      expect(toTeacher[1]!.text).toContain('Third, 15 minutes after the first');

      t.clock.advance(MINUTE);
      await send(teacher, 'Again, two minutes after the last mail to the school');
      expect(await mailsTo(schoolInbox)).toHaveLength(1);
    });

    it('count the 15 minutes per conversation: another application of the same teacher is mailed on its own', async () => {
      const secondJob = await createJob(school, schoolInbox);
      const second = await applyTo(teacher, secondJob);
      await t.deps.mail.flush();
      t.mailbox.messages.length = 0;
      await send(school, 'About the first job');
      await send(school, 'About the second job', second);
      // Both are mailed (in whatever order the SMTP server took them).
      const texts = (await mailsTo(teacher.email)).map((m) => /About the (\w+) job/.exec(m.text)?.[1]);
      expect(texts.sort()).toEqual(['first', 'second']);
    });

    it('are refused 30 days after the application was withdrawn or rejected (CONVERSATION_CLOSED)', async () => {
      const rejectedJob = await createJob(school, schoolInbox);
      const rejected = await applyTo(teacher, rejectedJob);
      const openJob = await createJob(school, schoolInbox);
      const open = await applyTo(teacher, openJob);
      const withdrawn = await t.inject({
        method: 'POST',
        url: `/api/applications/${applicationId}/withdraw`,
        headers: teacher.auth,
      });
      expect(withdrawn.statusCode).toBe(200);
      const decided = await t.inject({
        method: 'PATCH',
        url: `/api/applications/${rejected}`,
        headers: school.auth,
        payload: { status: 'rejected' },
      });
      expect(decided.json<{ application: ApplicationDetail }>().application.status).toBe('rejected');

      // 29 days on, both still talk on both.
      t.clock.advance(29 * DAY);
      for (const id of [applicationId, rejected, open]) {
        for (const user of [teacher, school]) expect((await send(user, '29 days on', id)).statusCode).toBe(201);
      }
      expect((await applicationAs(teacher)).open).toBe(true);

      t.clock.advance(2 * DAY);
      teacher = await signedInAgain(teacher);
      school = await signedInAgain(school);
      for (const id of [applicationId, rejected]) {
        for (const user of [teacher, school]) {
          const res = await send(user, '31 days on', id);
          expect(res.statusCode).toBe(409);
          expect(res.json()).toMatchObject({ errorType: 'CONVERSATION_CLOSED' });
        }
        // What was said can still be read.
        expect((await read(teacher, id)).json<{ messages: ConversationMessage[] }>().messages).toHaveLength(2);
      }
      expect((await applicationAs(teacher)).open).toBe(false);
      // An application still open is an open conversation, however long it lasts.
      for (const user of [teacher, school]) expect((await send(user, '31 days on', open)).statusCode).toBe(201);
      const rows = await t.db
        .selectFrom('application_messages')
        .select('body')
        .where('body', '=', '31 days on')
        .execute();
      expect(rows).toHaveLength(2);
    });
  });

  describe('GET /api/applications/{id}', () => {
    it('answers both parties, each as who they are, and nobody else; the owner’s opening marks it viewed', async () => {
      expect((await detail(null)).statusCode).toBe(401);
      expect((await detail(other)).statusCode).toBe(404);
      expect((await detail(teacher, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);

      const mine = await applicationAs(teacher);
      expect(mine).toMatchObject({
        id: applicationId,
        as: 'teacher',
        status: 'submitted',
        job: { uuid: jobId, title: 'Kindergarten Lead Teacher', companyName: 'Sunrise Academy', country: 'japan' },
        interviews: [],
        offer: null,
        open: true,
        unread: 0,
      });

      const theirs = await applicationAs(school);
      expect(theirs).toMatchObject({ id: applicationId, as: 'school', status: 'viewed', applicantName: 'Sam Teacher' });
      expect(theirs.history.map((h) => h.status)).toEqual(['submitted', 'viewed']);
      expect((await applicationAs(teacher)).status).toBe('viewed');
      // `viewed` is not mailed to the teacher.
      expect(await mailsTo(teacher.email)).toEqual([]);
    });

    it('carries the interviews and the offer to both parties', async () => {
      const interview = await proposed({ timeZone: 'Asia/Tokyo', slots: [slot('2026-12-10T11:00:00+09:00')] });
      const made = await offer(school, { terms: AD_SHEET, respondBy: '2026-12-15' });
      expect(made.statusCode).toBe(201);
      for (const user of [teacher, school]) {
        const application = await applicationAs(user);
        expect(application.interviews).toEqual([interview]);
        expect(application.offer).toEqual(made.json<{ offer: Offer }>().offer);
        expect(application.status).toBe('offered');
      }
    });
  });

  describe('interviews', () => {
    it('the owner proposes times in its own zone: 201, the application moves to `interview`, the teacher is mailed', async () => {
      const res = await propose(school, {
        timeZone: 'Asia/Tokyo',
        slots: [
          slot('2026-12-10T11:00:00+09:00', 45, 'video'),
          { ...slot('2026-12-11T16:30:00+09:00', 60, 'in_person'), where: '  Room 3, 2-1 Shibuya  ' },
          slot('2026-12-12T02:00:00Z', 15, 'phone'),
        ],
      });
      expect(res.statusCode).toBe(201);
      const { interview } = res.json<{ interview: Interview }>();
      expect(interview).toMatchObject({
        timeZone: 'Asia/Tokyo',
        status: 'proposed',
        acceptedSlotId: null,
        reason: null,
        createdAt: new Date(BASE).toISOString(),
      });
      expect(interview.slots.map(({ startsAt, minutes, mode, where }) => ({ startsAt, minutes, mode, where }))).toEqual(
        [
          { startsAt: '2026-12-10T02:00:00.000Z', minutes: 45, mode: 'video', where: null },
          { startsAt: '2026-12-11T07:30:00.000Z', minutes: 60, mode: 'in_person', where: 'Room 3, 2-1 Shibuya' },
          { startsAt: '2026-12-12T02:00:00.000Z', minutes: 15, mode: 'phone', where: null },
        ],
      );

      const application = await applicationAs(teacher);
      expect(application.status).toBe('interview');
      expect(application.history.map((h) => h.status)).toEqual(['submitted', 'interview']);
      expect(application.interviews).toEqual([interview]);

      // One mail, with the times in the school's zone (and no separate status mail).
      const mails = await mailsTo(teacher.email);
      expect(mails.map((m) => m.subject)).toEqual([`Interview times for ${JOB_NAME}`]);
      expect(mails[0]!.text).toContain('Thu, 10 Dec 2026, 11:00 (Asia/Tokyo), 45 minutes');
      expect(mails[0]!.text).toContain('Fri, 11 Dec 2026, 16:30 (Asia/Tokyo), 60 minutes');
      expect(mails[0]!.text).toContain('Sat, 12 Dec 2026, 11:00 (Asia/Tokyo), 15 minutes');

      // A second proposal keeps the stage.
      await proposed({ timeZone: 'Asia/Tokyo', slots: [slot('2026-12-20T11:00:00+09:00')] });
      expect((await applicationAs(teacher)).history.map((h) => h.status)).toEqual(['submitted', 'interview']);
    });

    it('only the owner proposes: the teacher and anyone else get 404, anonymous 401', async () => {
      const proposal = { timeZone: 'Asia/Tokyo', slots: [slot('2026-12-10T11:00:00+09:00')] };
      expect((await propose(null, proposal)).statusCode).toBe(401);
      expect((await propose(teacher, proposal)).statusCode).toBe(404);
      expect((await propose(other, proposal)).statusCode).toBe(404);
      expect((await propose(teacher, { slots: [] })).statusCode).toBe(404);
      expect(await t.db.selectFrom('interviews').selectAll().execute()).toEqual([]);
      expect((await propose(school, proposal)).statusCode).toBe(201);
    });

    it('refuses a time in the past or more than 60 days ahead', async () => {
      const at = (ms: number) => new Date(ms).toISOString();
      const past = await propose(school, { timeZone: 'Asia/Tokyo', slots: [slot(at(BASE - MINUTE))] });
      expect(past.statusCode).toBe(400);
      expect(past.json<{ fields: Record<string, string> }>().fields).toHaveProperty(['slots.0.startsAt']);
      const far = await propose(school, {
        timeZone: 'Asia/Tokyo',
        slots: [slot(at(BASE + DAY)), slot(at(BASE + 60 * DAY + MINUTE))],
      });
      expect(far.statusCode).toBe(400);
      expect(Object.keys(far.json<{ fields: Record<string, string> }>().fields)).toEqual(['slots.1.startsAt']);
      expect(await t.db.selectFrom('interviews').selectAll().execute()).toEqual([]);

      // A minute ahead and 60 days ahead are taken.
      const near = await propose(school, {
        timeZone: 'Asia/Tokyo',
        slots: [slot(at(BASE + MINUTE)), slot(at(BASE + 60 * DAY))],
      });
      expect(near.statusCode).toBe(201);
    });

    it('refuses times overlapping one another or a live time of another proposal', async () => {
      const overlapping = await propose(school, {
        timeZone: 'Asia/Tokyo',
        slots: [slot('2026-12-10T11:00:00+09:00', 60), slot('2026-12-10T11:59:00+09:00', 30)],
      });
      expect(overlapping.statusCode).toBe(400);
      expect(overlapping.json<{ fields: Record<string, string> }>().fields).toHaveProperty(['slots.1.startsAt']);
      // One right after the other is no overlap.
      const first = await proposed({
        timeZone: 'Asia/Tokyo',
        slots: [slot('2026-12-10T11:00:00+09:00', 60), slot('2026-12-10T12:00:00+09:00', 30)],
      });

      // The same moment written in another zone is the same moment.
      const clash = await propose(school, { timeZone: 'Europe/London', slots: [slot('2026-12-10T03:15:00Z', 15)] });
      expect(clash.statusCode).toBe(400);
      expect(clash.json<{ fields: Record<string, string> }>().fields).toHaveProperty(['slots.0.startsAt']);
      expect(
        (await propose(school, { timeZone: 'Europe/London', slots: [slot('2026-12-10T03:30:00Z', 15)] })).statusCode,
      ).toBe(201);

      // Once the first proposal is cancelled, its times are free again.
      expect((await cancel(school, first.id, { reason: 'New times' })).statusCode).toBe(200);
      expect(
        (await propose(school, { timeZone: 'Europe/London', slots: [slot('2026-12-10T03:15:00Z', 15)] })).statusCode,
      ).toBe(201);
    });

    it('frees the times of an accepted proposal that were not chosen', async () => {
      const first = await proposed({
        timeZone: 'Asia/Tokyo',
        slots: [slot('2026-12-10T11:00:00+09:00'), slot('2026-12-11T11:00:00+09:00')],
      });
      expect((await accept(teacher, first.slots[0]!.id)).statusCode).toBe(200);
      // The chosen time stays taken; the one left over is free for a second interview.
      expect(
        (await propose(school, { timeZone: 'Asia/Tokyo', slots: [slot('2026-12-10T11:00:00+09:00')] })).statusCode,
      ).toBe(400);
      const second = await propose(school, { timeZone: 'Asia/Tokyo', slots: [slot('2026-12-11T11:00:00+09:00')] });
      expect(second.statusCode, second.body).toBe(201);
    });

    it('refuses 0 or 6 times, minutes out of 15–120, a zone that is not IANA, a time without its offset', async () => {
      const day = (n: number, hour = 11) => `2026-12-${String(n).padStart(2, '0')}T${hour}:00:00+09:00`;
      const refusals: [string, unknown, string][] = [
        ['no time', { timeZone: 'Asia/Tokyo', slots: [] }, 'slots'],
        ['six times', { timeZone: 'Asia/Tokyo', slots: [1, 2, 3, 4, 5, 6].map((n) => slot(day(n))) }, 'slots'],
        ['14 minutes', { timeZone: 'Asia/Tokyo', slots: [slot(day(10), 14)] }, 'slots.0.minutes'],
        ['121 minutes', { timeZone: 'Asia/Tokyo', slots: [slot(day(10), 121)] }, 'slots.0.minutes'],
        ['30.5 minutes', { timeZone: 'Asia/Tokyo', slots: [slot(day(10), 30.5)] }, 'slots.0.minutes'],
        ['Mars/Base', { timeZone: 'Mars/Base', slots: [slot(day(10))] }, 'timeZone'],
        ['Tokyo', { timeZone: 'Tokyo', slots: [slot(day(10))] }, 'timeZone'],
        ['no zone', { slots: [slot(day(10))] }, 'timeZone'],
        ['no offset', { timeZone: 'Asia/Tokyo', slots: [slot('2026-12-10T11:00:00')] }, 'slots.0.startsAt'],
        ['a date only', { timeZone: 'Asia/Tokyo', slots: [slot('2026-12-10')] }, 'slots.0.startsAt'],
        ['a mode', { timeZone: 'Asia/Tokyo', slots: [slot(day(10), 30, 'carrier_pigeon')] }, 'slots.0.mode'],
      ];
      for (const [name, proposal, field] of refusals) {
        const res = await propose(school, proposal);
        expect(res.statusCode, name).toBe(400);
        expect(res.json<{ fields: Record<string, string> }>().fields, name).toHaveProperty([field]);
      }
      expect(await t.db.selectFrom('interviews').selectAll().execute()).toEqual([]);

      // The same, each just within the rules, is taken.
      const taken: unknown[] = [
        { timeZone: 'Asia/Tokyo', slots: [1, 2, 3, 4, 5].map((n) => slot(day(n))) },
        { timeZone: 'Asia/Tokyo', slots: [slot(day(6), 15), slot(day(7), 120)] },
        { timeZone: 'America/New_York', slots: [slot(day(8))] },
        { timeZone: 'UTC', slots: [slot('2026-12-09T11:00:00Z')] },
      ];
      for (const proposal of taken) expect((await propose(school, proposal)).statusCode).toBe(201);
    });

    it('the teacher accepts one time: both parties get an invitation in UTC; another time is then gone', async () => {
      const interview = await proposed({
        timeZone: 'Asia/Tokyo',
        slots: [
          { ...slot('2026-12-10T11:00:00+09:00', 45), where: 'https://meet.example/sunrise' },
          slot('2026-12-11T11:00:00+09:00'),
        ],
      });
      const [chosen, left] = interview.slots;
      await t.deps.mail.flush();
      t.mailbox.messages.length = 0;

      // Only the teacher accepts.
      expect((await accept(null, chosen!.id)).statusCode).toBe(401);
      expect((await accept(school, chosen!.id)).statusCode).toBe(404);
      expect((await accept(other, chosen!.id)).statusCode).toBe(404);
      expect((await applicationAs(teacher)).interviews[0]!.status).toBe('proposed');

      t.clock.advance(MINUTE);
      const res = await accept(teacher, chosen!.id);
      expect(res.statusCode).toBe(200);
      expect(res.json<{ interview: Interview }>().interview).toMatchObject({
        id: interview.id,
        status: 'accepted',
        acceptedSlotId: chosen!.id,
      });
      expect((await applicationAs(school)).interviews[0]).toMatchObject({
        status: 'accepted',
        acceptedSlotId: chosen!.id,
      });

      const toSchool = await t.mailbox.waitFor(schoolInbox, /Interview accepted/);
      const toTeacher = await t.mailbox.waitFor(teacher.email, /Your interview/);
      expect(toSchool.subject).toBe(`Interview accepted: ${JOB_NAME}`);
      expect(toTeacher.subject).toBe(`Your interview: ${JOB_NAME}`);
      expect(toTeacher.text).toContain('Thu, 10 Dec 2026, 11:00 (Asia/Tokyo)');
      for (const mail of [toSchool, toTeacher]) {
        const { type, lines } = calendarOf(mail);
        expect(type).toMatch(/method=REQUEST/i);
        expect(property(lines, 'METHOD')).toBe('REQUEST');
        expect(lines.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(1);
        expect(property(lines, 'DTSTART')).toBe('20261210T020000Z');
        expect(property(lines, 'DTEND')).toBe('20261210T024500Z');
        expect(property(lines, 'UID')).toBe(`${chosen!.id}@teacheast`);
        // A URI's scheme is read whatever its case.
        expect(property(lines, 'ORGANIZER')?.toLowerCase()).toBe(`mailto:${schoolInbox}`);
        expect(property(lines, 'ATTENDEE')?.toLowerCase()).toBe(`mailto:${teacher.email}`);
        expect(property(lines, 'LOCATION')).toBe('https://meet.example/sunrise');
        // An .ics attachment besides the calendar part.
        expect(partsOf(mail).some((p) => /^application\/ics/i.test(p.type))).toBe(true);
      }

      for (const slotId of [left!.id, chosen!.id]) {
        const again = await accept(teacher, slotId);
        expect(again.statusCode).toBe(409);
        expect(again.json()).toMatchObject({ errorType: 'SLOT_GONE' });
      }
      expect((await applicationAs(teacher)).interviews[0]!.acceptedSlotId).toBe(chosen!.id);
    });

    it('stamps the invitation with the moment it was made (DTSTAMP), not the interview’s start', async () => {
      const interview = await proposed({ timeZone: 'Asia/Tokyo', slots: [slot('2026-12-10T11:00:00+09:00')] });
      t.clock.set(Date.parse('2026-11-21T08:30:00Z'));
      expect((await accept(teacher, interview.slots[0]!.id)).statusCode).toBe(200);
      const { lines } = calendarOf(await t.mailbox.waitFor(teacher.email, /Your interview/));
      // RFC 5545 3.8.7.2: with a METHOD, DTSTAMP is when the iCalendar object was created.
      expect(property(lines, 'DTSTAMP')).toBe('20261121T083000Z');
    });

    it('a time of a cancelled proposal, or of another application, cannot be accepted', async () => {
      const interview = await proposed({ timeZone: 'Asia/Tokyo', slots: [slot('2026-12-10T11:00:00+09:00')] });
      expect((await cancel(school, interview.id, { reason: 'The post is filled' })).statusCode).toBe(200);
      const gone = await accept(teacher, interview.slots[0]!.id);
      expect(gone.statusCode).toBe(409);
      expect(gone.json()).toMatchObject({ errorType: 'SLOT_GONE' });

      // A time of another teacher's application is no time of this one.
      const secondTeacher = await createUser(t);
      await createResume(t, secondTeacher.id, { published_at: BASE });
      const theirs = await applyTo(secondTeacher, jobId);
      const theirInterview = (
        await propose(school, { timeZone: 'Asia/Tokyo', slots: [slot('2026-12-12T11:00:00+09:00')] }, theirs)
      ).json<{ interview: Interview }>().interview;
      expect((await accept(teacher, theirInterview.slots[0]!.id)).statusCode).toBe(404);
      expect((await accept(secondTeacher, theirInterview.slots[0]!.id)).statusCode).toBe(404);
      expect((await accept(secondTeacher, theirInterview.slots[0]!.id, theirs)).statusCode).toBe(200);
    });

    it('a time is gone once the school rejected the application or the teacher withdrew it', async () => {
      const secondTeacher = await createUser(t);
      await createResume(t, secondTeacher.id, { published_at: BASE });
      const withdrawnId = await applyTo(secondTeacher, jobId);
      const times = { timeZone: 'Asia/Tokyo', slots: [slot('2026-12-10T11:00:00+09:00')] };
      const rejected = await proposed(times);
      const withdrawn = (await propose(school, times, withdrawnId)).json<{ interview: Interview }>().interview;
      const decided = await t.inject({
        method: 'PATCH',
        url: `/api/applications/${applicationId}`,
        headers: school.auth,
        payload: { status: 'rejected' },
      });
      expect(decided.json<{ application: ApplicationDetail }>().application.status).toBe('rejected');
      const left = await t.inject({
        method: 'POST',
        url: `/api/applications/${withdrawnId}/withdraw`,
        headers: secondTeacher.auth,
      });
      expect(left.json<{ application: ApplicationDetail }>().application.status).toBe('withdrawn');
      await t.deps.mail.flush();
      t.mailbox.messages.length = 0;

      for (const [user, interview, id] of [
        [teacher, rejected, applicationId],
        [secondTeacher, withdrawn, withdrawnId],
      ] as const) {
        const res = await accept(user, interview.slots[0]!.id, id);
        expect(res.statusCode, id === applicationId ? 'rejected' : 'withdrawn').toBe(409);
        expect(res.json()).toMatchObject({ errorType: 'SLOT_GONE' });
      }
      // No invitation goes to the school for an application it turned down or the teacher took back.
      expect(await mailsTo(schoolInbox)).toEqual([]);
    });

    it('either party cancels with a reason; the other is told, and an accepted one leaves both calendars', async () => {
      const first = await proposed({ timeZone: 'Asia/Tokyo', slots: [slot('2026-12-10T11:00:00+09:00')] });
      await t.deps.mail.flush();
      t.mailbox.messages.length = 0;

      // A reason is needed.
      for (const payload of [undefined, {}, { reason: '' }, { reason: '   ' }, { reason: 'x'.repeat(501) }]) {
        expect((await cancel(teacher, first.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
      }
      expect((await cancel(null, first.id, { reason: 'No' })).statusCode).toBe(401);
      expect((await cancel(other, first.id, { reason: 'No' })).statusCode).toBe(404);
      expect((await applicationAs(teacher)).interviews[0]!.status).toBe('proposed');

      // The teacher cancels a proposal: the school is told at its contact address, with the reason.
      const cancelled = await cancel(teacher, first.id, { reason: '  I took another job  ' });
      expect(cancelled.statusCode).toBe(200);
      expect(cancelled.json<{ interview: Interview }>().interview).toMatchObject({
        id: first.id,
        status: 'cancelled',
        reason: 'I took another job',
      });
      const toSchool = await mailsTo(schoolInbox);
      expect(toSchool.map((m) => m.subject)).toEqual([`Interview cancelled: ${JOB_NAME}`]);
      expect(toSchool[0]!.text).toContain('Sam Teacher cancelled the interview');
      expect(toSchool[0]!.text).toContain('I took another job');
      expect(partsOf(toSchool[0]!).some((p) => /calendar/i.test(p.type))).toBe(false);
      expect(await mailsTo(teacher.email)).toEqual([]);
      expect((await cancel(teacher, first.id, { reason: 'Again' })).statusCode).toBe(404);

      // The school cancels an accepted one: both get the cancellation of the invitation.
      const second = await proposed({ timeZone: 'Asia/Tokyo', slots: [slot('2026-12-11T11:00:00+09:00', 60)] });
      expect((await accept(teacher, second.slots[0]!.id)).statusCode).toBe(200);
      await t.deps.mail.flush();
      t.mailbox.messages.length = 0;
      const off = await cancel(school, second.id, { reason: 'The principal is ill' });
      expect(off.json<{ interview: Interview }>().interview).toMatchObject({
        status: 'cancelled',
        acceptedSlotId: second.slots[0]!.id,
        reason: 'The principal is ill',
      });
      for (const address of [schoolInbox, teacher.email]) {
        const mails = await mailsTo(address);
        expect(mails.map((m) => m.subject)).toEqual([`Interview cancelled: ${JOB_NAME}`]);
        expect(mails[0]!.text).toContain('The principal is ill');
        // The part's own `method=` is not read here: the harness decodes quoted-printable over the
        // whole raw mail, which turns its "=CA" into a byte. The mailer takes it from METHOD.
        const { type, lines } = calendarOf(mails[0]!);
        expect(type).toMatch(/^text\/calendar/i);
        expect(property(lines, 'METHOD')).toBe('CANCEL');
        expect(property(lines, 'UID')).toBe(`${second.slots[0]!.id}@teacheast`);
        expect(property(lines, 'DTSTART')).toBe('20261211T020000Z');
        expect(Number(property(lines, 'SEQUENCE'))).toBeGreaterThan(0);
      }
      const { interviews } = await applicationAs(teacher);
      expect(interviews.map((i) => i.status)).toEqual(['cancelled', 'cancelled']);
    });
  });

  describe('offers', () => {
    const WORSE_SHEET: JobTerms = {
      ...AD_SHEET,
      salary: { ...AD_SHEET.salary, max: 280_000 },
      housing: 'none',
    };

    async function openReportsOfJob(): Promise<OperatorReport[]> {
      const operator = await createOperator(t);
      const res = await t.inject({ method: 'GET', url: '/api/operator/reports', headers: operator.auth });
      expect(res.statusCode).toBe(200);
      return res.json<{ reports: OperatorReport[] }>().reports.filter((r) => r.job.uuid === jobId);
    }

    it('the owner offers the ad’s terms: 201, `offered`, the teacher mailed, no differences and no report', async () => {
      const res = await offer(school, { terms: AD_SHEET, respondBy: '2026-12-15' });
      expect(res.statusCode).toBe(201);
      const made = res.json<{ offer: Offer }>().offer;
      expect(made).toEqual({
        id: expect.any(String) as string,
        terms: AD_SHEET,
        respondBy: '2026-12-15',
        status: 'open',
        createdAt: new Date(BASE).toISOString(),
        answeredAt: null,
        differences: [],
      });
      const application = await applicationAs(teacher);
      expect(application.status).toBe('offered');
      expect(application.history.map((h) => h.status)).toEqual(['submitted', 'offered']);
      expect(application.offer).toEqual(made);

      const mails = await mailsTo(teacher.email);
      expect(mails.map((m) => m.subject)).toEqual([`An offer for ${JOB_NAME}`]);
      expect(mails[0]!.text).toContain('Please answer by 2026-12-15');
      expect(mails[0]!.text).toContain('The offer is as the ad said.');
      expect(await openReportsOfJob()).toEqual([]);
    });

    it('an offer worse than the ad shows its differences and leaves an open report without a reporter', async () => {
      const res = await offer(school, { terms: WORSE_SHEET, respondBy: '2026-12-15' });
      expect(res.statusCode).toBe(201);
      const expected = [
        {
          field: 'salary',
          posted: 'JPY 250,000–300,000 a month, before tax',
          offered: 'JPY 250,000–280,000 a month, before tax',
          worse: true,
        },
        { field: 'housing', posted: 'Provided', offered: 'Not provided', worse: true },
      ];
      expect(res.json<{ offer: Offer }>().offer.differences).toEqual(expected);
      expect((await applicationAs(teacher)).offer!.differences).toEqual(expected);

      const mail = await t.mailbox.waitFor(teacher.email, /An offer for/);
      expect(mail.text).toContain('Where the offer differs from the ad:');
      expect(mail.text).toContain('- Housing: Not provided (the ad: Provided)');

      const reports = await openReportsOfJob();
      expect(reports).toEqual([
        expect.objectContaining({
          reason: 'terms_differ',
          reporterEmail: null,
          details: 'An offer made on TeachEast gives less than the ad on: salary, housing.',
          job: expect.objectContaining({ uuid: jobId }) as unknown,
        }),
      ]);
      const rows = await t.db.selectFrom('job_reports').selectAll().where('job_id', '=', jobId).execute();
      expect(rows.map((r) => [r.user_id, r.status])).toEqual([[null, 'open']]);
    });

    it('refuses a respondBy in the past and a sheet not valid for the job, with the fields', async () => {
      const yesterday = new Date(BASE - DAY).toISOString().slice(0, 10);
      const past = await offer(school, { terms: AD_SHEET, respondBy: yesterday });
      expect(past.statusCode).toBe(400);
      expect(past.json<{ fields: Record<string, string> }>().fields).toHaveProperty(['respondBy']);
      for (const respondBy of ['15/12/2026', '2026-13-01', '']) {
        expect((await offer(school, { terms: AD_SHEET, respondBy })).statusCode, respondBy).toBe(400);
      }

      const korean = await offer(school, {
        terms: { ...AD_SHEET, salary: { ...AD_SHEET.salary, currency: 'KRW', min: 2_500_000, max: 3_000_000 } },
        respondBy: '2026-12-15',
      });
      expect(korean.statusCode).toBe(400);
      expect(korean.json<{ fields: Record<string, string> }>().fields).toHaveProperty(['terms.salary.currency']);
      const permit = await offer(school, {
        terms: { ...AD_SHEET, visa: { sponsored: true, permit: 'KR-E2', costsPaidBy: 'school' } },
        respondBy: '2026-12-15',
      });
      expect(permit.statusCode).toBe(400);
      expect(permit.json<{ fields: Record<string, string> }>().fields).toHaveProperty(['terms.visa.permit']);
      const hours = await offer(school, { terms: { ...AD_SHEET, teachingHoursPerWeek: 50 }, respondBy: '2026-12-15' });
      expect(hours.statusCode).toBe(400);
      expect(hours.json<{ fields: Record<string, string> }>().fields).toHaveProperty(['terms.teachingHoursPerWeek']);
      expect((await offer(school, { respondBy: '2026-12-15' })).statusCode).toBe(400);
      expect(await t.db.selectFrom('offers').selectAll().execute()).toEqual([]);
      expect((await applicationAs(teacher)).status).toBe('submitted');

      // Today is not past.
      const today = new Date(BASE).toISOString().slice(0, 10);
      expect((await offer(school, { terms: AD_SHEET, respondBy: today })).statusCode).toBe(201);
    });

    it('only the owner offers, once while it waits: a second open offer is OFFER_EXISTS', async () => {
      const body = { terms: AD_SHEET, respondBy: '2026-12-15' };
      expect((await offer(null, body)).statusCode).toBe(401);
      expect((await offer(teacher, body)).statusCode).toBe(404);
      expect((await offer(other, body)).statusCode).toBe(404);
      expect((await offer(school, body)).statusCode).toBe(201);
      const second = await offer(school, { terms: WORSE_SHEET, respondBy: '2026-12-20' });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ errorType: 'OFFER_EXISTS' });
      expect(await t.db.selectFrom('offers').selectAll().execute()).toHaveLength(1);
    });

    it('the teacher accepts: the offer and the application are `accepted`, the school is mailed; once only', async () => {
      await proposed({ timeZone: 'Asia/Tokyo', slots: [slot('2026-12-10T11:00:00+09:00')] });
      expect((await offer(school, { terms: AD_SHEET, respondBy: '2026-12-15' })).statusCode).toBe(201);
      expect((await answer(null, 'accept')).statusCode).toBe(401);
      expect((await answer(school, 'accept')).statusCode).toBe(404);
      expect((await answer(school, 'decline')).statusCode).toBe(404);
      expect((await answer(other, 'accept')).statusCode).toBe(404);
      expect((await applicationAs(teacher)).offer!.status).toBe('open');

      t.clock.advance(MINUTE);
      const res = await answer(teacher, 'accept');
      expect(res.statusCode).toBe(200);
      expect(res.json<{ offer: Offer }>().offer).toMatchObject({
        status: 'accepted',
        answeredAt: new Date(BASE + MINUTE).toISOString(),
      });
      const application = await applicationAs(school);
      expect(application.status).toBe('accepted');
      expect(application.history.map((h) => h.status)).toEqual(['submitted', 'interview', 'offered', 'accepted']);
      expect(application.offer!.status).toBe('accepted');
      const mails = await mailsTo(schoolInbox);
      expect(mails.map((m) => m.subject)).toEqual([`Offer accepted: ${JOB_NAME}`]);

      expect((await answer(teacher, 'accept')).statusCode).toBe(404);
      expect((await answer(teacher, 'decline')).statusCode).toBe(404);
      expect((await applicationAs(teacher)).status).toBe('accepted');
    });

    it('the teacher declines: `declined`, the school is mailed, and may be offered again', async () => {
      expect((await offer(school, { terms: WORSE_SHEET, respondBy: '2026-12-15' })).statusCode).toBe(201);
      const res = await answer(teacher, 'decline');
      expect(res.statusCode).toBe(200);
      expect(res.json<{ offer: Offer }>().offer.status).toBe('declined');
      expect((await applicationAs(teacher)).status).toBe('declined');
      expect((await mailsTo(schoolInbox)).map((m) => m.subject)).toEqual([`Offer declined: ${JOB_NAME}`]);
      expect((await answer(teacher, 'accept')).statusCode).toBe(404);

      // A declined offer may be followed by a new one, which the teacher answers again.
      const again = await offer(school, { terms: AD_SHEET, respondBy: '2026-12-20' });
      expect(again.statusCode).toBe(201);
      expect((await offer(school, { terms: AD_SHEET, respondBy: '2026-12-21' })).json()).toMatchObject({
        errorType: 'OFFER_EXISTS',
      });
      // The conversation goes on after a decline.
      expect((await send(school, 'Can we talk about the housing?')).statusCode).toBe(201);
    });
  });

  describe('personal data', () => {
    it('the teacher’s export holds each application’s messages and interviews; deleting the account removes them', async () => {
      await send(teacher, 'Hello from the teacher');
      t.clock.advance(MINUTE);
      await send(school, 'Hello from the school');
      const interview = await proposed({ timeZone: 'Asia/Tokyo', slots: [slot('2026-12-10T11:00:00+09:00')] });
      expect((await accept(teacher, interview.slots[0]!.id)).statusCode).toBe(200);
      expect((await offer(school, { terms: AD_SHEET, respondBy: '2026-12-15' })).statusCode).toBe(201);

      const exported = await t.inject({ method: 'GET', url: '/api/account/export', headers: teacher.auth });
      expect(exported.statusCode).toBe(200);
      const data = exported.json<{
        applications: { id: string; messages: ConversationMessage[]; interviews: Interview[] }[];
      }>();
      const [application] = data.applications;
      expect(application!.id).toBe(applicationId);
      expect(application!.messages.map((m) => [m.from, m.body])).toEqual([
        ['teacher', 'Hello from the teacher'],
        ['school', 'Hello from the school'],
      ]);
      expect(application!.interviews).toEqual([
        expect.objectContaining({
          id: interview.id,
          timeZone: 'Asia/Tokyo',
          status: 'accepted',
          acceptedSlotId: interview.slots[0]!.id,
          slots: [expect.objectContaining({ startsAt: '2026-12-10T02:00:00.000Z', minutes: 30, mode: 'video' })],
        }),
      ]);
      // The school's export holds no one's application.
      const schools = await t.inject({ method: 'GET', url: '/api/account/export', headers: school.auth });
      expect(schools.json<{ applications: unknown[] }>().applications).toEqual([]);

      const deleted = await t.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: teacher.auth,
        payload: { password: TEST_PASSWORD },
      });
      expect(deleted.statusCode).toBe(200);
      const left = async (table: 'application_messages' | 'interviews' | 'offers' | 'conversation_mail') =>
        t.db.selectFrom(table).select('application_id').where('application_id', '=', applicationId).execute();
      expect(await left('application_messages')).toEqual([]);
      expect(await left('interviews')).toEqual([]);
      expect(await left('offers')).toEqual([]);
      expect(await left('conversation_mail')).toEqual([]);
      expect(
        await t.db.selectFrom('interview_slots').select('id').where('interview_id', '=', interview.id).execute(),
      ).toEqual([]);
      expect((await read(school)).statusCode).toBe(404);
    });
  });
});
