// The contract sheet's words and value lists (BEYOND §6), without zod: the web app's first download
// imports these (a tile's badges, the search's filters), and zod stays out of it
// (docs/decisions/005-lean-first-load.md). The schemas and rules are in terms.ts.
import type { Country } from '../enums.js';

/** Each country's own currency (ISO 4217); a sheet may also be in USD. */
export const COUNTRY_CURRENCIES = {
  china: 'CNY',
  indonesia: 'IDR',
  japan: 'JPY',
  'south-korea': 'KRW',
  taiwan: 'TWD',
  thailand: 'THB',
  vietnam: 'VND',
} as const satisfies Record<Country, string>;

export const CURRENCIES = ['CNY', 'IDR', 'JPY', 'KRW', 'TWD', 'THB', 'VND', 'USD'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** The work permits of each country (BEYOND §7): the values of `terms.visa.permit`. */
export const COUNTRY_PERMITS = {
  china: ['CN-Z'],
  indonesia: ['ID-KITAS'],
  japan: ['JP-INSTRUCTOR', 'JP-HUMANITIES'],
  'south-korea': ['KR-E2', 'KR-E1'],
  taiwan: ['TW-WORK'],
  thailand: ['TH-NON-B'],
  vietnam: ['VN-WORK'],
} as const satisfies Record<Country, readonly string[]>;

export const PERMITS = Object.values(COUNTRY_PERMITS).flat() as [Permit, ...Permit[]];
export type Permit = (typeof COUNTRY_PERMITS)[Country][number];

export const PAY_PERIODS = ['hour', 'month', 'year'] as const;
export type PayPeriod = (typeof PAY_PERIODS)[number];
export const PAY_BASES = ['gross', 'net'] as const;
export const HOUSING_VALUES = ['provided', 'allowance', 'help_finding', 'none'] as const;
export const FLIGHTS_VALUES = ['paid', 'reimbursed', 'allowance', 'none'] as const;
export const VISA_COSTS = ['school', 'teacher', 'shared'] as const;
export const HEALTH_INSURANCE_VALUES = ['full', 'partial', 'none'] as const;
export const SEVERANCE_VALUES = ['none', 'legal', 'above_legal'] as const;
export const SATURDAYS_VALUES = ['never', 'some', 'every'] as const;

/** What each value reads as, in the sheet, the card and the compare table. */
export const TERMS_LABELS = {
  period: { hour: 'an hour', month: 'a month', year: 'a year' },
  basis: { gross: 'before tax', net: 'after tax' },
  housing: {
    provided: 'Provided',
    allowance: 'Housing allowance',
    help_finding: 'Help finding housing',
    none: 'Not provided',
  },
  flights: { paid: 'Paid', reimbursed: 'Reimbursed', allowance: 'Flight allowance', none: 'Not paid' },
  costsPaidBy: { school: 'the school', teacher: 'the teacher', shared: 'the school and the teacher' },
  healthInsurance: { full: 'Full', partial: 'Partial', none: 'None' },
  severance: { none: 'None', legal: 'As the law requires', above_legal: 'Above what the law requires' },
  saturdays: { never: 'Never', some: 'Some Saturdays', every: 'Every Saturday' },
} as const;

export const TERMS_BADGES = ['housing', 'flights', 'visa'] as const;
export type TermsBadge = (typeof TERMS_BADGES)[number];

/** The contract-sheet filters that are on, as a saved search holds them (numbers as numbers, flags as '1'). */
export interface TermsFilterValues {
  eligibleOnly?: '1';
  minPay?: number;
  housing?: '1';
  flights?: '1';
  visa?: '1';
  maxTeachingHours?: number;
  noSplitShift?: '1';
  noSaturdays?: '1';
}

export const TERMS_FILTER_FLAGS = ['housing', 'flights', 'visa', 'noSplitShift', 'noSaturdays'] as const;

const FILTER_FLAG_WORDS: Record<(typeof TERMS_FILTER_FLAGS)[number], string> = {
  housing: 'housing',
  flights: 'flights',
  visa: 'visa sponsored',
  noSplitShift: 'no split shift',
  noSaturdays: 'no Saturdays',
};

/**
 * "housing, visa sponsored, at least 2,000,000 KRW a month": the filters that are on, in words, as the
 * alert form, the account's list and the alert's mails name them.
 */
export function termsFilterWords(country: string, filters: TermsFilterValues): string[] {
  const words: string[] = TERMS_FILTER_FLAGS.filter((key) => filters[key] === '1').map((key) => FILTER_FLAG_WORDS[key]);
  if (filters.maxTeachingHours !== undefined) words.push(`at most ${filters.maxTeachingHours} teaching hours a week`);
  if (filters.minPay !== undefined) {
    // The minimum pay is in the country's currency (BEYOND §6).
    const currency = (COUNTRY_CURRENCIES as Partial<Record<string, string>>)[country];
    const amount = filters.minPay.toLocaleString('en-US');
    words.push(currency ? `at least ${amount} ${currency} a month` : `at least ${amount} a month`);
  }
  if (filters.eligibleOnly === '1') words.push('only jobs you can take');
  return words;
}
