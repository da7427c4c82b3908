// "Can I take this job?" over HTTP (BEYOND §7): the teacher's private facts, the answer for a job
// from the permit its sheet names, facts asked in the query or saved, and the rules read at start.
import { ELIGIBILITY_RULES, type JobTerms } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { termsColumns } from '../../db/job-terms.js';
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

  it('refuses to start on a rules file it cannot read, in one line', () => {
    expect(() => loadEligibilityRules({ reviewedAt: 'yesterday', permits: [] })).toThrow(
      /^The eligibility rules cannot be read: [^\n]+$/,
    );
    expect(loadEligibilityRules().reviewedAt).toBe(ELIGIBILITY_RULES.reviewedAt);
  });
});
