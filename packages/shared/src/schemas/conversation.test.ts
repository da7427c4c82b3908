// The hiring conversation's contract (BEYOND §10): an offer held against its ad line by line
// (offerDifferences), and what the schemas of a message, an interview proposal, a cancellation and an
// offer refuse, each beside the nearest input they take.
import { describe, expect, it } from 'vitest';
import {
  InterviewCancelSchema,
  InterviewProposalSchema,
  MessageCreateSchema,
  OFFER_FIELDS,
  OfferCreateSchema,
  isTimeZone,
  offerDifferences,
} from './conversation.js';
import type { JobTerms } from './terms.js';

/** An ad's sheet for a job in Japan. */
const AD: JobTerms = {
  salary: { currency: 'JPY', min: 250_000, max: 300_000, period: 'month', basis: 'gross' },
  teachingHoursPerWeek: 25,
  officeHoursPerWeek: 40,
  housing: 'provided',
  flights: 'paid',
  visa: { sponsored: true, permit: 'JP-INSTRUCTOR', costsPaidBy: 'school' },
  vacationDays: 15,
  healthInsurance: 'partial',
  severance: 'legal',
  splitShift: false,
  saturdays: 'never',
};

/** The ad's sheet with some fields changed (a copy: nothing here changes the ad). */
const offered = (changes: Partial<JobTerms>): JobTerms => ({
  ...AD,
  salary: { ...AD.salary },
  visa: { ...AD.visa },
  ...changes,
});
const salary = (changes: Partial<JobTerms['salary']>) => ({ salary: { ...AD.salary, ...changes } });

describe('offerDifferences', () => {
  it('finds none when the offer is the ad, nor for what it does not compare (split shift, Saturdays)', () => {
    expect(offerDifferences(AD, offered({}))).toEqual([]);
    expect(offerDifferences(AD, offered({ splitShift: true, saturdays: 'every' }))).toEqual([]);
  });

  it('against an ad without a sheet, every field is a difference from nothing, and none is worse', () => {
    const differences = offerDifferences(null, AD);
    expect(differences.map((d) => d.field)).toEqual([...OFFER_FIELDS]);
    expect(differences.every((d) => d.posted === null && !d.worse)).toBe(true);
    expect(differences[0]).toEqual({
      field: 'salary',
      posted: null,
      offered: 'JPY 250,000–300,000 a month, before tax',
      worse: false,
    });
  });

  it('salary: less in the same currency and basis is worse; more is not', () => {
    expect(offerDifferences(AD, offered(salary({ max: 280_000 })))).toEqual([
      {
        field: 'salary',
        posted: 'JPY 250,000–300,000 a month, before tax',
        offered: 'JPY 250,000–280,000 a month, before tax',
        worse: true,
      },
    ]);
    // The top of the range is what is compared; a single amount is its own top.
    expect(offerDifferences(AD, offered(salary({ min: 290_000, max: undefined })))).toEqual([
      expect.objectContaining({ offered: 'JPY 290,000 a month, before tax', worse: true }),
    ]);
    expect(offerDifferences(AD, offered(salary({ min: 260_000, max: 320_000 })))).toEqual([
      expect.objectContaining({ field: 'salary', worse: false }),
    ]);
    // Another period is held to a month: 2,000 an hour at 25 hours a week is about 216,667 a month.
    expect(offerDifferences(AD, offered(salary({ min: 2_000, max: undefined, period: 'hour' })))).toEqual([
      expect.objectContaining({ offered: 'JPY 2,000 an hour, before tax', worse: true }),
    ]);
    expect(offerDifferences(AD, offered(salary({ min: 3_600_000, max: 3_900_000, period: 'year' })))).toEqual([
      expect.objectContaining({ worse: false }),
    ]);
  });

  it('salary: another currency or basis is a difference, never counted as worse', () => {
    expect(offerDifferences(AD, offered(salary({ currency: 'USD', min: 1_500, max: 1_800 })))).toEqual([
      {
        field: 'salary',
        posted: 'JPY 250,000–300,000 a month, before tax',
        offered: 'USD 1,500–1,800 a month, before tax',
        worse: false,
      },
    ]);
    expect(offerDifferences(AD, offered(salary({ basis: 'net', max: 260_000 })))).toEqual([
      expect.objectContaining({ offered: 'JPY 250,000–260,000 a month, after tax', worse: false }),
    ]);
  });

  it('housing: less than the ad gave is worse, more is not', () => {
    expect(offerDifferences(AD, offered({ housing: 'none' }))).toEqual([
      { field: 'housing', posted: 'Provided', offered: 'Not provided', worse: true },
    ]);
    expect(offerDifferences(AD, offered({ housing: 'allowance', housingAllowance: 30_000 }))).toEqual([
      {
        field: 'housing',
        posted: 'Provided',
        offered: 'Housing allowance of 30,000 JPY a month',
        worse: true,
      },
    ]);
    expect(offerDifferences(AD, offered({ housing: 'help_finding' }))).toEqual([
      expect.objectContaining({ offered: 'Help finding housing', worse: true }),
    ]);
    const allowanceAd = offered({ housing: 'allowance', housingAllowance: 30_000 });
    expect(offerDifferences(allowanceAd, AD)).toEqual([
      expect.objectContaining({ field: 'housing', offered: 'Provided', worse: false }),
    ]);
    expect(offerDifferences(allowanceAd, offered({ housing: 'allowance', housingAllowance: 40_000 }))).toEqual([
      expect.objectContaining({ field: 'housing', worse: false }),
    ]);
  });

  it('housing: a smaller allowance than the ad’s is worse', () => {
    const allowanceAd = offered({ housing: 'allowance', housingAllowance: 30_000 });
    expect(offerDifferences(allowanceAd, offered({ housing: 'allowance', housingAllowance: 20_000 }))).toEqual([
      {
        field: 'housing',
        posted: 'Housing allowance of 30,000 JPY a month',
        offered: 'Housing allowance of 20,000 JPY a month',
        worse: true,
      },
    ]);
  });

  it('flights: an allowance or nothing where the ad paid is worse; paid and reimbursed are alike', () => {
    expect(offerDifferences(AD, offered({ flights: 'none' }))).toEqual([
      { field: 'flights', posted: 'Paid', offered: 'Not paid', worse: true },
    ]);
    expect(offerDifferences(AD, offered({ flights: 'allowance' }))).toEqual([
      expect.objectContaining({ offered: 'Flight allowance', worse: true }),
    ]);
    expect(offerDifferences(AD, offered({ flights: 'reimbursed' }))).toEqual([
      { field: 'flights', posted: 'Paid', offered: 'Reimbursed', worse: false },
    ]);
    expect(offerDifferences(offered({ flights: 'none' }), AD)).toEqual([
      expect.objectContaining({ field: 'flights', worse: false }),
    ]);
  });

  it('visa: not sponsored, or its costs moved to the teacher, is worse', () => {
    expect(offerDifferences(AD, offered({ visa: { sponsored: false } }))).toEqual([
      {
        field: 'visa',
        posted: 'Sponsored (JP-INSTRUCTOR), paid by the school',
        offered: 'Not sponsored',
        worse: true,
      },
    ]);
    expect(
      offerDifferences(AD, offered({ visa: { sponsored: true, permit: 'JP-INSTRUCTOR', costsPaidBy: 'shared' } })),
    ).toEqual([
      expect.objectContaining({
        offered: 'Sponsored (JP-INSTRUCTOR), paid by the school and the teacher',
        worse: true,
      }),
    ]);
    expect(
      offerDifferences(AD, offered({ visa: { sponsored: true, permit: 'JP-INSTRUCTOR', costsPaidBy: 'teacher' } })),
    ).toEqual([expect.objectContaining({ worse: true })]);
    // Another permit, paid alike, is a difference but not less.
    expect(
      offerDifferences(AD, offered({ visa: { sponsored: true, permit: 'JP-HUMANITIES', costsPaidBy: 'school' } })),
    ).toEqual([
      expect.objectContaining({
        field: 'visa',
        offered: 'Sponsored (JP-HUMANITIES), paid by the school',
        worse: false,
      }),
    ]);
    expect(offerDifferences(offered({ visa: { sponsored: false } }), AD)).toEqual([
      expect.objectContaining({ field: 'visa', worse: false }),
    ]);
  });

  it('hours, vacation, insurance and severance: each a difference in words, never counted as worse', () => {
    expect(offerDifferences(AD, offered({ teachingHoursPerWeek: 30, officeHoursPerWeek: undefined }))).toEqual([
      {
        field: 'hours',
        posted: '25 teaching hours a week, 40 on site',
        offered: '30 teaching hours a week',
        worse: false,
      },
    ]);
    expect(offerDifferences(AD, offered({ vacationDays: 10 }))).toEqual([
      { field: 'vacation', posted: '15 paid vacation days', offered: '10 paid vacation days', worse: false },
    ]);
    expect(offerDifferences(AD, offered({ healthInsurance: 'none' }))).toEqual([
      { field: 'insurance', posted: 'Partial', offered: 'None', worse: false },
    ]);
    expect(offerDifferences(AD, offered({ severance: undefined }))).toEqual([
      { field: 'severance', posted: 'As the law requires', offered: 'Not stated', worse: false },
    ]);
  });

  it('lists several differences in the order the teacher reads them', () => {
    const differences = offerDifferences(
      AD,
      offered({ severance: 'none', vacationDays: 20, housing: 'none', ...salary({ max: 310_000 }) }),
    );
    expect(differences.map((d) => [d.field, d.worse])).toEqual([
      ['salary', false],
      ['housing', true],
      ['vacation', false],
      ['severance', false],
    ]);
  });
});

describe('the conversation’s schemas', () => {
  it('a message: 1 to 5,000 characters after trimming, storable, nothing else', () => {
    for (const body of ['', '  \n\t ', 'x'.repeat(5001), 'a\u0000b', 42, undefined]) {
      expect(MessageCreateSchema.safeParse({ body }).success, JSON.stringify(body)).toBe(false);
    }
    expect(MessageCreateSchema.safeParse({ body: 'Hi', from: 'school' }).success).toBe(false);
    expect(MessageCreateSchema.parse({ body: `  ${'x'.repeat(5000)}\n` })).toEqual({ body: 'x'.repeat(5000) });
    expect(MessageCreateSchema.parse({ body: ' <b>Hi</b> & bye ' })).toEqual({ body: '<b>Hi</b> & bye' });
  });

  it('a time zone is an IANA name the runtime knows', () => {
    for (const zone of ['Asia/Tokyo', 'America/New_York', 'Europe/London', 'UTC', 'Etc/GMT-9']) {
      expect(isTimeZone(zone), zone).toBe(true);
    }
    for (const zone of ['Mars/Base', 'Tokyo', 'KST', '+09:00', 'GMT+9', '']) {
      expect(isTimeZone(zone), zone).toBe(false);
    }
  });

  const proposal = (slots: unknown[], timeZone = 'Asia/Seoul') => ({ timeZone, slots });
  const slot = (startsAt: string, minutes = 30, mode = 'video') => ({ startsAt, minutes, mode });

  it('an interview proposal: 1 to 5 times, 15 to 120 whole minutes, a mode, an offset on each time', () => {
    const refused: [string, unknown][] = [
      ['no times', proposal([])],
      ['six times', proposal([1, 2, 3, 4, 5, 6].map((d) => slot(`2026-12-0${d}T10:00:00+09:00`)))],
      ['14 minutes', proposal([slot('2026-12-01T10:00:00+09:00', 14)])],
      ['121 minutes', proposal([slot('2026-12-01T10:00:00+09:00', 121)])],
      ['20.5 minutes', proposal([slot('2026-12-01T10:00:00+09:00', 20.5)])],
      ['a mode', proposal([slot('2026-12-01T10:00:00+09:00', 30, 'letter')])],
      ['no offset', proposal([slot('2026-12-01T10:00:00')])],
      ['a date only', proposal([slot('2026-12-01')])],
      ['an offset out of range', proposal([slot('2026-12-01T10:00:00+99:00')])],
      ['a month 13', proposal([slot('2026-13-01T10:00:00+09:00')])],
      ['a zone', proposal([slot('2026-12-01T10:00:00+09:00')], 'Mars/Base')],
      ['a long where', proposal([{ ...slot('2026-12-01T10:00:00+09:00'), where: 'x'.repeat(301) }])],
      ['an unknown key', { ...proposal([slot('2026-12-01T10:00:00+09:00')]), status: 'accepted' }],
    ];
    for (const [name, input] of refused) expect(InterviewProposalSchema.safeParse(input).success, name).toBe(false);

    const taken: [string, unknown][] = [
      ['five times', proposal([1, 2, 3, 4, 5].map((d) => slot(`2026-12-0${d}T10:00:00+09:00`)))],
      ['15 and 120 minutes', proposal([slot('2026-12-01T10:00+09:00', 15), slot('2026-12-02T10:00:00.5+09:00', 120)])],
      ['UTC', proposal([slot('2026-12-01T01:00:00Z', 30, 'phone')], 'UTC')],
      ['in person, somewhere', proposal([{ ...slot('2026-12-01T10:00:00-05:00', 60, 'in_person'), where: 'Room 3' }])],
    ];
    for (const [name, input] of taken) expect(InterviewProposalSchema.safeParse(input).success, name).toBe(true);
  });

  it('an interview time that does not exist on the calendar is refused', () => {
    // 30 February is not a day; the runtime's Date.parse reads it as 2 March.
    expect(InterviewProposalSchema.safeParse(proposal([slot('2026-02-30T10:00:00+09:00')])).success).toBe(false);
  });

  it('a cancellation needs a reason of at most 500 characters', () => {
    for (const reason of ['', '   ', 'x'.repeat(501), undefined]) {
      expect(InterviewCancelSchema.safeParse({ reason }).success, String(reason)).toBe(false);
    }
    expect(InterviewCancelSchema.parse({ reason: '  Ill  ' })).toEqual({ reason: 'Ill' });
  });

  it('an offer: a valid sheet and a date to answer by', () => {
    expect(OfferCreateSchema.safeParse({ terms: AD, respondBy: '2026-12-31' }).success).toBe(true);
    for (const respondBy of ['31/12/2026', '2026-12-31T00:00:00Z', '2026-13-01', '2026-1-5', '', undefined]) {
      expect(OfferCreateSchema.safeParse({ terms: AD, respondBy }).success, String(respondBy)).toBe(false);
    }
    expect(
      OfferCreateSchema.safeParse({ terms: { ...AD, teachingHoursPerWeek: 41 }, respondBy: '2026-12-31' }).success,
    ).toBe(false);
    expect(OfferCreateSchema.safeParse({ respondBy: '2026-12-31' }).success).toBe(false);
    expect(OfferCreateSchema.safeParse({ terms: AD, respondBy: '2026-12-31', status: 'accepted' }).success).toBe(false);
  });

  it('an offer’s date to answer by must exist on the calendar', () => {
    // Date.parse reads 2026-02-31 as 3 March; the teacher would read "answer by 2026-02-31".
    expect(OfferCreateSchema.safeParse({ terms: AD, respondBy: '2026-02-31' }).success).toBe(false);
  });
});
