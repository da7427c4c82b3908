// Contract sheets (BEYOND §6) as schools in each country write them, for the rows the demo seed and
// the benchmark dataset write without the product's forms: the pay, hours and benefits a school there
// really offers, drawn from a seeded random source. Every sheet passes the wizard's own checks
// (JobTermsSchema and termsIssues); terms-factory.test.ts holds that over thousands of draws.
//
// Apart from factories.ts because it reads @teacheast/shared's values, which Playwright's runner
// cannot load (e2e/job-board-seed.ts imports factories.ts).
import {
  COUNTRY_CURRENCIES,
  COUNTRY_VALUES,
  type Country,
  type Currency,
  type JobTerms,
  type PayPeriod,
  type Permit,
} from '@teacheast/shared';
import { termsColumns, type TermsColumns } from '../db/job-terms.js';
import type { NewJob } from '../db/schema.js';
import type { Random } from './factories.js';

/** The share of generated jobs that have a sheet: most schools fill it in, some leave it for later. */
export const TERMS_SHARE = 0.8;

type Weights<T extends string> = Partial<Record<T, number>>;

/** One way schools of a country state pay: a currency, a period, and the amounts they offer. */
interface PayWay {
  weight: number;
  currency: Currency;
  period: PayPeriod;
  /** The lowest and highest amount offered this way, and the step schools round to. */
  amounts: readonly [low: number, high: number, step: number];
  /** The share of these sheets that state pay after tax. */
  net: number;
  /** A monthly housing allowance in the same currency: lowest, highest, step. */
  housingAllowance: readonly [low: number, high: number, step: number];
}

interface CountryTerms {
  pay: readonly PayWay[];
  teachingHours: readonly [number, number];
  /** The share of sheets that state hours on site, and the hours on site they usually state. */
  officeHours: { share: number; usual: readonly number[] };
  housing: Weights<JobTerms['housing']>;
  flights: Weights<JobTerms['flights']>;
  visa: {
    /** The share of schools that sponsor the work permit (the others hire teachers who hold one). */
    sponsored: number;
    permits: Weights<Permit>;
    costsPaidBy: Weights<NonNullable<JobTerms['visa']['costsPaidBy']>>;
  };
  vacationDays: readonly [number, number];
  healthInsurance: Weights<JobTerms['healthInsurance']>;
  /** 'unstated' leaves the field out, as the wizard allows. */
  severance: Weights<NonNullable<JobTerms['severance']> | 'unstated'>;
  /** Where the law owes severance for a contract of 12 months or more, what those sheets say. */
  severanceFromAYear?: Weights<NonNullable<JobTerms['severance']>>;
  /** The share of jobs whose teaching hours are split (mornings and evenings). */
  splitShift: number;
  saturdays: Weights<JobTerms['saturdays']>;
}

/**
 * What schools offer, country by country: public-school and hagwon contracts in Korea, training
 * centres and universities in China, eikaiwa and dispatch companies in Japan, language centres paid
 * by the hour or the month in Vietnam and Taiwan.
 */
const COUNTRY_TERMS: Record<Country, CountryTerms> = {
  'south-korea': {
    pay: [
      {
        weight: 1,
        currency: 'KRW',
        period: 'month',
        amounts: [2_100_000, 2_800_000, 50_000],
        net: 0,
        housingAllowance: [400_000, 600_000, 50_000],
      },
    ],
    teachingHours: [22, 30],
    officeHours: { share: 0.7, usual: [30, 35, 40, 40] },
    housing: { provided: 80, allowance: 20 },
    flights: { paid: 50, reimbursed: 35, allowance: 15 },
    visa: {
      sponsored: 0.95,
      permits: { 'KR-E2': 90, 'KR-E1': 10 },
      costsPaidBy: { school: 80, shared: 15, teacher: 5 },
    },
    vacationDays: [10, 26],
    healthInsurance: { partial: 80, full: 20 },
    severance: { none: 4, legal: 3, unstated: 3 },
    severanceFromAYear: { legal: 85, above_legal: 15 },
    splitShift: 0.1,
    saturdays: { never: 85, some: 15 },
  },
  china: {
    pay: [
      {
        weight: 95,
        currency: 'CNY',
        period: 'month',
        amounts: [12_000, 25_000, 500],
        net: 0.45,
        housingAllowance: [2_000, 5_000, 500],
      },
      {
        weight: 5,
        currency: 'USD',
        period: 'month',
        amounts: [1_800, 3_500, 100],
        net: 0.3,
        housingAllowance: [300, 700, 50],
      },
    ],
    teachingHours: [16, 25],
    officeHours: { share: 0.6, usual: [30, 35, 40] },
    housing: { provided: 35, allowance: 40, help_finding: 20, none: 5 },
    flights: { reimbursed: 45, allowance: 35, paid: 15, none: 5 },
    visa: { sponsored: 0.97, permits: { 'CN-Z': 1 }, costsPaidBy: { school: 85, shared: 15 } },
    vacationDays: [10, 30],
    healthInsurance: { full: 50, partial: 45, none: 5 },
    severance: { unstated: 5, none: 3, legal: 2 },
    splitShift: 0.3,
    saturdays: { every: 35, some: 25, never: 40 },
  },
  japan: {
    pay: [
      {
        weight: 85,
        currency: 'JPY',
        period: 'month',
        amounts: [230_000, 300_000, 5_000],
        net: 0,
        housingAllowance: [20_000, 50_000, 5_000],
      },
      {
        weight: 10,
        currency: 'JPY',
        period: 'year',
        amounts: [2_760_000, 3_900_000, 60_000],
        net: 0,
        housingAllowance: [20_000, 50_000, 5_000],
      },
      {
        weight: 5,
        currency: 'JPY',
        period: 'hour',
        amounts: [1_500, 3_000, 100],
        net: 0,
        housingAllowance: [20_000, 50_000, 5_000],
      },
    ],
    teachingHours: [20, 29],
    officeHours: { share: 0.7, usual: [30, 35, 40] },
    housing: { help_finding: 50, none: 20, allowance: 15, provided: 15 },
    flights: { none: 75, reimbursed: 15, allowance: 10 },
    visa: {
      sponsored: 0.85,
      permits: { 'JP-INSTRUCTOR': 50, 'JP-HUMANITIES': 50 },
      costsPaidBy: { school: 80, teacher: 10, shared: 10 },
    },
    vacationDays: [10, 20],
    healthInsurance: { partial: 75, full: 20, none: 5 },
    severance: { unstated: 6, none: 4 },
    splitShift: 0.1,
    saturdays: { never: 50, some: 25, every: 25 },
  },
  vietnam: {
    pay: [
      {
        weight: 45,
        currency: 'USD',
        period: 'month',
        amounts: [1_200, 2_200, 50],
        net: 0.5,
        housingAllowance: [200, 400, 50],
      },
      {
        weight: 30,
        currency: 'VND',
        period: 'month',
        amounts: [28_000_000, 50_000_000, 1_000_000],
        net: 0.5,
        housingAllowance: [5_000_000, 9_000_000, 500_000],
      },
      {
        weight: 15,
        currency: 'USD',
        period: 'hour',
        amounts: [17, 25, 1],
        net: 0.5,
        housingAllowance: [200, 400, 50],
      },
      {
        weight: 10,
        currency: 'VND',
        period: 'hour',
        amounts: [400_000, 600_000, 25_000],
        net: 0.5,
        housingAllowance: [5_000_000, 9_000_000, 500_000],
      },
    ],
    teachingHours: [18, 28],
    officeHours: { share: 0.4, usual: [30, 40] },
    housing: { none: 35, help_finding: 35, allowance: 20, provided: 10 },
    flights: { none: 55, allowance: 25, reimbursed: 20 },
    visa: { sponsored: 0.9, permits: { 'VN-WORK': 1 }, costsPaidBy: { school: 65, shared: 25, teacher: 10 } },
    vacationDays: [10, 20],
    healthInsurance: { partial: 50, full: 30, none: 20 },
    severance: { unstated: 60, none: 25, legal: 15 },
    splitShift: 0.35,
    saturdays: { every: 45, some: 25, never: 30 },
  },
  thailand: {
    pay: [
      {
        weight: 90,
        currency: 'THB',
        period: 'month',
        amounts: [30_000, 45_000, 1_000],
        net: 0.3,
        housingAllowance: [3_000, 6_000, 500],
      },
      {
        weight: 10,
        currency: 'THB',
        period: 'hour',
        amounts: [400, 600, 50],
        net: 0.3,
        housingAllowance: [3_000, 6_000, 500],
      },
    ],
    teachingHours: [18, 25],
    officeHours: { share: 0.6, usual: [35, 40] },
    housing: { none: 35, help_finding: 30, allowance: 20, provided: 15 },
    flights: { none: 70, allowance: 15, reimbursed: 15 },
    visa: { sponsored: 0.95, permits: { 'TH-NON-B': 1 }, costsPaidBy: { school: 75, shared: 20, teacher: 5 } },
    vacationDays: [10, 30],
    healthInsurance: { partial: 50, full: 40, none: 10 },
    severance: { unstated: 70, none: 20, legal: 10 },
    splitShift: 0.1,
    saturdays: { never: 70, some: 20, every: 10 },
  },
  taiwan: {
    pay: [
      {
        weight: 50,
        currency: 'TWD',
        period: 'hour',
        amounts: [600, 700, 10],
        net: 0,
        housingAllowance: [5_000, 8_000, 500],
      },
      {
        weight: 50,
        currency: 'TWD',
        period: 'month',
        amounts: [55_000, 75_000, 1_000],
        net: 0,
        housingAllowance: [5_000, 8_000, 500],
      },
    ],
    teachingHours: [18, 30],
    officeHours: { share: 0.4, usual: [30, 35, 40] },
    housing: { help_finding: 55, none: 30, allowance: 10, provided: 5 },
    flights: { none: 70, reimbursed: 20, allowance: 10 },
    visa: { sponsored: 0.95, permits: { 'TW-WORK': 1 }, costsPaidBy: { school: 70, shared: 20, teacher: 10 } },
    vacationDays: [10, 20],
    healthInsurance: { partial: 80, full: 20 },
    severance: { unstated: 60, none: 20, legal: 20 },
    splitShift: 0.4,
    saturdays: { never: 55, some: 30, every: 15 },
  },
  indonesia: {
    pay: [
      {
        weight: 75,
        currency: 'IDR',
        period: 'month',
        amounts: [10_000_000, 20_000_000, 500_000],
        net: 0.6,
        housingAllowance: [2_000_000, 4_000_000, 250_000],
      },
      {
        weight: 25,
        currency: 'USD',
        period: 'month',
        amounts: [1_000, 1_800, 50],
        net: 0.6,
        housingAllowance: [150, 300, 50],
      },
    ],
    teachingHours: [20, 30],
    officeHours: { share: 0.5, usual: [35, 40] },
    housing: { provided: 40, allowance: 30, help_finding: 20, none: 10 },
    flights: { reimbursed: 40, paid: 25, allowance: 20, none: 15 },
    visa: { sponsored: 0.95, permits: { 'ID-KITAS': 1 }, costsPaidBy: { school: 90, shared: 10 } },
    vacationDays: [10, 25],
    healthInsurance: { full: 45, partial: 45, none: 10 },
    severance: { unstated: 50, none: 30, legal: 20 },
    splitShift: 0.15,
    saturdays: { never: 50, some: 35, every: 15 },
  },
};

/** The monthly pay most sheets of a country state in its own currency, lowest and highest: what a minPay filter asks. */
export function typicalMonthlyPay(country: Country): readonly [number, number] {
  const own = COUNTRY_CURRENCIES[country];
  const monthly = COUNTRY_TERMS[country].pay.find((way) => way.currency === own && way.period === 'month');
  if (!monthly) throw new Error(`no monthly pay in ${own} for ${country}`);
  return [monthly.amounts[0], monthly.amounts[1]];
}

/** One of the keys, each as often as its weight says. */
function weighted<T extends string>(r: Random, weights: Weights<T>): T {
  const entries = Object.entries(weights) as [T, number][];
  let left = r.next() * entries.reduce((sum, [, w]) => sum + w, 0);
  for (const [key, w] of entries) {
    left -= w;
    if (left < 0) return key;
  }
  return entries.at(-1)![0];
}

/** A multiple of `step` from `low` to `high`. */
function amount(r: Random, [low, high, step]: readonly [number, number, number]): number {
  return low + step * r.int(0, Math.floor((high - low) / step));
}

function randomPayWay(r: Random, ways: readonly PayWay[]): PayWay {
  let left = r.next() * ways.reduce((sum, way) => sum + way.weight, 0);
  for (const way of ways) {
    left -= way.weight;
    if (left < 0) return way;
  }
  return ways.at(-1)!;
}

/**
 * A contract sheet a school in `country` would write for a job of `duration` months: its pay in the
 * currency schools there use (sometimes a range, sometimes by the hour), and the hours, housing,
 * flights, visa, holidays and insurance that go with such jobs there.
 */
export function randomTerms(r: Random, country: Country, duration: string): JobTerms {
  const profile = COUNTRY_TERMS[country];
  const way = randomPayWay(r, profile.pay);
  // About half state a range: the lower of two draws to the higher.
  const first = amount(r, way.amounts);
  const second = r.next() < 0.5 ? amount(r, way.amounts) : first;
  const salary: JobTerms['salary'] = {
    currency: way.currency,
    min: Math.min(first, second),
    ...(second !== first ? { max: Math.max(first, second) } : {}),
    period: way.period,
    basis: r.next() < way.net ? 'net' : 'gross',
  };

  const teachingHoursPerWeek = r.int(...profile.teachingHours);
  const officeHours =
    r.next() < profile.officeHours.share ? Math.max(teachingHoursPerWeek, r.pick(profile.officeHours.usual)) : null;

  const housing = weighted(r, profile.housing);
  const sponsored = r.next() < profile.visa.sponsored;
  const visa: JobTerms['visa'] = sponsored
    ? { sponsored, permit: weighted(r, profile.visa.permits), costsPaidBy: weighted(r, profile.visa.costsPaidBy) }
    : { sponsored };

  const owedByLaw = profile.severanceFromAYear !== undefined && Number(duration) >= 12;
  const severance = owedByLaw ? weighted(r, profile.severanceFromAYear!) : weighted(r, profile.severance);

  return {
    salary,
    teachingHoursPerWeek,
    ...(officeHours !== null ? { officeHoursPerWeek: officeHours } : {}),
    housing,
    ...(housing === 'allowance' ? { housingAllowance: amount(r, way.housingAllowance) } : {}),
    flights: weighted(r, profile.flights),
    visa,
    vacationDays: r.int(...profile.vacationDays),
    healthInsurance: weighted(r, profile.healthInsurance),
    ...(severance !== 'unstated' ? { severance } : {}),
    splitShift: r.next() < profile.splitShift,
    saturdays: weighted(r, profile.saturdays),
  };
}

const PAY_NOTE_PERIODS: Record<PayPeriod, string> = { hour: 'hour', month: 'month', year: 'year' };

/**
 * The pay notes a school writes beside its sheet ("2,300,000 - 2,600,000 KRW / month + housing"):
 * the same salary in words, so the free text never contradicts the sheet.
 */
export function payNotesOf(terms: JobTerms): string {
  const { currency, min, max, period, basis } = terms.salary;
  const amounts =
    max === undefined ? min.toLocaleString('en-US') : `${min.toLocaleString('en-US')} - ${max.toLocaleString('en-US')}`;
  const extras = [
    basis === 'net' ? ' after tax' : '',
    terms.housing === 'provided' ? ' + housing' : '',
    terms.flights === 'paid' ? ' + flights' : '',
  ];
  return `${amounts} ${currency} / ${PAY_NOTE_PERIODS[period]}${extras.join('')}`;
}

/**
 * `row` with a contract sheet about `share` of the time (none otherwise), stored in the columns
 * termsColumns makes, as the product stores a sheet; with a sheet, pay notes that agree with it.
 */
export function withRandomTerms(r: Random, row: NewJob, share = TERMS_SHARE): NewJob & TermsColumns {
  if (!(COUNTRY_VALUES as readonly string[]).includes(row.country)) {
    throw new Error(`withRandomTerms: unknown country ${row.country}`);
  }
  const country = row.country as Country;
  const terms = r.next() < share ? randomTerms(r, country, row.duration) : null;
  return { ...row, ...(terms ? { pay: payNotesOf(terms) } : {}), ...termsColumns(terms, country) };
}
