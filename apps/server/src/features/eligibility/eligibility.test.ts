// "Can I take this job?" over HTTP (BEYOND §7): the teacher's private facts, the answer for a job
// from the permit its sheet names, facts asked in the query or saved, and the rules read at start.
import { ELIGIBILITY_RULES, type JobTerms } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { termsColumns } from '../../db/job-terms.js';
import { createResume } from '../resumes/test-factories.js';
import { createSubscription } from '../subscriptions/test-factories.js';
import { loadEligibilityRules } from './service.js';

const KOREA_SHEET: JobTerms = {
  salary: { currency: 'KRW', min: 2_300_000, max: 2_600_000, period: 'month', basis: 'gross' },
  teachingHoursPerWeek: 30,
  housing: 'provided',
  flights: 'paid',
  visa: { sponsored: true, permit: 'KR-E2', costsPaidBy: 'school' },
  vacationDays: 18,
  healthInsurance: 'full',
  severance: 'legal',
  splitShift: false,
  saturdays: 'never',
};

const E2_PASSPORT =
  'The E-2 visa needs a passport of the US, UK, Canada, Ireland, South Africa, Australia or New Zealand';

describe(`visa eligibility (${dialect})`, () => {
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let korea: string;
  let noSheet: string;
  let draft: string;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    korea = await createPublishedJob(t, owner.id, { country: 'south-korea', city: 'Seoul' });
    await t.db.updateTable('jobs').set(termsColumns(KOREA_SHEET, 'south-korea')).where('id', '=', korea).execute();
    noSheet = await createPublishedJob(t, owner.id, { country: 'japan', city: 'Tokyo' });
    draft = await createPublishedJob(t, owner.id, { country: 'south-korea', city: 'Seoul', published_at: null });
    await t.db.updateTable('jobs').set(termsColumns(KOREA_SHEET, 'south-korea')).where('id', '=', draft).execute();
  });
  afterAll(async () => t.close());

  const ask = (job: string, query = '', headers: Record<string, string> = {}) =>
    t.inject({ method: 'GET', url: `/api/jobs/${job}/eligibility${query}`, headers });
  const facts = (userId: string, headers: Record<string, string>, payload?: object) =>
    t.inject({
      method: payload ? 'PUT' : 'GET',
      url: `/api/post-resume/eligibility/${userId}`,
      headers,
      ...(payload ? { payload } : {}),
    });

  it('answers a job from the facts in the query: a Philippine passport is not eligible for KR-E2, and says why', async () => {
    const res = await ask(korea, '?passport=PH&degree=bachelor&teflHours=120&teachingYears=1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      status: 'not_eligible',
      reasons: [{ code: 'passport', text: E2_PASSPORT }],
      permit: 'KR-E2',
      rulesReviewedAt: ELIGIBILITY_RULES.reviewedAt,
    });
    // The control: a US passport and a degree.
    const us = await ask(korea, '?passport=ph,us&degree=bachelor');
    expect(us.json()).toMatchObject({ status: 'eligible', reasons: [], permit: 'KR-E2' });
    // No degree given: the rule needs it.
    const missing = await ask(korea, '?passport=US');
    expect(missing.json()).toMatchObject({ status: 'unknown', reasons: [{ code: 'missing_degree' }] });
    // An associate degree is not enough.
    expect((await ask(korea, '?passport=US&degree=associate')).json()).toMatchObject({
      status: 'not_eligible',
      reasons: [{ code: 'degree' }],
    });
  });

  it('answers unknown for a job whose sheet names no permit, or that has no sheet', async () => {
    const res = await ask(noSheet, '?passport=US&degree=master');
    expect(res.json()).toMatchObject({ status: 'unknown', permit: null, reasons: [{ code: 'no_permit' }] });
  });

  it('refuses a question with no facts (400 NO_ELIGIBILITY_FACTS), and malformed facts (400 VALIDATION)', async () => {
    const none = await ask(korea);
    expect(none.statusCode).toBe(400);
    expect(none.json()).toMatchObject({ error: true, errorType: 'NO_ELIGIBILITY_FACTS' });
    // A member without saved facts, too.
    const member = await createUser(t);
    expect((await ask(korea, '', member.auth)).json()).toMatchObject({ errorType: 'NO_ELIGIBILITY_FACTS' });
    for (const [query, field] of [
      ['?passport=USA', 'passport'],
      ['?passport=US,GB,CA,IE', 'passport'],
      ['?degree=phd', 'degree'],
      ['?teflHours=1001', 'teflHours'],
      ['?teachingYears=-1', 'teachingYears'],
      ['?teachingYears=1.5', 'teachingYears'],
    ] as const) {
      const res = await ask(korea, query);
      expect([query, res.statusCode]).toEqual([query, 400]);
      // A passport's fault is named by its place in the list (passport.0).
      expect(Object.keys(res.json<{ fields: object }>().fields).some((key) => key.split('.')[0] === field)).toBe(true);
    }
  });

  it('keeps a member’s facts private to them, and answers from them when the query has none', async () => {
    const teacher = await createUser(t);
    const other = await createUser(t);
    expect((await facts(teacher.id, teacher.auth)).json()).toEqual({ facts: null });
    const saved = await facts(teacher.id, teacher.auth, { passports: ['PH'], degree: 'master', teflHours: 150 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.headers['cache-control']).toContain('no-store');
    expect((await facts(teacher.id, teacher.auth)).json()).toEqual({
      facts: { passports: ['PH'], degree: 'master', teflHours: 150 },
    });
    // Nobody else reads or writes them.
    expect((await facts(teacher.id, {})).statusCode).toBe(401);
    expect((await facts(teacher.id, other.auth)).statusCode).toBe(403);
    expect((await facts(teacher.id, other.auth, { passports: ['US'], degree: 'master' })).statusCode).toBe(403);
    expect((await facts(teacher.id, teacher.auth)).json()).toMatchObject({ facts: { passports: ['PH'] } });
    // The saved facts answer for them; facts in the query win over them.
    expect((await ask(korea, '', teacher.auth)).json()).toMatchObject({ status: 'not_eligible' });
    expect((await ask(korea, '?passport=GB&degree=bachelor', teacher.auth)).json()).toMatchObject({
      status: 'eligible',
    });
    // And they are in the account's export.
    const exported = await t.inject({ method: 'GET', url: '/api/account/export', headers: teacher.auth });
    expect(exported.json()).toMatchObject({ eligibilityFacts: { passports: ['PH'], degree: 'master' } });
  });

  it('refuses facts out of their ranges, naming the field, and stores nothing', async () => {
    const teacher = await createUser(t);
    for (const [payload, field] of [
      [{ passports: [] }, 'passports'],
      [{ passports: ['US', 'GB', 'CA', 'IE'] }, 'passports'],
      [{ passports: ['us'] }, 'passports.0'],
      [{ degree: 'phd' }, 'degree'],
      [{ teflHours: 1001 }, 'teflHours'],
      [{ teachingYears: 41 }, 'teachingYears'],
      [{ eyes: 'blue' }, 'eyes'],
    ] as const) {
      const res = await facts(teacher.id, teacher.auth, payload);
      expect([payload, res.statusCode]).toEqual([payload, 400]);
      expect(Object.keys(res.json<{ fields: object }>().fields)).toContain(field);
    }
    expect((await facts(teacher.id, teacher.auth)).json()).toEqual({ facts: null });
    // The control: all four within range.
    const ok = await facts(teacher.id, teacher.auth, {
      passports: ['US'],
      degree: 'none',
      teflHours: 0,
      teachingYears: 40,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('answers a draft only to its owner, as the posting itself', async () => {
    const other = await createUser(t);
    expect((await ask(draft, '?passport=US&degree=bachelor')).statusCode).toBe(404);
    expect((await ask(draft, '?passport=US&degree=bachelor', other.auth)).statusCode).toBe(404);
    expect((await ask(draft, '?passport=US&degree=bachelor', owner.auth)).json()).toMatchObject({ status: 'eligible' });
    expect((await ask('00000000-0000-4000-8000-000000000000', '?passport=US')).statusCode).toBe(404);
  });

  describe('eligibleOnly on search', () => {
    let seoul: { e2: string; e1: string; none: string; plain: string };

    beforeAll(async () => {
      const job = async (sheet: JobTerms | null) => {
        const id = await createPublishedJob(t, owner.id, { country: 'south-korea', city: 'Busan' });
        await t.db.updateTable('jobs').set(termsColumns(sheet, 'south-korea')).where('id', '=', id).execute();
        return id;
      };
      seoul = {
        e2: await job(KOREA_SHEET),
        e1: await job({ ...KOREA_SHEET, visa: { sponsored: true, permit: 'KR-E1', costsPaidBy: 'shared' } }),
        none: await job({ ...KOREA_SHEET, visa: { sponsored: false } }),
        plain: await job(null),
      };
    });

    const search = (query: string, headers: Record<string, string> = {}) =>
      t.inject({ method: 'GET', url: `/api/filter-jobs?country=south-korea&city=Busan${query}`, headers });
    const ids = async (query: string, headers: Record<string, string> = {}) => {
      const res = await search(query, headers);
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json<{ results: { uuid: string; permit: string | null }[] }>()
        .results.map((r) => r.uuid)
        .sort();
    };

    it('leaves out the jobs whose permit the facts rule out, and keeps the eligible and the unknown', async () => {
      const all = Object.values(seoul).sort();
      expect(await ids('')).toEqual(all);
      // A Philippine passport with a master's: E-2 is not open to it, E-1 is (no passport rule).
      expect(await ids('&eligibleOnly=1&passport=PH&degree=master')).toEqual(
        [seoul.e1, seoul.none, seoul.plain].sort(),
      );
      // A US passport and a bachelor's: every job.
      expect(await ids('&eligibleOnly=1&passport=US&degree=bachelor')).toEqual(all);
      // No degree given: nothing is ruled out by a passport that qualifies, the rest is unknown.
      expect(await ids('&eligibleOnly=1&passport=US')).toEqual(all);
      // Off: the facts alone change nothing.
      expect(await ids('&passport=PH&degree=master')).toEqual(all);
      // The tiles carry the permit each job sponsors.
      const tiles = (await search('')).json<{ results: { uuid: string; permit: string | null }[] }>().results;
      expect(Object.fromEntries(tiles.map((tile) => [tile.uuid, tile.permit]))).toEqual({
        [seoul.e2]: 'KR-E2',
        [seoul.e1]: 'KR-E1',
        [seoul.none]: null,
        [seoul.plain]: null,
      });
    });

    it('answers alike from the kept index and from the database, with keywords too', async () => {
      const query = '&eligibleOnly=1&passport=PH&degree=master';
      const first = await ids(query);
      // A write makes the kept index behind: the database answers the next search.
      await t.db.updateTable('jobs').set({ title: 'Phonics Teacher' }).where('id', '=', seoul.plain).execute();
      expect(await ids(query)).toEqual(first);
      expect(await ids(`${query}&q=english`)).toEqual(await ids(`${query}&q=english`));
    });

    it('reads a member’s saved facts when the query has none, and never keeps that answer for anyone else', async () => {
      const teacher = await createUser(t);
      const stranger = await createUser(t);
      // Without facts anywhere: 400.
      const none = await search('&eligibleOnly=1', teacher.auth);
      expect(none.statusCode).toBe(400);
      expect(none.json()).toMatchObject({ errorType: 'NO_ELIGIBILITY_FACTS' });
      expect((await search('&eligibleOnly=1')).statusCode).toBe(400);
      await facts(teacher.id, teacher.auth, { passports: ['PH'], degree: 'master' });
      const mine = await search('&eligibleOnly=1', teacher.auth);
      expect(mine.headers['cache-control']).toBe('private, no-store');
      expect(mine.json<{ results: { uuid: string }[] }>().results.map((r) => r.uuid)).not.toContain(seoul.e2);
      // Another member with other facts, the same address: their own answer, not the one before.
      await facts(stranger.id, stranger.auth, { passports: ['GB'], degree: 'bachelor' });
      const theirs = await search('&eligibleOnly=1', stranger.auth);
      expect(theirs.json<{ results: { uuid: string }[] }>().results.map((r) => r.uuid)).toContain(seoul.e2);
      // Facts in the query make a public answer, kept like any search.
      const asked = await search('&eligibleOnly=1&passport=PH&degree=master', stranger.auth);
      expect(asked.headers['cache-control']).toBe('public, no-cache');
    });
  });

  describe('applying', () => {
    it('warns a teacher who is not eligible once, with the reasons; applying again knowingly goes through', async () => {
      const teacher = await createUser(t);
      await createResume(t, teacher.id, { name: 'Pat Teacher' });
      await facts(teacher.id, teacher.auth, { passports: ['PH'], degree: 'bachelor' });
      const apply = (payload: object) =>
        t.inject({ method: 'POST', url: `/api/jobs/${korea}/applications`, headers: teacher.auth, payload });
      const warned = await apply({ coverLetter: 'Hello' });
      expect(warned.statusCode, warned.body).toBe(409);
      expect(warned.json()).toMatchObject({
        error: true,
        errorType: 'ELIGIBILITY_WARNING',
        reasons: [{ code: 'passport', text: E2_PASSPORT }],
      });
      const count = async () =>
        (await t.db.selectFrom('applications').select('id').where('user_id', '=', teacher.id).execute()).length;
      expect(await count()).toBe(0);
      const sent = await apply({ coverLetter: 'Hello', acknowledgeEligibility: true });
      expect(sent.statusCode, sent.body).toBe(201);
      expect(await count()).toBe(1);

      // The school sees each applicant's result and its reasons, not the facts.
      const list = await t.inject({ method: 'GET', url: `/api/jobs/${korea}/applications`, headers: owner.auth });
      expect(list.statusCode, list.body).toBe(200);
      const [applicant] = list.json<{ applications: { eligibility: unknown }[] }>().applications;
      expect(applicant?.eligibility).toMatchObject({
        status: 'not_eligible',
        permit: 'KR-E2',
        reasons: [{ code: 'passport', text: E2_PASSPORT }],
      });
      expect(list.body).not.toContain('"PH"');
    });

    it('does not warn an eligible teacher, or one without facts (their result is null for the school)', async () => {
      const eligible = await createUser(t);
      await createResume(t, eligible.id);
      await facts(eligible.id, eligible.auth, { passports: ['IE'], degree: 'master' });
      const silent = await createUser(t);
      await createResume(t, silent.id);
      for (const teacher of [eligible, silent]) {
        const res = await t.inject({
          method: 'POST',
          url: `/api/jobs/${korea}/applications`,
          headers: teacher.auth,
          payload: {},
        });
        expect(res.statusCode, res.body).toBe(201);
      }
      const list = await t.inject({ method: 'GET', url: `/api/jobs/${korea}/applications`, headers: owner.auth });
      const results = list.json<{ applications: { eligibility: { status: string } | null }[] }>().applications;
      expect(results.map((a) => a.eligibility?.status ?? null)).toEqual(
        expect.arrayContaining(['eligible', null, 'not_eligible']),
      );
    });
  });

  it('filters the resume board by eligibility for a permit, for subscribers, following a change of facts', async () => {
    const subscriber = await createUser(t);
    await createSubscription(t, subscriber.id);
    const qualified = await createUser(t);
    const resumeOfQualified = await createResume(t, qualified.id, { name: 'Qualified Teacher' });
    await facts(qualified.id, qualified.auth, { passports: ['US'], degree: 'bachelor' });
    const other = await createUser(t);
    const resumeOfOther = await createResume(t, other.id, { name: 'Other Teacher' });
    await facts(other.id, other.auth, { passports: ['PH'], degree: 'bachelor' });
    const silent = await createUser(t);
    const resumeOfSilent = await createResume(t, silent.id, { name: 'Silent Teacher' });
    const board = async (query: string) => {
      const res = await t.inject({
        method: 'GET',
        url: `/api/resume-board/filter/${subscriber.id}?${query}`,
        headers: subscriber.auth,
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ results: { uuid: string }[] }>().results.map((r) => r.uuid);
    };
    const all = await board('page=1');
    expect(all).toEqual(expect.arrayContaining([resumeOfQualified, resumeOfOther, resumeOfSilent]));
    const e2 = await board('eligibleFor=KR-E2&page=1');
    expect(e2).toContain(resumeOfQualified);
    expect(e2).not.toContain(resumeOfOther);
    expect(e2).not.toContain(resumeOfSilent);
    // No facts are ever in the answer.
    const raw = await t.inject({
      method: 'GET',
      url: `/api/resume-board/filter/${subscriber.id}?eligibleFor=KR-E2&page=1`,
      headers: subscriber.auth,
    });
    expect(raw.body).not.toContain('passports');
    // A teacher's new facts reach the board at once.
    await facts(other.id, other.auth, { passports: ['GB'], degree: 'master' });
    expect(await board('eligibleFor=KR-E2&page=1')).toContain(resumeOfOther);
    // A permit the rules do not know: 400.
    const unknown = await t.inject({
      method: 'GET',
      url: `/api/resume-board/filter/${subscriber.id}?eligibleFor=XX-1&page=1`,
      headers: subscriber.auth,
    });
    expect(unknown.statusCode).toBe(400);
    // Without a subscription, the filter is refused as the board is.
    const stranger = await createUser(t);
    const refused = await t.inject({
      method: 'GET',
      url: `/api/resume-board/filter/${stranger.id}?eligibleFor=KR-E2&page=1`,
      headers: stranger.auth,
    });
    expect(refused.statusCode).toBe(403);
  });

  it('refuses to start on a rules file it cannot read, in one line', () => {
    expect(() => loadEligibilityRules({ reviewedAt: 'yesterday', permits: [] })).toThrow(
      /^The eligibility rules cannot be read: [^\n]+$/,
    );
    expect(loadEligibilityRules().reviewedAt).toBe(ELIGIBILITY_RULES.reviewedAt);
  });
});
