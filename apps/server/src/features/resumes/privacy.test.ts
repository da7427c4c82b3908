// Resume privacy (BEYOND §11), held at every place a resume can be reached: the board (from the index
// kept in the process and from the database, with the answer cache on), the details, the signed PDF
// and photo links, and a job's applicants; and who viewed it, once per account a day. Every refusal
// comes with its control: the same reader, or the same resume, let through when the rule allows it.
import type {
  Applicant,
  Application,
  ErrorBody,
  Resume,
  ResumeBoardAnswer,
  ResumePrivacy,
  ResumeViewsAnswer,
} from '@teacheast/shared';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { createSchool } from '../schools/test-factories.js';
import { createSubscription } from '../subscriptions/test-factories.js';
import { findBoardPage, refreshBoardIndex } from './board-index.js';
import * as repo from './repo.js';
import { COMPLETE_DETAILS, imageDataUrl, pdfDataUrl } from './test-factories.js';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MISSING_RESUME = '00000000-0000-4000-8000-000000000000';

const fail = (err: unknown) => {
  throw err;
};

/** Lets the event loop finish its turn: the answer cache reads versions again after it. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

let made = 0;
/** A signed-in user whose address is at `domain` (a new mailbox each time). */
async function userAt(t: TestApp, domain: string): Promise<TestUser> {
  made += 1;
  return createUser(t, `person${made}@${domain}`);
}

/** A user at `domain` with an active resume board subscription. */
async function subscriberAt(t: TestApp, domain: string): Promise<TestUser> {
  const user = await userAt(t, domain);
  await createSubscription(t, user.id);
  return user;
}

function call(t: TestApp, user: TestUser | null, method: InjectOptions['method'], url: string, payload?: object) {
  return t.inject({ method, url, headers: user ? user.auth : {}, ...(payload ? { payload } : {}) });
}

/** A resume made and published through the wizard, with a photo and a PDF: its id. */
async function publishResumeWithFiles(t: TestApp, teacher: TestUser): Promise<string> {
  // The newest on the board: page 1 shows it whatever the other tests published.
  t.clock.advance(1);
  const steps: [InjectOptions['method'], string, object | undefined][] = [
    ['PUT', 'details', COMPLETE_DETAILS],
    ['PATCH', 'profile-image', { profileImage: await imageDataUrl('png', 400, 400) }],
    ['PATCH', 'resume', { resumeUrl: pdfDataUrl() }],
    ['POST', 'publish', undefined],
  ];
  for (const [method, step, payload] of steps) {
    const res = await call(t, teacher, method, `/api/post-resume/${step}/${teacher.id}`, payload);
    expect(res.statusCode, `${step}: ${res.body}`).toBe(200);
  }
  const row = await t.db.selectFrom('resumes').select('id').where('user_id', '=', teacher.id).executeTakeFirstOrThrow();
  return row.id;
}

function putPrivacy(t: TestApp, teacher: TestUser, privacy: object) {
  return call(t, teacher, 'PUT', `/api/post-resume/privacy/${teacher.id}`, privacy);
}

async function setPrivacy(t: TestApp, teacher: TestUser, privacy: ResumePrivacy): Promise<void> {
  const res = await putPrivacy(t, teacher, privacy);
  expect(res.statusCode, res.body).toBe(200);
}

/** The resumes on page 1 of the board as `reader` sees it through the route. */
async function boardIds(t: TestApp, reader: TestUser): Promise<string[]> {
  const res = await call(t, reader, 'GET', `/api/resume-board/filter/${reader.id}?page=1`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ResumeBoardAnswer>().results.map((tile) => tile.uuid);
}

/** Page 1 of the board as the index kept in the process answers it for `reader` (it must answer). */
async function indexIds(t: TestApp, reader: TestUser): Promise<string[]> {
  const page = await findBoardPage(t.db, { page: 1, viewerDomains: [reader.email.split('@')[1]!] }, 12, fail);
  expect(page, 'the index kept in the process answers').not.toBeNull();
  return page!.map((tile) => tile.id);
}

/** Page 1 of the board as the database answers it for `reader`. */
async function databaseIds(t: TestApp, reader: TestUser): Promise<string[]> {
  return (await repo.searchBoard(t.db, { page: 1, viewerDomains: [reader.email.split('@')[1]!] })).map((r) => r.id);
}

describe(`resume privacy (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  describe('the privacy settings', () => {
    let teacher: TestUser;
    beforeEach(async () => {
      teacher = await userAt(t, 'teachers.example');
    });

    const privacyOf = async (user: TestUser) => {
      const res = await call(t, user, 'GET', `/api/post-resume/privacy/${user.id}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ResumePrivacy>();
    };

    it('are the board and no hidden domains until saved', async () => {
      const res = await call(t, teacher, 'GET', `/api/post-resume/privacy/${teacher.id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ visibility: 'board', hiddenFromDomains: [] });
      expect(res.headers['cache-control']).toBe('private, no-store');
    });

    it('are saved and read back; an address means its domain, and the same domain twice is kept once', async () => {
      const saved = await putPrivacy(t, teacher, {
        visibility: 'applications_only',
        hiddenFromDomains: ['hr@School.Example', 'school.example', ' other-school.example ', 'x@other-school.example'],
      });
      expect(saved.statusCode, saved.body).toBe(200);
      const expected = {
        visibility: 'applications_only',
        hiddenFromDomains: ['other-school.example', 'school.example'],
      };
      expect(saved.json<ResumePrivacy>()).toEqual(expected);
      expect(await privacyOf(teacher)).toEqual(expected);
      const stored = await t.db
        .selectFrom('resume_hidden_domains')
        .select('domain')
        .where('user_id', '=', teacher.id)
        .orderBy('domain')
        .execute();
      expect(stored.map((row) => row.domain)).toEqual(['other-school.example', 'school.example']);

      // Saved again: the new list replaces the old one.
      await setPrivacy(t, teacher, { visibility: 'board', hiddenFromDomains: ['third.example'] });
      expect(await privacyOf(teacher)).toEqual({ visibility: 'board', hiddenFromDomains: ['third.example'] });
    });

    it('refuse an unknown visibility, what is not a domain, and a 21st domain (400), changing nothing', async () => {
      await setPrivacy(t, teacher, { visibility: 'board', hiddenFromDomains: ['kept.example'] });
      const twenty = Array.from({ length: 20 }, (_, i) => `school-${i}.example`);
      const refused: [object, string][] = [
        [{ visibility: 'everyone', hiddenFromDomains: [] }, 'visibility'],
        [{ visibility: 'board', hiddenFromDomains: ['not a domain'] }, 'hiddenFromDomains'],
        [{ visibility: 'board', hiddenFromDomains: ['hr@'] }, 'hiddenFromDomains'],
        [{ visibility: 'board', hiddenFromDomains: ['localhost'] }, 'hiddenFromDomains'],
        [{ visibility: 'board', hiddenFromDomains: [...twenty, 'school-20.example'] }, 'hiddenFromDomains'],
        [{ visibility: 'board' }, 'hiddenFromDomains'],
        [{ visibility: 'board', hiddenFromDomains: [], extra: true }, ''],
      ];
      for (const [body, field] of refused) {
        const res = await putPrivacy(t, teacher, body);
        expect([body, res.statusCode]).toEqual([body, 400]);
        expect(res.json<ErrorBody>()).toMatchObject({ error: true, errorType: 'VALIDATION' });
        if (field) expect(Object.keys(res.json<ErrorBody>().fields ?? {}).join(' ')).toContain(field);
      }
      expect(await privacyOf(teacher)).toEqual({ visibility: 'board', hiddenFromDomains: ['kept.example'] });
      // The control: twenty domains are allowed.
      await setPrivacy(t, teacher, { visibility: 'board', hiddenFromDomains: twenty });
      expect((await privacyOf(teacher)).hiddenFromDomains).toHaveLength(20);
    });

    it("are the owner's only: 401 anonymous, 403 for another user, nothing read or changed", async () => {
      await setPrivacy(t, teacher, { visibility: 'applications_only', hiddenFromDomains: ['secret.example'] });
      const other = await userAt(t, 'teachers.example');
      const url = `/api/post-resume/privacy/${teacher.id}`;
      const body = { visibility: 'board', hiddenFromDomains: [] };
      for (const [method, payload] of [
        ['GET', undefined],
        ['PUT', body],
      ] as const) {
        const anonymous = await call(t, null, method, url, payload);
        expect(anonymous.statusCode).toBe(401);
        expect(anonymous.json()).toMatchObject({ error: true });
        const foreign = await call(t, other, method, url, payload);
        expect(foreign.statusCode).toBe(403);
        expect(foreign.body).not.toContain('secret.example');
      }
      expect(await privacyOf(teacher)).toEqual({
        visibility: 'applications_only',
        hiddenFromDomains: ['secret.example'],
      });
      // The other user's own settings are theirs to read (the control of the 403).
      expect(await privacyOf(other)).toEqual({ visibility: 'board', hiddenFromDomains: [] });
    });
  });

  describe('the board', () => {
    let teacher: TestUser;
    let resumeId: string;
    let subscriber: TestUser;
    let hiddenSubscriber: TestUser;

    beforeEach(async () => {
      // Only this test's resumes, so each is on page 1.
      await t.db.deleteFrom('resumes').execute();
      teacher = await userAt(t, 'teachers.example');
      resumeId = await publishResumeWithFiles(t, teacher);
      subscriber = await subscriberAt(t, 'open-school.example');
      hiddenSubscriber = await subscriberAt(t, 'hidden-school.example');
    });

    it('applications_only takes the resume off the board at once, from the index and the database; board puts it back', async () => {
      const neighbourId = await publishResumeWithFiles(t, await userAt(t, 'teachers.example'));

      // The control: on the board, from the index and through the route.
      await refreshBoardIndex(t.db);
      expect(await indexIds(t, subscriber)).toContain(resumeId);
      expect(await boardIds(t, subscriber)).toContain(resumeId);

      const before = await repo.findBoardVersion(t.db);
      await setPrivacy(t, teacher, { visibility: 'applications_only', hiddenFromDomains: [] });
      expect(await repo.findBoardVersion(t.db)).toBeGreaterThan(before);
      // The index is behind now: the route's next answer is the database's.
      expect(await boardIds(t, subscriber)).toEqual([neighbourId]);
      expect(await databaseIds(t, subscriber)).toEqual([neighbourId]);
      // Made again, the index leaves it out too.
      await refreshBoardIndex(t.db);
      expect(await indexIds(t, subscriber)).toEqual([neighbourId]);
      expect(await boardIds(t, subscriber)).toEqual([neighbourId]);

      await setPrivacy(t, teacher, { visibility: 'board', hiddenFromDomains: [] });
      expect((await boardIds(t, subscriber)).sort()).toEqual([resumeId, neighbourId].sort());
      expect((await databaseIds(t, subscriber)).sort()).toEqual([resumeId, neighbourId].sort());
      await refreshBoardIndex(t.db);
      expect((await indexIds(t, subscriber)).sort()).toEqual([resumeId, neighbourId].sort());
    });

    it('is read from the database by a freshly started app, which leaves out a resume kept to applications', async () => {
      const fresh = await createTestApp();
      try {
        // A new database and app: nothing is kept in the process for it, so its first page is the database's.
        const reader = await subscriberAt(fresh, 'open-school.example');
        const closed = await publishResumeWithFiles(fresh, await userAt(fresh, 'teachers.example'));
        const closer = await fresh.db
          .selectFrom('resumes')
          .select('user_id')
          .where('id', '=', closed)
          .executeTakeFirstOrThrow();
        await fresh.db
          .insertInto('resume_privacy')
          .values({ user_id: closer.user_id, visibility: 'applications_only', updated_at: fresh.clock.now() })
          .execute();
        const open = await publishResumeWithFiles(fresh, await userAt(fresh, 'teachers.example'));
        expect(await boardIds(fresh, reader)).toEqual([open]);
        await refreshBoardIndex(fresh.db);
        expect(await indexIds(fresh, reader)).toEqual([open]);
        expect(await boardIds(fresh, reader)).toEqual([open]);
      } finally {
        await fresh.close();
      }
    });

    it('never shows a resume to a subscriber whose domain it is hidden from, while another subscriber sees it', async () => {
      await refreshBoardIndex(t.db);
      // The control: before the change both see it.
      expect(await boardIds(t, hiddenSubscriber)).toContain(resumeId);
      expect(await boardIds(t, subscriber)).toContain(resumeId);

      await setPrivacy(t, teacher, { visibility: 'board', hiddenFromDomains: ['hidden-school.example'] });
      // At once, from the database (the index is behind).
      expect(await boardIds(t, hiddenSubscriber)).not.toContain(resumeId);
      expect(await databaseIds(t, hiddenSubscriber)).not.toContain(resumeId);
      expect(await databaseIds(t, subscriber)).toContain(resumeId);
      expect(await boardIds(t, subscriber)).toContain(resumeId);
      // And from the index made again.
      await refreshBoardIndex(t.db);
      expect(await indexIds(t, hiddenSubscriber)).not.toContain(resumeId);
      expect(await indexIds(t, subscriber)).toContain(resumeId);
      expect(await boardIds(t, hiddenSubscriber)).not.toContain(resumeId);
      expect(await boardIds(t, subscriber)).toContain(resumeId);
      // With a filter that matches it, too.
      const filtered = await call(
        t,
        hiddenSubscriber,
        'GET',
        `/api/resume-board/filter/${hiddenSubscriber.id}?nationality=${COMPLETE_DETAILS.nationality}&page=1`,
      );
      expect(filtered.json<ResumeBoardAnswer>().results.map((tile) => tile.uuid)).not.toContain(resumeId);
      const filteredOpen = await call(
        t,
        subscriber,
        'GET',
        `/api/resume-board/filter/${subscriber.id}?nationality=${COMPLETE_DETAILS.nationality}&page=1`,
      );
      expect(filteredOpen.json<ResumeBoardAnswer>().results.map((tile) => tile.uuid)).toContain(resumeId);

      // The domain taken off the list: back on that subscriber's board.
      await setPrivacy(t, teacher, { visibility: 'board', hiddenFromDomains: [] });
      expect(await boardIds(t, hiddenSubscriber)).toContain(resumeId);
    });
  });

  describe('the board with the answer cache on', () => {
    let cached: TestApp;
    beforeAll(async () => {
      cached = await createTestApp({ env: { RESPONSE_CACHE_MS: '60000' } });
    });
    afterAll(async () => cached.close());

    /** A change the cache cannot see: a resume's name written with the board's version put back. */
    async function renameUnseen(resumeId: string, name: string) {
      const version = await repo.findBoardVersion(cached.db);
      await cached.db.updateTable('resumes').set({ name }).where('id', '=', resumeId).execute();
      await cached.db.updateTable('content_versions').set({ version }).where('name', '=', 'resumes').execute();
    }

    const names = async (reader: TestUser) => {
      const res = await call(cached, reader, 'GET', `/api/resume-board/filter/${reader.id}?page=1`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ResumeBoardAnswer>().results.map((tile) => `${tile.uuid} ${tile.name}`);
    };

    it('serves no kept page once the privacy changes: visibility and hidden domains are seen at once', async () => {
      const teacher = await userAt(cached, 'teachers.example');
      const resumeId = await publishResumeWithFiles(cached, teacher);
      const subscriber = await subscriberAt(cached, 'open-school.example');
      const hiddenSubscriber = await subscriberAt(cached, 'hidden-school.example');
      expect(await names(subscriber)).toEqual([`${resumeId} ${COMPLETE_DETAILS.name}`]);
      expect(await names(hiddenSubscriber)).toEqual([`${resumeId} ${COMPLETE_DETAILS.name}`]);
      // The control: the cache is on, and keeps the page while the board's version stays.
      await renameUnseen(resumeId, 'Unseen Name');
      await nextTurn();
      expect(await names(subscriber)).toEqual([`${resumeId} ${COMPLETE_DETAILS.name}`]);

      await setPrivacy(cached, teacher, { visibility: 'board', hiddenFromDomains: ['hidden-school.example'] });
      await nextTurn();
      expect(await names(hiddenSubscriber)).toEqual([]);
      expect(await names(subscriber)).toEqual([`${resumeId} Unseen Name`]);

      await setPrivacy(cached, teacher, { visibility: 'applications_only', hiddenFromDomains: [] });
      await nextTurn();
      expect(await names(subscriber)).toEqual([]);
      expect(await names(hiddenSubscriber)).toEqual([]);

      await setPrivacy(cached, teacher, { visibility: 'board', hiddenFromDomains: [] });
      await nextTurn();
      expect(await names(subscriber)).toEqual([`${resumeId} Unseen Name`]);
      expect(await names(hiddenSubscriber)).toEqual([`${resumeId} Unseen Name`]);
    });
  });

  describe('the details, the links and the applicants', () => {
    /** A school's account at `domain` with a live job, and a teacher with a published resume who applied to it. */
    async function applied(domain: string) {
      const school = await userAt(t, domain);
      const teacher = await userAt(t, 'teachers.example');
      const jobId = await createPublishedJob(t, school.id, { company_name: 'Applied School' });
      const resumeId = await publishResumeWithFiles(t, teacher);
      const res = await call(t, teacher, 'POST', `/api/jobs/${jobId}/applications`, {});
      expect(res.statusCode, res.body).toBe(201);
      const applicationId = res.json<{ application: Application }>().application.id;
      return { school, teacher, jobId, resumeId, applicationId };
    }

    const details = (reader: TestUser, resumeId: string) => call(t, reader, 'GET', `/api/resume-details/${resumeId}`);

    it('applications_only closes the details to subscribers, not to a school the teacher applied to, nor to the owner', async () => {
      const c = await applied('applied-school.example');
      const subscriber = await subscriberAt(t, 'open-school.example');
      // The control: on the board, a subscriber reads it.
      expect((await details(subscriber, c.resumeId)).statusCode).toBe(200);

      await setPrivacy(t, c.teacher, { visibility: 'applications_only', hiddenFromDomains: [] });
      const refused = await details(subscriber, c.resumeId);
      expect(refused.statusCode).toBe(404);
      // Answered as a resume that does not exist: nothing tells it is there.
      expect(refused.body).toBe((await details(subscriber, MISSING_RESUME)).body);
      const school = await details(c.school, c.resumeId);
      expect(school.statusCode, school.body).toBe(200);
      expect(school.json<Resume>()).toMatchObject({ uuid: c.resumeId, name: COMPLETE_DETAILS.name });
      const own = await details(c.teacher, c.resumeId);
      expect(own.statusCode).toBe(200);
      expect(own.json<Resume>().uuid).toBe(c.resumeId);

      // The application withdrawn, the school is one the teacher no longer applies to.
      const withdrawn = await call(t, c.teacher, 'POST', `/api/applications/${c.applicationId}/withdraw`);
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect((await details(c.school, c.resumeId)).statusCode).toBe(404);
      expect((await details(c.teacher, c.resumeId)).statusCode).toBe(200);
    });

    it("a hidden domain closes the details to that domain's school even when the teacher applied, and to its subscribers", async () => {
      const c = await applied('hidden-school.example');
      const hiddenSubscriber = await subscriberAt(t, 'hidden-school.example');
      const subscriber = await subscriberAt(t, 'open-school.example');
      // The control: before the change, the school it applied to and both subscribers read it.
      for (const reader of [c.school, hiddenSubscriber, subscriber]) {
        expect((await details(reader, c.resumeId)).statusCode).toBe(200);
      }
      await setPrivacy(t, c.teacher, { visibility: 'board', hiddenFromDomains: ['hidden-school.example'] });
      for (const reader of [c.school, hiddenSubscriber]) {
        const res = await details(reader, c.resumeId);
        expect(res.statusCode).toBe(404);
        expect(res.body).toBe((await details(reader, MISSING_RESUME)).body);
      }
      expect((await details(subscriber, c.resumeId)).statusCode).toBe(200);
      expect((await details(c.teacher, c.resumeId)).statusCode).toBe(200);
      // Kept to applications and hidden: still closed to the school applied to.
      await setPrivacy(t, c.teacher, { visibility: 'applications_only', hiddenFromDomains: ['hidden-school.example'] });
      expect((await details(c.school, c.resumeId)).statusCode).toBe(404);
      expect((await details(subscriber, c.resumeId)).statusCode).toBe(404);
    });

    it('a PDF link and a photo link handed out before a change of privacy stop working; new ones work for who may still read', async () => {
      const teacher = await userAt(t, 'teachers.example');
      const resumeId = await publishResumeWithFiles(t, teacher);
      const subscriber = await subscriberAt(t, 'open-school.example');
      const first = (await details(subscriber, resumeId)).json<Resume>();
      expect(first.resumeUrl).toMatch(/^\/api\/resume-pdf\//);
      expect(first.profileImage).toMatch(/^\/api\/resume-image\//);
      await refreshBoardIndex(t.db);
      const [tile] = (await call(t, subscriber, 'GET', `/api/resume-board/filter/${subscriber.id}?page=1`))
        .json<ResumeBoardAnswer>()
        .results.filter((r) => r.uuid === resumeId);
      const links = [first.resumeUrl, first.profileImage!, tile!.profileImage!];
      // The control: before the change they open.
      for (const link of links) expect([link, (await call(t, null, 'GET', link)).statusCode]).toEqual([link, 200]);

      // A change that still lets this subscriber read: the old links end all the same.
      t.clock.advance(1000);
      await setPrivacy(t, teacher, { visibility: 'board', hiddenFromDomains: ['elsewhere.example'] });
      for (const link of links) expect([link, (await call(t, null, 'GET', link)).statusCode]).toEqual([link, 403]);
      const second = (await details(subscriber, resumeId)).json<Resume>();
      expect(second.resumeUrl).not.toBe(first.resumeUrl);
      expect((await call(t, null, 'GET', second.resumeUrl)).statusCode).toBe(200);
      expect((await call(t, null, 'GET', second.profileImage!)).statusCode).toBe(200);

      // Closed to subscribers: the links of the second reading end too.
      t.clock.advance(1000);
      await setPrivacy(t, teacher, { visibility: 'applications_only', hiddenFromDomains: [] });
      expect((await call(t, null, 'GET', second.resumeUrl)).statusCode).toBe(403);
      expect((await call(t, null, 'GET', second.profileImage!)).statusCode).toBe(403);
      // The owner's own new links work.
      const own = (await details(teacher, resumeId)).json<Resume>();
      expect((await call(t, null, 'GET', own.resumeUrl)).statusCode).toBe(200);
      expect((await call(t, null, 'GET', own.profileImage!)).statusCode).toBe(200);
    });

    it('a link handed out between two changes of privacy in the same millisecond stops working after the second', async () => {
      // The clock does not move between the two saves: the link must still end with the second one.
      const teacher = await userAt(t, 'teachers.example');
      const resumeId = await publishResumeWithFiles(t, teacher);
      const subscriber = await subscriberAt(t, 'open-school.example');
      t.clock.advance(1000);
      await setPrivacy(t, teacher, { visibility: 'board', hiddenFromDomains: ['elsewhere.example'] });
      const read = (await details(subscriber, resumeId)).json<Resume>();
      expect((await call(t, null, 'GET', read.resumeUrl)).statusCode).toBe(200);
      await setPrivacy(t, teacher, { visibility: 'applications_only', hiddenFromDomains: [] });
      expect((await details(subscriber, resumeId)).statusCode).toBe(404);
      expect((await call(t, null, 'GET', read.resumeUrl)).statusCode).toBe(403);
      expect((await call(t, null, 'GET', read.profileImage!)).statusCode).toBe(403);
    });

    it('lists an applicant without the resume to a school whose domain the teacher hides it from, with it otherwise', async () => {
      const c = await applied('hiring-school.example');
      // A second applicant to the same job, who hides nothing: the control.
      const open = await userAt(t, 'teachers.example');
      const openResume = await publishResumeWithFiles(t, open);
      const openApplied = await call(t, open, 'POST', `/api/jobs/${c.jobId}/applications`, {});
      expect(openApplied.statusCode).toBe(201);
      const openApplication = openApplied.json<{ application: Application }>().application.id;

      const listed = async () => {
        const res = await call(t, c.school, 'GET', `/api/jobs/${c.jobId}/applications`);
        expect(res.statusCode, res.body).toBe(200);
        const byId = new Map(res.json<{ applications: Applicant[] }>().applications.map((a) => [a.id, a.resumeUuid]));
        return { hiding: byId.get(c.applicationId), open: byId.get(openApplication) };
      };
      const opened = async (applicationId: string, reader: TestUser = c.school) => {
        const res = await call(t, reader, 'GET', `/api/applications/${applicationId}`);
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ application: Applicant }>().application.resumeUuid;
      };

      expect(await listed()).toEqual({ hiding: c.resumeId, open: openResume });
      expect(await opened(c.applicationId)).toBe(c.resumeId);

      await setPrivacy(t, c.teacher, { visibility: 'board', hiddenFromDomains: ['hiring-school.example'] });
      expect(await listed()).toEqual({ hiding: '', open: openResume });
      expect(await opened(c.applicationId)).toBe('');
      expect(await opened(openApplication)).toBe(openResume);
      // A decision answers the application as the school reads it: without the resume too.
      const decided = await call(t, c.school, 'PATCH', `/api/applications/${c.applicationId}`, {
        status: 'shortlisted',
      });
      expect(decided.statusCode, decided.body).toBe(200);
      expect(decided.json<{ application: Applicant }>().application.resumeUuid).toBe('');

      // Another domain hidden instead: the school sees the resume again.
      await setPrivacy(t, c.teacher, { visibility: 'board', hiddenFromDomains: ['elsewhere.example'] });
      expect(await listed()).toEqual({ hiding: c.resumeId, open: openResume });
      expect(await opened(c.applicationId)).toBe(c.resumeId);
    });
  });

  describe('who viewed', () => {
    const views = async (owner: TestUser) => {
      const res = await call(t, owner, 'GET', `/api/post-resume/views/${owner.id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toBe('private, no-store');
      return res.json<ResumeViewsAnswer>().views;
    };
    const open = async (reader: TestUser, resumeId: string) => {
      const res = await call(t, reader, 'GET', `/api/resume-details/${resumeId}`);
      expect(res.statusCode, res.body).toBe(200);
    };

    beforeAll(() => {
      // Nine in the morning (UTC) of the next day: the day's openings stay within it.
      t.clock.set((Math.floor(t.clock.now() / DAY) + 1) * DAY + 9 * HOUR);
    });

    it('records an opening by another account once a day, never the owner’s own', async () => {
      const teacher = await userAt(t, 'teachers.example');
      const resumeId = await publishResumeWithFiles(t, teacher);
      const subscriber = await subscriberAt(t, 'viewing-school.example');
      expect(await views(teacher)).toEqual([]);

      await open(teacher, resumeId);
      expect(await views(teacher)).toEqual([]);

      const firstAt = t.clock.now();
      await open(subscriber, resumeId);
      expect(await views(teacher)).toEqual([
        { viewer: { name: 'viewing-school.example' }, at: new Date(firstAt).toISOString() },
      ]);
      t.clock.advance(2 * HOUR);
      await open(subscriber, resumeId);
      await open(subscriber, resumeId);
      expect(await views(teacher)).toHaveLength(1);

      t.clock.advance(DAY);
      const nextAt = t.clock.now();
      await open(subscriber, resumeId);
      expect(await views(teacher)).toEqual([
        { viewer: { name: 'viewing-school.example' }, at: new Date(nextAt).toISOString() },
        { viewer: { name: 'viewing-school.example' }, at: new Date(firstAt).toISOString() },
      ]);
      // A refused reading is no view.
      await setPrivacy(t, teacher, { visibility: 'applications_only', hiddenFromDomains: [] });
      t.clock.advance(DAY);
      expect((await call(t, subscriber, 'GET', `/api/resume-details/${resumeId}`)).statusCode).toBe(404);
      expect(await views(teacher)).toHaveLength(2);
    });

    it("names each viewer by their school (with its page), else their latest job's company, else their domain; newest first", async () => {
      const teacher = await userAt(t, 'teachers.example');
      const resumeId = await publishResumeWithFiles(t, teacher);

      const withSchool = await subscriberAt(t, 'sakura.example');
      const school = await createSchool(t, withSchool, { name: 'Sakura English Kobe', city: 'Kobe' });
      // A job under another company name does not win over the school.
      await createPublishedJob(t, withSchool.id, { company_name: 'Not The School' });

      const withJobs = await subscriberAt(t, 'bluesky.example');
      await createPublishedJob(t, withJobs.id, { company_name: 'Old Company Name' });
      t.clock.advance(60_000);
      await createPublishedJob(t, withJobs.id, { company_name: 'Blue Sky School' });

      const plain = await subscriberAt(t, 'plain-mail.example');

      const at: string[] = [];
      for (const reader of [plain, withJobs, withSchool]) {
        t.clock.advance(60_000);
        at.push(new Date(t.clock.now()).toISOString());
        await open(reader, resumeId);
      }
      expect(await views(teacher)).toEqual([
        { viewer: { name: 'Sakura English Kobe', school: school.slug }, at: at[2] },
        { viewer: { name: 'Blue Sky School' }, at: at[1] },
        { viewer: { name: 'plain-mail.example' }, at: at[0] },
      ]);
      // No one's views but the owner's own.
      const reader = await userAt(t, 'teachers.example');
      expect(await views(reader)).toEqual([]);
    });

    it("are the owner's only: 401 anonymous, 403 for another user", async () => {
      const teacher = await userAt(t, 'teachers.example');
      const resumeId = await publishResumeWithFiles(t, teacher);
      const subscriber = await subscriberAt(t, 'secret-viewer.example');
      await open(subscriber, resumeId);
      const url = `/api/post-resume/views/${teacher.id}`;
      const anonymous = await call(t, null, 'GET', url);
      expect(anonymous.statusCode).toBe(401);
      const foreign = await call(t, subscriber, 'GET', url);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.body).not.toContain('secret-viewer.example');
      // The control: the owner reads them.
      expect(await views(teacher)).toEqual([
        { viewer: { name: 'secret-viewer.example' }, at: expect.any(String) as string },
      ]);
    });
  });
});
