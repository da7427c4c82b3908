// The contract sheet of a job (BEYOND §6): who may read and replace it, every rule it is held to (each
// refusal beside the same sheet with the one field fixed, which is taken), how the posting, the tile
// and the compare answer show it.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { salaryRange, type JobTerms } from '@teacheast/shared';
import { termsColumns } from '../../db/job-terms.js';
import {
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { refreshKeywordIndex } from '../job-board/kept-keyword-index.js';
import { POSTING_LIFETIME_MS, liveSince } from './lifecycle.js';
import { TERMS_CLEARED, takeDownJob } from './service.js';
import { VALID_DETAILS, createCompleteDraft } from './test-factories.js';

const DAY = 86_400_000;
/** Any message: where a test names the field but not its words. */
const ANY_TEXT = expect.any(String) as string;

/** The spec's lists (BEYOND §6 and §7), written out here so the test does not read them from the product. */
const COUNTRIES = ['china', 'indonesia', 'japan', 'south-korea', 'taiwan', 'thailand', 'vietnam'] as const;
type Country = (typeof COUNTRIES)[number];
const CURRENCY: Record<Country, string> = {
  china: 'CNY',
  indonesia: 'IDR',
  japan: 'JPY',
  'south-korea': 'KRW',
  taiwan: 'TWD',
  thailand: 'THB',
  vietnam: 'VND',
};
const PERMITS: Record<Country, string[]> = {
  china: ['CN-Z'],
  indonesia: ['ID-KITAS'],
  japan: ['JP-INSTRUCTOR', 'JP-HUMANITIES'],
  'south-korea': ['KR-E2', 'KR-E1'],
  taiwan: ['TW-WORK'],
  thailand: ['TH-NON-B'],
  vietnam: ['VN-WORK'],
};
/** A month's pay a school there really offers, in the country's currency. */
const TYPICAL_MONTH: Record<Country, number> = {
  china: 15_000,
  indonesia: 15_000_000,
  japan: 250_000,
  'south-korea': 2_500_000,
  taiwan: 60_000,
  thailand: 35_000,
  vietnam: 35_000_000,
};
/** An hour's pay a school there really offers. */
const TYPICAL_HOUR: Record<string, number> = {
  CNY: 200,
  IDR: 250_000,
  JPY: 2_500,
  KRW: 30_000,
  TWD: 650,
  THB: 500,
  VND: 450_000,
  USD: 20,
};
const PERIOD_WORDS = { hour: 'an hour', month: 'a month', year: 'a year' } as const;

/** A full, valid sheet for a job in `country` of twelve months. */
function sheetFor(country: Country): JobTerms {
  const month = TYPICAL_MONTH[country];
  return {
    salary: {
      currency: CURRENCY[country] as JobTerms['salary']['currency'],
      min: month,
      max: (month * 6) / 5,
      period: 'month',
      basis: 'gross',
    },
    teachingHoursPerWeek: 25,
    officeHoursPerWeek: 40,
    housing: 'allowance',
    housingAllowance: Math.round(month / 10),
    flights: 'reimbursed',
    visa: { sponsored: true, permit: PERMITS[country][0] as JobTerms['visa']['permit'], costsPaidBy: 'school' },
    vacationDays: 15,
    healthInsurance: 'partial',
    severance: 'legal',
    splitShift: false,
    saturdays: 'some',
  };
}

const JAPAN_SHEET: JobTerms = {
  salary: { currency: 'JPY', min: 250_000, max: 300_000, period: 'month', basis: 'gross' },
  teachingHoursPerWeek: 25,
  officeHoursPerWeek: 40,
  housing: 'allowance',
  housingAllowance: 30_000,
  flights: 'reimbursed',
  visa: { sponsored: true, permit: 'JP-INSTRUCTOR', costsPaidBy: 'school' },
  vacationDays: 15,
  healthInsurance: 'partial',
  severance: 'none',
  splitShift: false,
  saturdays: 'some',
};

/** Marks a field to leave out of a patched sheet. */
const REMOVE = Symbol('remove');
type Patch = Record<string, unknown>;

/** A copy of `sheet` with each dotted path of `patch` set (or left out, for REMOVE). */
function patched(sheet: object, patch: Patch = {}): Record<string, unknown> {
  const copy = structuredClone(sheet) as Record<string, unknown>;
  for (const [path, value] of Object.entries(patch)) {
    const keys = path.split('.');
    let target = copy;
    for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
    if (value === REMOVE) delete target[keys.at(-1)!];
    else target[keys.at(-1)!] = value;
  }
  return copy;
}

interface RuleCase {
  rule: string;
  /** Which of the owner's jobs: Japan, or South Korea of 12, 11 or 24 months. */
  job: 'japan' | 'korea12' | 'korea24';
  /** Changes to the job's valid sheet that make the starting sheet (itself accepted). */
  start?: Patch;
  /** The one fault. */
  bad: Patch;
  /** The same field put right (applied over the faulty sheet). */
  fix: Patch;
  field: string;
  message?: string;
}

const RULES: RuleCase[] = [
  // ---- salary, field by field ----
  {
    rule: 'salary.min 0',
    job: 'japan',
    bad: { 'salary.min': 0 },
    fix: { 'salary.min': 250_000 },
    field: 'salary.min',
    message: 'The amount must be at least 1',
  },
  {
    rule: 'salary.min negative',
    job: 'japan',
    bad: { 'salary.min': -250_000 },
    fix: { 'salary.min': 250_000 },
    field: 'salary.min',
  },
  {
    rule: 'salary.min not whole',
    job: 'japan',
    bad: { 'salary.min': 250_000.5 },
    fix: { 'salary.min': 250_000 },
    field: 'salary.min',
    message: 'The amount must be a whole number',
  },
  {
    rule: 'salary.min as text',
    job: 'japan',
    bad: { 'salary.min': '250000' },
    fix: { 'salary.min': 250_000 },
    field: 'salary.min',
  },
  {
    rule: 'salary.min missing',
    job: 'japan',
    bad: { 'salary.min': REMOVE },
    fix: { 'salary.min': 250_000 },
    field: 'salary.min',
  },
  {
    rule: 'salary.max not whole',
    job: 'japan',
    bad: { 'salary.max': 300_000.25 },
    fix: { 'salary.max': 300_000 },
    field: 'salary.max',
    message: 'The top of the range must be a whole number',
  },
  {
    rule: 'salary.max below min',
    job: 'japan',
    bad: { 'salary.min': 300_000, 'salary.max': 299_999 },
    fix: { 'salary.max': 300_000 },
    field: 'salary.max',
    message: 'The top of the range must be at least the lowest amount',
  },
  {
    rule: 'salary.currency unknown',
    job: 'japan',
    bad: { 'salary.currency': 'EUR' },
    fix: { 'salary.currency': 'JPY' },
    field: 'salary.currency',
  },
  {
    rule: 'salary.currency of another country (TWD on a job in Japan)',
    job: 'japan',
    bad: { 'salary.currency': 'TWD' },
    fix: { 'salary.currency': 'JPY' },
    field: 'salary.currency',
    message: "Choose JPY, the currency of the job's country, or USD",
  },
  {
    rule: 'salary.period unknown',
    job: 'japan',
    bad: { 'salary.period': 'week' },
    fix: { 'salary.period': 'month' },
    field: 'salary.period',
  },
  {
    rule: 'salary.basis unknown',
    job: 'japan',
    bad: { 'salary.basis': 'after_tax' },
    fix: { 'salary.basis': 'net' },
    field: 'salary.basis',
  },
  {
    rule: 'salary.basis missing',
    job: 'japan',
    bad: { 'salary.basis': REMOVE },
    fix: { 'salary.basis': 'gross' },
    field: 'salary.basis',
  },
  {
    rule: 'KRW 100 a month',
    job: 'korea12',
    bad: { 'salary.min': 100, 'salary.max': REMOVE },
    fix: { 'salary.min': 2_500_000 },
    field: 'salary.min',
    message: 'Enter an amount from 400,000 to 28,000,000 KRW a month',
  },
  {
    rule: 'JPY 10^10 a month',
    job: 'japan',
    bad: { 'salary.min': 1e10, 'salary.max': REMOVE },
    fix: { 'salary.min': 250_000 },
    field: 'salary.min',
    message: 'Enter an amount from 40,000 to 3,000,000 JPY a month',
  },
  {
    rule: 'salary.max out of range',
    job: 'japan',
    bad: { 'salary.max': 1e10 },
    fix: { 'salary.max': 3_000_000 },
    field: 'salary.max',
    message: 'Enter an amount from 40,000 to 3,000,000 JPY a month',
  },
  {
    rule: 'salary missing',
    job: 'japan',
    bad: { salary: REMOVE },
    fix: { salary: JAPAN_SHEET.salary },
    field: 'salary',
  },
  // ---- hours ----
  {
    rule: 'teachingHoursPerWeek 0',
    job: 'japan',
    bad: { teachingHoursPerWeek: 0 },
    fix: { teachingHoursPerWeek: 1 },
    field: 'teachingHoursPerWeek',
    message: 'Teaching hours must be between 1 and 40 a week',
  },
  {
    rule: 'teachingHoursPerWeek 41',
    job: 'japan',
    bad: { teachingHoursPerWeek: 41 },
    fix: { teachingHoursPerWeek: 40 },
    field: 'teachingHoursPerWeek',
    message: 'Teaching hours must be between 1 and 40 a week',
  },
  {
    rule: 'teachingHoursPerWeek not whole',
    job: 'japan',
    bad: { teachingHoursPerWeek: 22.5 },
    fix: { teachingHoursPerWeek: 22 },
    field: 'teachingHoursPerWeek',
  },
  {
    rule: 'teachingHoursPerWeek missing',
    job: 'japan',
    bad: { teachingHoursPerWeek: REMOVE },
    fix: { teachingHoursPerWeek: 25 },
    field: 'teachingHoursPerWeek',
  },
  {
    rule: 'officeHoursPerWeek 61',
    job: 'japan',
    bad: { officeHoursPerWeek: 61 },
    fix: { officeHoursPerWeek: 60 },
    field: 'officeHoursPerWeek',
    message: 'Hours on site can be at most 60 a week',
  },
  {
    rule: 'officeHoursPerWeek below the teaching hours',
    job: 'japan',
    bad: { officeHoursPerWeek: 24 },
    fix: { officeHoursPerWeek: 25 },
    field: 'officeHoursPerWeek',
    message: 'Hours on site must be at least the teaching hours',
  },
  {
    rule: 'officeHoursPerWeek 0',
    job: 'japan',
    bad: { officeHoursPerWeek: 0 },
    fix: { officeHoursPerWeek: REMOVE },
    field: 'officeHoursPerWeek',
  },
  {
    rule: 'officeHoursPerWeek not whole',
    job: 'japan',
    bad: { officeHoursPerWeek: 39.5 },
    fix: { officeHoursPerWeek: 39 },
    field: 'officeHoursPerWeek',
  },
  // ---- vacation, enums and booleans ----
  {
    rule: 'vacationDays -1',
    job: 'japan',
    bad: { vacationDays: -1 },
    fix: { vacationDays: 0 },
    field: 'vacationDays',
    message: 'Paid vacation days must be between 0 and 60',
  },
  {
    rule: 'vacationDays 61',
    job: 'japan',
    bad: { vacationDays: 61 },
    fix: { vacationDays: 60 },
    field: 'vacationDays',
    message: 'Paid vacation days must be between 0 and 60',
  },
  {
    rule: 'vacationDays not whole',
    job: 'japan',
    bad: { vacationDays: 10.5 },
    fix: { vacationDays: 10 },
    field: 'vacationDays',
  },
  { rule: 'housing unknown', job: 'japan', bad: { housing: 'free' }, fix: { housing: 'allowance' }, field: 'housing' },
  { rule: 'flights unknown', job: 'japan', bad: { flights: 'yes' }, fix: { flights: 'paid' }, field: 'flights' },
  { rule: 'flights missing', job: 'japan', bad: { flights: REMOVE }, fix: { flights: 'none' }, field: 'flights' },
  {
    rule: 'healthInsurance unknown',
    job: 'japan',
    bad: { healthInsurance: 'some' },
    fix: { healthInsurance: 'full' },
    field: 'healthInsurance',
  },
  {
    rule: 'severance unknown',
    job: 'japan',
    bad: { severance: 'maybe' },
    fix: { severance: 'above_legal' },
    field: 'severance',
  },
  {
    rule: 'saturdays unknown',
    job: 'japan',
    bad: { saturdays: 'sometimes' },
    fix: { saturdays: 'every' },
    field: 'saturdays',
  },
  {
    rule: 'splitShift as text',
    job: 'japan',
    bad: { splitShift: 'no' },
    fix: { splitShift: false },
    field: 'splitShift',
  },
  {
    rule: 'splitShift missing',
    job: 'japan',
    bad: { splitShift: REMOVE },
    fix: { splitShift: true },
    field: 'splitShift',
  },
  // ---- housing allowance ----
  {
    rule: 'housingAllowance 0',
    job: 'japan',
    bad: { housingAllowance: 0 },
    fix: { housingAllowance: 1 },
    field: 'housingAllowance',
    message: 'The housing allowance must be at least 1',
  },
  {
    rule: 'housingAllowance not whole',
    job: 'japan',
    bad: { housingAllowance: 30_000.5 },
    fix: { housingAllowance: 30_000 },
    field: 'housingAllowance',
  },
  {
    rule: "'allowance' without housingAllowance",
    job: 'japan',
    bad: { housingAllowance: REMOVE },
    fix: { housingAllowance: 30_000 },
    field: 'housingAllowance',
    message: 'Enter the monthly housing allowance',
  },
  {
    rule: "housingAllowance with 'provided'",
    job: 'japan',
    bad: { housing: 'provided' },
    fix: { housingAllowance: REMOVE },
    field: 'housingAllowance',
    message: 'A housing allowance goes with "Housing allowance" only',
  },
  {
    rule: "housingAllowance with 'help_finding'",
    job: 'japan',
    bad: { housing: 'help_finding' },
    fix: { housingAllowance: REMOVE },
    field: 'housingAllowance',
  },
  {
    rule: "housingAllowance with 'none'",
    job: 'japan',
    bad: { housing: 'none' },
    fix: { housingAllowance: REMOVE },
    field: 'housingAllowance',
  },
  // ---- visa ----
  {
    rule: 'visa.sponsored as text',
    job: 'japan',
    bad: { 'visa.sponsored': 'yes' },
    fix: { 'visa.sponsored': true },
    field: 'visa.sponsored',
  },
  {
    rule: 'visa.permit unknown',
    job: 'japan',
    bad: { 'visa.permit': 'US-H1B' },
    fix: { 'visa.permit': 'JP-HUMANITIES' },
    field: 'visa.permit',
  },
  {
    rule: 'visa.permit of another country',
    job: 'japan',
    bad: { 'visa.permit': 'KR-E2' },
    fix: { 'visa.permit': 'JP-HUMANITIES' },
    field: 'visa.permit',
    message: 'Choose one of JP-INSTRUCTOR, JP-HUMANITIES',
  },
  {
    rule: 'sponsored without a permit',
    job: 'japan',
    bad: { 'visa.permit': REMOVE },
    fix: { 'visa.permit': 'JP-INSTRUCTOR' },
    field: 'visa.permit',
    message: 'Choose the work permit',
  },
  {
    rule: 'sponsored without costsPaidBy',
    job: 'japan',
    bad: { 'visa.costsPaidBy': REMOVE },
    fix: { 'visa.costsPaidBy': 'shared' },
    field: 'visa.costsPaidBy',
    message: 'Choose who pays for the visa',
  },
  {
    rule: 'visa.costsPaidBy unknown',
    job: 'japan',
    bad: { 'visa.costsPaidBy': 'company' },
    fix: { 'visa.costsPaidBy': 'teacher' },
    field: 'visa.costsPaidBy',
  },
  {
    rule: 'not sponsored with a permit',
    job: 'japan',
    start: { visa: { sponsored: false } },
    bad: { 'visa.permit': 'JP-INSTRUCTOR' },
    fix: { 'visa.permit': REMOVE },
    field: 'visa.permit',
    message: 'A permit goes with a sponsored visa only',
  },
  {
    rule: 'not sponsored with costsPaidBy',
    job: 'japan',
    start: { visa: { sponsored: false } },
    bad: { 'visa.costsPaidBy': 'school' },
    fix: { 'visa.costsPaidBy': REMOVE },
    field: 'visa.costsPaidBy',
    message: 'Who pays goes with a sponsored visa only',
  },
  { rule: 'visa missing', job: 'japan', bad: { visa: REMOVE }, fix: { visa: { sponsored: false } }, field: 'visa' },
  // ---- severance in South Korea ----
  {
    rule: "'none' severance in South Korea for 12 months",
    job: 'korea12',
    bad: { severance: 'none' },
    fix: { severance: 'legal' },
    field: 'severance',
    message: 'Severance is owed by law in South Korea for a contract of 12 months or more',
  },
  {
    rule: "'none' severance in South Korea for 24 months",
    job: 'korea24',
    bad: { severance: 'none' },
    fix: { severance: 'above_legal' },
    field: 'severance',
  },
];

describe(`the contract sheet (${dialect})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  /** The owner's published jobs: one per country (12 months), and South Korea's of 11 and 24 months. */
  const jobs = {} as Record<Country | 'korea11' | 'korea24', string>;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    other = await createUser(t);
    for (const country of COUNTRIES) jobs[country] = await createPublishedJob(t, owner.id, { country });
    for (const [key, duration] of [
      ['korea11', '11'],
      ['korea24', '24'],
    ] as const) {
      jobs[key] = await createPublishedJob(t, owner.id, { country: 'south-korea', city: 'Seoul' });
      await t.db.updateTable('jobs').set({ duration }).where('id', '=', jobs[key]).execute();
    }
  });
  afterAll(async () => t.close());

  const jobRow = (id: string) => t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const put = (id: string, payload: unknown, user: TestUser | null = owner, userId = user?.id ?? owner.id) =>
    t.inject({
      method: 'PUT',
      url: `/api/jobs/terms/${id}/${userId}`,
      headers: user ? user.auth : {},
      payload: payload as object,
    });
  const get = (id: string, user: TestUser | null = owner, userId = user?.id ?? owner.id) =>
    t.inject({ method: 'GET', url: `/api/jobs/terms/${id}/${userId}`, headers: user ? user.auth : {} });

  /** A sheet the PUT must take: 200 and `{ terms }` as sent, and GET reads it back. */
  async function expectAccepted(id: string, sheet: unknown, why: string, user = owner) {
    const res = await put(id, sheet, user);
    expect(res.statusCode, `${why}: ${res.body}`).toBe(200);
    expect(res.json(), why).toEqual({ terms: sheet });
    expect((await get(id, user)).json(), why).toEqual({ terms: sheet });
  }

  /** A sheet the PUT must refuse with 400 VALIDATION and exactly `fields`, changing nothing. */
  async function expectRefused(id: string, sheet: unknown, fields: Record<string, unknown>, why: string) {
    const before = await jobRow(id);
    const res = await put(id, sheet);
    expect(res.statusCode, `${why}: ${res.body}`).toBe(400);
    const body = res.json<{ error: boolean; errorType: string; message: string; fields: Record<string, string> }>();
    expect(body, why).toMatchObject({ error: true, errorType: 'VALIDATION', message: ANY_TEXT });
    expect(body.fields, why).toEqual(fields);
    expect(await jobRow(id), `${why}: the stored job is unchanged`).toEqual(before);
  }

  describe('GET and PUT /api/jobs/terms/{uuid}/{userUuid}', () => {
    it('reads null before a sheet, saves a full sheet on a draft, reads it back, and shows it in the preview and once published', async () => {
      const school = await createUser(t);
      const id = await createCompleteDraft(t, school);
      const first = await get(id, school);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ terms: null });

      const saved = await put(id, JAPAN_SHEET, school);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toEqual({ terms: JAPAN_SHEET });
      expect((await get(id, school)).json()).toEqual({ terms: JAPAN_SHEET });
      const preview = await t.inject({
        method: 'GET',
        url: `/api/job/preview/${id}/${school.id}`,
        headers: school.auth,
      });
      expect(preview.json()).toMatchObject({
        terms: JAPAN_SHEET,
        salary: { currency: 'JPY', min: 250_000, max: 300_000, period: 'month' },
      });

      const publish = await t.inject({
        method: 'POST',
        url: `/api/job/publish/${id}/${school.id}`,
        headers: school.auth,
      });
      expect(publish.statusCode, publish.body).toBe(200);
      const posting = await t.inject({ method: 'GET', url: `/api/job/${id}` });
      expect(posting.statusCode).toBe(200);
      expect(posting.json<{ job: { terms: unknown; salary: unknown; badges: unknown } }>().job).toMatchObject({
        terms: JAPAN_SHEET,
        salary: { currency: 'JPY', min: 250_000, max: 300_000, period: 'month' },
        badges: ['housing', 'flights', 'visa'],
      });
      // A published job's sheet can still be replaced.
      const lean = patched(JAPAN_SHEET, {
        'salary.max': REMOVE,
        officeHoursPerWeek: REMOVE,
        housing: 'none',
        housingAllowance: REMOVE,
        flights: 'none',
        visa: { sponsored: false },
        severance: REMOVE,
      });
      await expectAccepted(id, lean, 'a published job', school);
    });

    it('replaces the whole sheet: a field left out of the new one is gone', async () => {
      const id = jobs.japan;
      await expectAccepted(id, JAPAN_SHEET, 'full');
      const without = patched(JAPAN_SHEET, { officeHoursPerWeek: REMOVE, severance: REMOVE, 'salary.max': REMOVE });
      await expectAccepted(id, without, 'without the optional fields');
      const stored = JSON.parse((await jobRow(id)).terms!) as Record<string, unknown>;
      expect(stored).not.toHaveProperty('officeHoursPerWeek');
      expect(stored).not.toHaveProperty('severance');
      expect(stored.salary).not.toHaveProperty('max');
    });

    it('shows the sheet on the posting, and the salary and badges on the tile, at once after a save', async () => {
      const now = t.clock.now();
      const full = await createPublishedJob(t, owner.id, {
        country: 'thailand',
        city: 'Bangkok',
        published_at: now - 1000,
      });
      const plain = await createPublishedJob(t, owner.id, {
        country: 'thailand',
        city: 'Bangkok',
        published_at: now - 2000,
      });
      const none = await createPublishedJob(t, owner.id, {
        country: 'thailand',
        city: 'Bangkok',
        published_at: now - 3000,
      });
      const tiles = async () => {
        const res = await t.inject({ method: 'GET', url: '/api/filter-jobs?country=thailand' });
        expect(res.statusCode).toBe(200);
        return new Map(
          res
            .json<{ results: { uuid: string; salary: unknown; badges: unknown; pay: string }[] }>()
            .results.map((r) => [r.uuid, r]),
        );
      };
      // The kept index is current before the saves: the saves must still show at once.
      await tiles();
      await refreshKeywordIndex(t.db, liveSince(t.clock.now()));
      const fullSheet = sheetFor('thailand');
      const plainSheet: JobTerms = {
        ...patched(sheetFor('thailand'), {
          'salary.max': REMOVE,
          'salary.period': 'hour',
          'salary.min': 500,
          housing: 'help_finding',
          housingAllowance: REMOVE,
          flights: 'none',
          visa: { sponsored: false },
        }),
      } as JobTerms;
      await expectAccepted(full, fullSheet, 'full');
      await expectAccepted(plain, plainSheet, 'plain');

      const shown = await tiles();
      expect(shown.get(full)).toMatchObject({
        salary: { currency: 'THB', min: 35_000, max: 42_000, period: 'month' },
        badges: ['housing', 'flights', 'visa'],
        pay: '300,000 JPY',
      });
      expect(shown.get(plain)).toMatchObject({
        salary: { currency: 'THB', min: 500, max: null, period: 'hour' },
        badges: [],
      });
      expect(shown.get(none)).toMatchObject({ salary: null, badges: [] });

      const posting = async (id: string) =>
        (await t.inject({ method: 'GET', url: `/api/job/${id}` })).json<{ job: Record<string, unknown> }>().job;
      expect((await posting(full)).terms).toEqual(fullSheet);
      expect((await posting(plain)).terms).toEqual(plainSheet);
      expect((await posting(none)).terms).toBeNull();
      expect(await posting(none)).toMatchObject({ salary: null, badges: [] });

      // Each badge on its own: housing (provided or allowance), flights (anything but none), visa (sponsored).
      for (const [change, badges] of [
        [{ housing: 'provided', housingAllowance: REMOVE }, ['housing', 'flights', 'visa']],
        [{ flights: 'allowance' }, ['housing', 'flights', 'visa']],
        [{ flights: 'paid' }, ['housing', 'flights', 'visa']],
        [{ flights: 'none' }, ['housing', 'visa']],
        [{ visa: { sponsored: false } }, ['housing', 'flights']],
        [{ housing: 'none', housingAllowance: REMOVE, flights: 'none' }, ['visa']],
      ] as const) {
        await expectAccepted(full, patched(fullSheet, change), JSON.stringify(change));
        expect((await tiles()).get(full)?.badges, JSON.stringify(change)).toEqual(badges);
      }
    });

    it('answers 401 without a session, 403 for another user\u2019s uuid, 404 for another\u2019s job or an unknown one, 409 for an expired job; nothing changes', async () => {
      const id = jobs.japan;
      await expectAccepted(id, JAPAN_SHEET, 'the owner');
      const before = await jobRow(id);
      const changed = patched(JAPAN_SHEET, { vacationDays: 30 });

      for (const [why, res, status] of [
        ['anonymous GET', await get(id, null, owner.id), 401],
        ['anonymous PUT', await put(id, changed, null, owner.id), 401],
        ["another user with the owner's uuid: GET", await get(id, other, owner.id), 403],
        ["another user with the owner's uuid: PUT", await put(id, changed, other, owner.id), 403],
        ['another user with their own uuid: GET', await get(id, other), 404],
        ['another user with their own uuid: PUT', await put(id, changed, other), 404],
        ['an unknown job: GET', await get(randomUUID()), 404],
        ['an unknown job: PUT', await put(randomUUID(), changed), 404],
      ] as const) {
        expect(res.statusCode, `${why}: ${res.body}`).toBe(status);
        expect(res.json(), why).toMatchObject({ error: true });
      }
      expect(await jobRow(id)).toEqual(before);

      // As the details do: an expired job is read, never written.
      const expired = await createPublishedJob(t, owner.id, {
        published_at: t.clock.now() - POSTING_LIFETIME_MS - DAY,
      });
      await t.db.updateTable('jobs').set(termsColumns(JAPAN_SHEET, 'japan')).where('id', '=', expired).execute();
      const expiredBefore = await jobRow(expired);
      expect((await get(expired)).json()).toEqual({ terms: JAPAN_SHEET });
      const details = await t.inject({
        method: 'GET',
        url: `/api/jobs/details/${expired}/${owner.id}`,
        headers: owner.auth,
      });
      expect(details.statusCode).toBe(200);
      const late = await put(expired, changed);
      expect(late.statusCode, late.body).toBe(409);
      expect(late.json()).toMatchObject({ error: true, errorType: 'JOB_EXPIRED' });
      expect(await jobRow(expired)).toEqual(expiredBefore);
    });
  });

  describe('every rule of the sheet, each beside the same sheet with the field fixed', () => {
    const startOf = (c: RuleCase) => {
      const country = c.job === 'japan' ? null : ('south-korea' as const);
      return patched(country ? sheetFor(country) : JAPAN_SHEET, c.start);
    };
    const jobOf = (c: RuleCase) =>
      c.job === 'korea12' ? jobs['south-korea'] : c.job === 'korea24' ? jobs.korea24 : jobs.japan;

    it.each(RULES)('refuses $rule at `$field`, and takes the sheet with it fixed', async (c) => {
      const id = jobOf(c);
      const start = startOf(c);
      await expectAccepted(id, start, `${c.rule}: the starting sheet`);
      const bad = patched(start, c.bad);
      await expectRefused(id, bad, { [c.field]: c.message ?? ANY_TEXT }, c.rule);
      await expectAccepted(id, patched(bad, c.fix), `${c.rule}: fixed`);
    });

    // The schema is strict: a key the sheet does not have is refused, and (BEYOND §6: "a `fields`
    // entry per wrong field (dotted paths)") named by its own dotted path.
    it.each([
      ['bonus', { bonus: 1_000_000 }],
      ['salary.bonus', { 'salary.bonus': 100_000 }],
      ['visa.country', { 'visa.country': 'japan' }],
    ])('refuses the unknown key %s, naming it in fields, and takes the sheet without it', async (key, bad) => {
      await expectAccepted(jobs.japan, JAPAN_SHEET, 'start');
      await expectRefused(jobs.japan, patched(JAPAN_SHEET, bad), { [key]: ANY_TEXT }, key);
      await expectAccepted(jobs.japan, patched(patched(JAPAN_SHEET, bad), { [key]: REMOVE }), 'without the key');
    });

    it('names every wrong field at once, schema faults and rules between fields alike', async () => {
      await expectAccepted(jobs.japan, JAPAN_SHEET, 'start');
      await expectRefused(
        jobs.japan,
        patched(JAPAN_SHEET, { teachingHoursPerWeek: 41, vacationDays: 61, 'salary.basis': 'x' }),
        {
          teachingHoursPerWeek: ANY_TEXT,
          vacationDays: ANY_TEXT,
          'salary.basis': ANY_TEXT,
        },
        'three field faults',
      );
      await expectRefused(
        jobs.japan,
        patched(JAPAN_SHEET, {
          'salary.max': 200_000,
          officeHoursPerWeek: 20,
          housingAllowance: REMOVE,
          'visa.permit': 'CN-Z',
          'visa.costsPaidBy': REMOVE,
        }),
        {
          'salary.max': 'The top of the range must be at least the lowest amount',
          officeHoursPerWeek: 'Hours on site must be at least the teaching hours',
          housingAllowance: 'Enter the monthly housing allowance',
          'visa.permit': 'Choose one of JP-INSTRUCTOR, JP-HUMANITIES',
          'visa.costsPaidBy': 'Choose who pays for the visa',
        },
        'five rules between fields',
      );
    });

    it('takes the edges of each range: salary.max equal to min, 1 and 40 teaching hours, hours on site equal to them or 60, 0 and 60 vacation days', async () => {
      for (const edge of [
        { 'salary.max': 250_000 },
        { teachingHoursPerWeek: 1, officeHoursPerWeek: 1 },
        { teachingHoursPerWeek: 40, officeHoursPerWeek: 40 },
        { teachingHoursPerWeek: 40, officeHoursPerWeek: REMOVE },
        { officeHoursPerWeek: 60 },
        { vacationDays: 0 },
        { vacationDays: 60 },
        { severance: REMOVE },
      ]) {
        await expectAccepted(jobs.japan, patched(JAPAN_SHEET, edge), JSON.stringify(edge));
      }
    });

    it("takes each country's currency and USD, and refuses every other country's currency at salary.currency", async () => {
      for (const country of COUNTRIES) {
        const id = jobs[country];
        const own = sheetFor(country);
        await expectAccepted(id, own, `${country}: ${CURRENCY[country]}`);
        for (const foreign of COUNTRIES.filter((c) => c !== country)) {
          // The amounts are those of the job's own currency: only the currency is wrong.
          await expectRefused(
            id,
            patched(own, { 'salary.currency': CURRENCY[foreign] }),
            { 'salary.currency': `Choose ${CURRENCY[country]}, the currency of the job's country, or USD` },
            `${country} in ${CURRENCY[foreign]}`,
          );
        }
        await expectAccepted(
          id,
          patched(own, { 'salary.currency': 'USD', 'salary.min': 2_000, 'salary.max': 2_400, housingAllowance: 300 }),
          `${country}: USD`,
        );
      }
    });

    it("takes each country's permits, and refuses every other country's at visa.permit", async () => {
      for (const country of COUNTRIES) {
        const id = jobs[country];
        for (const permit of PERMITS[country]) {
          await expectAccepted(id, patched(sheetFor(country), { 'visa.permit': permit }), `${country}: ${permit}`);
        }
        for (const foreign of COUNTRIES.filter((c) => c !== country)) {
          for (const permit of PERMITS[foreign]) {
            await expectRefused(
              id,
              patched(sheetFor(country), { 'visa.permit': permit }),
              { 'visa.permit': `Choose one of ${PERMITS[country].join(', ')}` },
              `${country}: ${permit}`,
            );
          }
        }
      }
    });

    it('refuses an amount outside what each currency and period can mean, naming the accepted range, at min and at max', async () => {
      const currencies = [...COUNTRIES.map((c) => [c, CURRENCY[c]] as const), ['japan', 'USD'] as const];
      for (const [country, currency] of currencies) {
        const id = jobs[country];
        for (const period of ['hour', 'month', 'year'] as const) {
          const [low, high] = salaryRange(currency as JobTerms['salary']['currency'], period);
          const why = `${currency} ${period}`;
          // What schools really pay lies inside the range; a thousand times less or more does not.
          const typical =
            period === 'hour'
              ? TYPICAL_HOUR[currency]!
              : (currency === 'USD' ? 2_000 : TYPICAL_MONTH[country]) * (period === 'year' ? 12 : 1);
          expect(low, why).toBeLessThanOrEqual(typical);
          expect(high, why).toBeGreaterThanOrEqual(typical);
          expect(low, why).toBeGreaterThan(typical / 1000);
          expect(high, why).toBeLessThan(typical * 1000);

          const message = `Enter an amount from ${low.toLocaleString('en-US')} to ${high.toLocaleString('en-US')} ${currency} ${PERIOD_WORDS[period]}`;
          const sheet = (min: number, max?: number) =>
            patched(sheetFor(country), {
              salary: { currency, min, ...(max === undefined ? {} : { max }), period, basis: 'net' },
              housingAllowance: 1_000,
            });
          await expectRefused(id, sheet(low - 1), { 'salary.min': message }, `${why}: below`);
          await expectAccepted(id, sheet(low), `${why}: lowest`);
          await expectRefused(id, sheet(high + 1), { 'salary.min': message }, `${why}: above`);
          await expectAccepted(id, sheet(high), `${why}: highest`);
          await expectRefused(id, sheet(low, high + 1), { 'salary.max': message }, `${why}: max above`);
          await expectAccepted(id, sheet(low, high), `${why}: the whole range`);
        }
      }
    });

    it("takes 'none' severance in South Korea under 12 months and anywhere else; leaving it out is taken in South Korea too", async () => {
      await expectAccepted(jobs.korea11, patched(sheetFor('south-korea'), { severance: 'none' }), 'Korea, 11 months');
      await expectAccepted(
        jobs['south-korea'],
        patched(sheetFor('south-korea'), { severance: REMOVE }),
        'Korea, 12 months, unstated',
      );
      await expectAccepted(jobs.japan, patched(JAPAN_SHEET, { severance: 'none' }), 'Japan, 12 months');
      await expectAccepted(jobs.china, patched(sheetFor('china'), { severance: 'none' }), 'China, 12 months');
    });
  });

  describe('compare', () => {
    let a: string;
    let b: string;
    let c: string;
    let draft: string;
    let expired: string;
    let takenDown: string;
    let draftOwner: TestUser;

    beforeAll(async () => {
      const now = t.clock.now();
      a = await createPublishedJob(t, owner.id, { country: 'japan', title: 'Job A', published_at: now - 3000 });
      b = await createPublishedJob(t, owner.id, {
        country: 'south-korea',
        city: 'Seoul',
        title: 'Job B',
        published_at: now - 2000,
      });
      c = await createPublishedJob(t, owner.id, {
        country: 'japan',
        title: 'Job C without a sheet',
        published_at: now - 1000,
      });
      await t.db.updateTable('jobs').set(termsColumns(JAPAN_SHEET, 'japan')).where('id', '=', a).execute();
      await t.db
        .updateTable('jobs')
        .set(termsColumns(sheetFor('south-korea'), 'south-korea'))
        .where('id', '=', b)
        .execute();
      draftOwner = await createUser(t);
      draft = await createCompleteDraft(t, draftOwner);
      expect((await put(draft, JAPAN_SHEET, draftOwner)).statusCode).toBe(200);
      expired = await createPublishedJob(t, owner.id, { published_at: now - POSTING_LIFETIME_MS - DAY });
      takenDown = await createPublishedJob(t, owner.id, { published_at: now - DAY });
      await takeDownJob(t.db, takenDown, 'test', now);
    });

    const compare = (ids: string, user: TestUser | null = null) =>
      t.inject({ method: 'GET', url: `/api/compare?ids=${ids}`, headers: user ? user.auth : {} });
    type Answer = { jobs: { uuid: string; title: string; terms: unknown }[]; missing: string[] };

    it('answers anyone the live jobs in the order asked, each as GET /api/job answers it, with its sheet or null', async () => {
      const res = await compare(`${b},${c},${a}`);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json<Answer>();
      expect(body.jobs.map((j) => j.uuid)).toEqual([b, c, a]);
      expect(body.missing).toEqual([]);
      expect(body.jobs.map((j) => j.terms)).toEqual([sheetFor('south-korea'), null, JAPAN_SHEET]);
      for (const job of body.jobs) {
        const posting = await t.inject({ method: 'GET', url: `/api/job/${job.uuid}` });
        expect(job).toEqual(posting.json<{ job: unknown }>().job);
      }
      expect((await compare(`${a},${b}`)).json<Answer>().jobs.map((j) => j.uuid)).toEqual([a, b]);
      expect((await compare(a)).json<Answer>().jobs.map((j) => j.uuid)).toEqual([a]);
    });

    it('answers an id asked twice once', async () => {
      const body = (await compare(`${a},${b},${a}`)).json<Answer>();
      expect(body.jobs.map((j) => j.uuid)).toEqual([a, b]);
      const unknown = randomUUID();
      const twice = (await compare(`${unknown},${unknown}`)).json<Answer>();
      expect(twice).toEqual({ jobs: [], missing: [unknown] });
    });

    it('lists unknown, draft, expired and taken-down ids as missing, in the order asked, even a draft for its owner', async () => {
      const unknown = randomUUID();
      const res = await compare(`${draft},${a},${expired},${unknown}`);
      expect(res.statusCode).toBe(200);
      expect(res.json<Answer>().jobs.map((j) => j.uuid)).toEqual([a]);
      expect(res.json<Answer>().missing).toEqual([draft, expired, unknown]);
      const mine = await compare(`${draft},${takenDown}`, draftOwner);
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toEqual({ jobs: [], missing: [draft, takenDown] });
      expect(mine.body).not.toContain('Blue Sky School');
    });

    it.each([
      ['no ids', ''],
      ['an empty list', '?ids='],
      ['five ids', `?ids=${Array.from({ length: 5 }, () => randomUUID()).join(',')}`],
      ['a malformed id', '?ids=not-a-uuid'],
      ['a malformed id among good ones', `?ids=${randomUUID()},12345`],
      ['a trailing comma', `?ids=${randomUUID()},`],
    ])('answers %s with 400 VALIDATION', async (_why, query) => {
      const res = await t.inject({ method: 'GET', url: `/api/compare${query}` });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: true, errorType: 'VALIDATION', fields: expect.any(Object) as object });
      expect(Object.keys(res.json<{ fields: object }>().fields).some((key) => key.startsWith('ids'))).toBe(true);
    });

    it('takes four ids', async () => {
      const res = await compare([a, b, c, randomUUID()].join(','));
      expect(res.statusCode).toBe(200);
      expect(res.json<Answer>().jobs).toHaveLength(3);
    });
  });

  it('keeps the filter columns true to the country when the details step changes it', async () => {
    const school = await createUser(t);
    const id = await createCompleteDraft(t, school);
    // In USD and not sponsored: the sheet fits Vietnam as it fitted Japan.
    const usd: JobTerms = {
      ...JAPAN_SHEET,
      salary: { currency: 'USD', min: 2_000, max: 2_500, period: 'month', basis: 'gross' },
      housing: 'provided',
      housingAllowance: undefined,
      visa: { sponsored: false },
    };
    const put = await t.inject({
      method: 'PUT',
      url: `/api/jobs/terms/${id}/${school.id}`,
      headers: school.auth,
      payload: JSON.parse(JSON.stringify(usd)) as object,
    });
    expect(put.statusCode, put.body).toBe(200);
    const moved = await t.inject({
      method: 'POST',
      url: `/api/jobs/details/${id}/${school.id}`,
      headers: school.auth,
      payload: { ...VALID_DETAILS, country: 'vietnam', city: 'Hanoi' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ message: string }>().message).toBe('Job details saved.');
    // USD is not Vietnam's currency: no minPay can match it there, and the sheet stays.
    expect(await jobRow(id)).toMatchObject({ terms_month_pay: null, terms_teaching_hours: 25 });
    expect(await jobRow(id)).toMatchObject({ terms: expect.any(String) as string });
  });

  it("clears a sheet the details step makes wrong (another country's currency and permit, Korea's severance), and says so", async () => {
    const school = await createUser(t);
    const id = await createCompleteDraft(t, school);
    const save = (sheet: JobTerms) =>
      t.inject({ method: 'PUT', url: `/api/jobs/terms/${id}/${school.id}`, headers: school.auth, payload: sheet });
    const details = (changes: object) =>
      t.inject({
        method: 'POST',
        url: `/api/jobs/details/${id}/${school.id}`,
        headers: school.auth,
        payload: { ...VALID_DETAILS, ...changes },
      });
    expect((await save(JAPAN_SHEET)).statusCode).toBe(200);
    expect(await jobRow(id)).toMatchObject({ terms_month_pay: 300_000 });
    const moved = await details({ country: 'south-korea', city: 'Seoul' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json<{ message: string }>().message).toBe(`Job details saved. ${TERMS_CLEARED}`);
    expect(await jobRow(id)).toMatchObject({ terms: null, tile_salary: null, terms_flags: 0, terms_month_pay: null });

    // Korea, 11 months, no severance: fits; 12 months: severance is owed, so the sheet goes.
    const korea: JobTerms = {
      ...JAPAN_SHEET,
      salary: { currency: 'KRW', min: 2_300_000, period: 'month', basis: 'gross' },
      housingAllowance: 400_000,
      visa: { sponsored: true, permit: 'KR-E2', costsPaidBy: 'school' },
      severance: 'none',
    };
    expect((await details({ country: 'south-korea', city: 'Seoul', duration: '11' })).statusCode).toBe(200);
    expect((await save(korea)).statusCode).toBe(200);
    const longer = await details({ country: 'south-korea', city: 'Seoul', duration: '12' });
    expect(longer.json<{ message: string }>().message).toBe(`Job details saved. ${TERMS_CLEARED}`);
    expect(await jobRow(id)).toMatchObject({ terms: null });
  });
});
