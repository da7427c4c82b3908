// The contract sheet of a job (BEYOND §6): what it pays and gives, as data teachers can filter and
// compare. The rules that need the job (its country's currency and permits, Korea's severance) are
// checked by `termsIssues`, which the server runs on every write and the wizard as the school types.
import { z } from 'zod';
import type { Country } from '../enums.js';
import {
  COUNTRY_CURRENCIES,
  COUNTRY_PERMITS,
  CURRENCIES,
  FLIGHTS_VALUES,
  HEALTH_INSURANCE_VALUES,
  HOUSING_VALUES,
  PAY_BASES,
  PAY_PERIODS,
  PERMITS,
  SATURDAYS_VALUES,
  SEVERANCE_VALUES,
  TERMS_LABELS,
  VISA_COSTS,
  type TermsBadge,
  type Currency,
  type PayPeriod,
} from './terms-words.js';

/**
 * The amounts each currency can mean a month, from about USD 300 to USD 20,000; an hour and a year
 * are reckoned from them (HOURLY_RANGE, a year is twelve months). An amount outside is refused.
 */
const MONTHLY_RANGE: Record<Currency, readonly [number, number]> = {
  CNY: [2_000, 150_000],
  IDR: [4_000_000, 320_000_000],
  JPY: [40_000, 3_000_000],
  KRW: [400_000, 28_000_000],
  TWD: [9_000, 640_000],
  THB: [10_000, 700_000],
  VND: [7_000_000, 500_000_000],
  USD: [300, 20_000],
};

/** An hour's pay, from about USD 5 to USD 200. */
const HOURLY_RANGE: Record<Currency, readonly [number, number]> = {
  CNY: [30, 1_500],
  IDR: [75_000, 3_000_000],
  JPY: [750, 30_000],
  KRW: [7_000, 280_000],
  TWD: [150, 6_500],
  THB: [150, 7_000],
  VND: [100_000, 5_000_000],
  USD: [5, 200],
};

/** The amounts accepted for a currency and period, lowest and highest. */
export function salaryRange(currency: Currency, period: PayPeriod): readonly [number, number] {
  if (period === 'hour') return HOURLY_RANGE[currency];
  const [low, high] = MONTHLY_RANGE[currency];
  return period === 'month' ? [low, high] : [low * 12, high * 12];
}

const wholeNumber = (what: string) =>
  z.number({ error: `${what} must be a whole number` }).int(`${what} must be a whole number`);

export const SalarySchema = z
  .object({
    currency: z.enum(CURRENCIES, { error: 'Choose the currency' }),
    min: wholeNumber('The amount').min(1, 'The amount must be at least 1'),
    max: wholeNumber('The top of the range').optional(),
    period: z.enum(PAY_PERIODS, { error: 'Choose an hour, a month or a year' }),
    basis: z.enum(PAY_BASES, { error: 'Choose before or after tax' }),
  })
  .strict();
export type Salary = z.infer<typeof SalarySchema>;

export const VisaTermsSchema = z
  .object({
    sponsored: z.boolean({ error: 'Say whether the school sponsors the visa' }),
    permit: z.enum(PERMITS, { error: 'Choose the work permit' }).optional(),
    costsPaidBy: z.enum(VISA_COSTS, { error: 'Choose who pays for the visa' }).optional(),
  })
  .strict();

/** The sheet as it is sent and stored: each field on its own; the rules between fields are below. */
export const JobTermsSchema = z
  .object({
    salary: SalarySchema,
    teachingHoursPerWeek: wholeNumber('Teaching hours')
      .min(1, 'Teaching hours must be between 1 and 40 a week')
      .max(40, 'Teaching hours must be between 1 and 40 a week'),
    officeHoursPerWeek: wholeNumber('Hours on site').max(60, 'Hours on site can be at most 60 a week').optional(),
    housing: z.enum(HOUSING_VALUES, { error: 'Choose what the school gives for housing' }),
    housingAllowance: wholeNumber('The housing allowance')
      .min(1, 'The housing allowance must be at least 1')
      .optional(),
    flights: z.enum(FLIGHTS_VALUES, { error: 'Choose what the school gives for flights' }),
    visa: VisaTermsSchema,
    vacationDays: wholeNumber('Paid vacation days')
      .min(0, 'Paid vacation days must be between 0 and 60')
      .max(60, 'Paid vacation days must be between 0 and 60'),
    healthInsurance: z.enum(HEALTH_INSURANCE_VALUES, { error: 'Choose the health insurance' }),
    severance: z.enum(SEVERANCE_VALUES, { error: 'Choose the severance' }).optional(),
    splitShift: z.boolean({ error: 'Say whether the hours are split' }),
    saturdays: z.enum(SATURDAYS_VALUES, { error: 'Choose how often Saturdays are worked' }),
  })
  .strict();
export type JobTerms = z.infer<typeof JobTermsSchema>;

/** What the rules between fields read of the job: its country and its duration in months. */
export interface TermsJob {
  country: string;
  duration: string;
}

export interface TermsIssue {
  /** A dotted path, such as `salary.max`. */
  path: string;
  message: string;
}

const formatted = (n: number) => n.toLocaleString('en-US');

/** The rules of a sheet that need the job or more than one field; none when it holds. */
export function termsIssues(terms: JobTerms, job: TermsJob): TermsIssue[] {
  const issues: TermsIssue[] = [];
  const { salary } = terms;
  const own = COUNTRY_CURRENCIES[job.country as Country] as Currency | undefined;
  if (salary.currency !== 'USD' && salary.currency !== own) {
    issues.push({
      path: 'salary.currency',
      message: own ? `Choose ${own}, the currency of the job's country, or USD` : 'Choose USD',
    });
  } else {
    const [low, high] = salaryRange(salary.currency, salary.period);
    const range = `${formatted(low)} to ${formatted(high)} ${salary.currency} ${TERMS_LABELS.period[salary.period]}`;
    if (salary.min < low || salary.min > high) {
      issues.push({ path: 'salary.min', message: `Enter an amount from ${range}` });
    }
    if (salary.max !== undefined && (salary.max < low || salary.max > high)) {
      issues.push({ path: 'salary.max', message: `Enter an amount from ${range}` });
    }
  }
  if (salary.max !== undefined && salary.max < salary.min) {
    issues.push({ path: 'salary.max', message: 'The top of the range must be at least the lowest amount' });
  }
  if (terms.officeHoursPerWeek !== undefined && terms.officeHoursPerWeek < terms.teachingHoursPerWeek) {
    issues.push({ path: 'officeHoursPerWeek', message: 'Hours on site must be at least the teaching hours' });
  }
  if (terms.housing === 'allowance' && terms.housingAllowance === undefined) {
    issues.push({ path: 'housingAllowance', message: 'Enter the monthly housing allowance' });
  }
  if (terms.housing !== 'allowance' && terms.housingAllowance !== undefined) {
    issues.push({ path: 'housingAllowance', message: 'A housing allowance goes with "Housing allowance" only' });
  }
  if (terms.visa.sponsored) {
    const permits: readonly string[] = COUNTRY_PERMITS[job.country as Country] ?? [];
    if (terms.visa.permit === undefined) {
      issues.push({ path: 'visa.permit', message: 'Choose the work permit' });
    } else if (!permits.includes(terms.visa.permit)) {
      issues.push({ path: 'visa.permit', message: `Choose one of ${permits.join(', ')}` });
    }
    if (terms.visa.costsPaidBy === undefined) {
      issues.push({ path: 'visa.costsPaidBy', message: 'Choose who pays for the visa' });
    }
  } else {
    if (terms.visa.permit !== undefined) {
      issues.push({ path: 'visa.permit', message: 'A permit goes with a sponsored visa only' });
    }
    if (terms.visa.costsPaidBy !== undefined) {
      issues.push({ path: 'visa.costsPaidBy', message: 'Who pays goes with a sponsored visa only' });
    }
  }
  if (job.country === 'south-korea' && Number(job.duration) >= 12 && terms.severance === 'none') {
    issues.push({
      path: 'severance',
      message: 'Severance is owed by law in South Korea for a contract of 12 months or more',
    });
  }
  return issues;
}

/** The sheet's salary as a tile shows it. */
export const TileSalarySchema = z.object({
  currency: z.enum(CURRENCIES),
  min: z.number(),
  max: z.number().nullable(),
  period: z.enum(PAY_PERIODS),
});
export type TileSalary = z.infer<typeof TileSalarySchema>;

export function tileSalary(terms: JobTerms | null): TileSalary | null {
  if (!terms) return null;
  const { currency, min, max, period } = terms.salary;
  return { currency, min, max: max ?? null, period };
}

/** Housing (provided or an allowance), flights (anything but none), visa (sponsored), in that order. */
export function termsBadges(terms: JobTerms | null): TermsBadge[] {
  if (!terms) return [];
  const badges: TermsBadge[] = [];
  if (terms.housing === 'provided' || terms.housing === 'allowance') badges.push('housing');
  if (terms.flights !== 'none') badges.push('flights');
  if (terms.visa.sponsored) badges.push('visa');
  return badges;
}

/**
 * The top of the range (max, or else min) reckoned a month, in the sheet's currency: a year's ÷ 12,
 * an hour's × teaching hours × 52 ÷ 12. What the `minPay` filter compares.
 */
export function monthlyTop(terms: JobTerms): number {
  const top = terms.salary.max ?? terms.salary.min;
  if (terms.salary.period === 'month') return top;
  if (terms.salary.period === 'year') return top / 12;
  return (top * terms.teachingHoursPerWeek * 52) / 12;
}

/** `{ terms }`: the answer of GET and PUT /api/jobs/terms/{uuid}/{userUuid}. */
export const JobTermsAnswerSchema = z.object({ terms: JobTermsSchema.nullable() });
export type JobTermsAnswer = z.infer<typeof JobTermsAnswerSchema>;

/** The contract-sheet filters of a search and of a job alert (BEYOND §6). */
const flag = z.preprocess(
  (v) => (v === '' || v === null || v === undefined || v === '0' ? undefined : v),
  z.literal('1', { error: 'Use 1 to turn this filter on' }).optional(),
);
const positiveWhole = (what: string, max: number) =>
  z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce
      .number({ error: `${what} must be a whole number` })
      .int(`${what} must be a whole number`)
      .min(1, `${what} must be at least 1`)
      .max(max, `${what} can be at most ${formatted(max)}`)
      .optional(),
  );

export const TermsFilterShape = {
  minPay: positiveWhole('minPay', 1_000_000_000),
  housing: flag,
  flights: flag,
  visa: flag,
  maxTeachingHours: positiveWhole('maxTeachingHours', 40),
  noSplitShift: flag,
  noSaturdays: flag,
};
export const TermsFilterSchema = z.object(TermsFilterShape);
/** The filters as an answer writes them (a saved alert's): only those that are on. */
export const TermsFilterAnswerSchema = z.object({
  /** Only the jobs the alert's account can take, by its saved facts (BEYOND §7). */
  eligibleOnly: z.literal('1').optional(),
  minPay: z.number().optional(),
  housing: z.literal('1').optional(),
  flights: z.literal('1').optional(),
  visa: z.literal('1').optional(),
  maxTeachingHours: z.number().optional(),
  noSplitShift: z.literal('1').optional(),
  noSaturdays: z.literal('1').optional(),
});
export type TermsFilterInput = z.input<typeof TermsFilterSchema>;
export type TermsFilter = z.output<typeof TermsFilterSchema>;
export const TERMS_FILTER_KEYS = Object.keys(TermsFilterShape) as (keyof TermsFilter)[];

/** Whether any contract-sheet filter is on. */
export function hasTermsFilter(f: TermsFilter): boolean {
  return TERMS_FILTER_KEYS.some((key) => f[key] !== undefined);
}
