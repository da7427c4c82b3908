// The contract sheet (BEYOND §6) as the jobs row keeps it: the sheet itself as JSON (`terms`), the
// tile's salary and badges as the tile's JSON holds them, and what the search filters read
// (migration 016). One writer makes every column from the sheet and the job's country, so the
// filters, the tile and the sheet never disagree: the details step calls it again when the country
// changes.
import {
  COUNTRY_CURRENCIES,
  hasTermsFilter,
  monthlyTop,
  termsBadges,
  tileSalary,
  type Country,
  type JobTerms,
  type TermsFilter,
} from '@teacheast/shared';

/** terms_flags: which filters a job's sheet meets. */
export const TERMS_FLAGS = {
  hasTerms: 1,
  housing: 2,
  flights: 4,
  visa: 8,
  noSplitShift: 16,
  noSaturdays: 32,
} as const;

export interface TermsColumns {
  terms: string | null;
  tile_salary: string | null;
  tile_badges: string;
  terms_flags: number;
  /** The top of the range a month, in the country's own currency; null in another currency or without a sheet. */
  terms_month_pay: number | null;
  terms_teaching_hours: number | null;
  /** The work permit of a sponsored visa (BEYOND §7), or null. */
  terms_permit: string | null;
}

export function termsColumns(terms: JobTerms | null, country: string): TermsColumns {
  if (terms === null) {
    return {
      terms: null,
      tile_salary: null,
      tile_badges: '[]',
      terms_flags: 0,
      terms_month_pay: null,
      terms_teaching_hours: null,
      terms_permit: null,
    };
  }
  const badges = termsBadges(terms);
  let flags = TERMS_FLAGS.hasTerms;
  if (badges.includes('housing')) flags |= TERMS_FLAGS.housing;
  if (badges.includes('flights')) flags |= TERMS_FLAGS.flights;
  if (badges.includes('visa')) flags |= TERMS_FLAGS.visa;
  if (!terms.splitShift) flags |= TERMS_FLAGS.noSplitShift;
  if (terms.saturdays === 'never') flags |= TERMS_FLAGS.noSaturdays;
  const own = COUNTRY_CURRENCIES[country as Country] as string | undefined;
  return {
    terms: JSON.stringify(terms),
    tile_salary: JSON.stringify(tileSalary(terms)),
    tile_badges: JSON.stringify(badges),
    terms_flags: flags,
    terms_month_pay: terms.salary.currency === own ? monthlyTop(terms) : null,
    terms_teaching_hours: terms.teachingHoursPerWeek,
    terms_permit: terms.visa.sponsored ? (terms.visa.permit ?? null) : null,
  };
}

/** The contract-sheet filters of a search as what the columns hold, or undefined when none is on. */
export interface TermsQuery {
  /** Every bit must be set in terms_flags; it always holds hasTerms. */
  mask: number;
  minPay?: number;
  maxTeachingHours?: number;
}

export function termsQueryOf(filter: TermsFilter): TermsQuery | undefined {
  if (!hasTermsFilter(filter)) return undefined;
  let mask: number = TERMS_FLAGS.hasTerms;
  if (filter.housing) mask |= TERMS_FLAGS.housing;
  if (filter.flights) mask |= TERMS_FLAGS.flights;
  if (filter.visa) mask |= TERMS_FLAGS.visa;
  if (filter.noSplitShift) mask |= TERMS_FLAGS.noSplitShift;
  if (filter.noSaturdays) mask |= TERMS_FLAGS.noSaturdays;
  return { mask, minPay: filter.minPay, maxTeachingHours: filter.maxTeachingHours };
}
