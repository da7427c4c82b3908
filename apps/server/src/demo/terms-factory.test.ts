// The generated contract sheets are sheets a school could have saved: each passes the wizard's own
// checks for its job, and between them they take the values schools really write, not one sheet
// repeated.
import {
  COUNTRY_CURRENCIES,
  COUNTRY_VALUES,
  DURATION_VALUES,
  JobTermsSchema,
  parsePay,
  termsIssues,
  type Country,
  type JobTerms,
} from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import { termsColumns } from '../db/job-terms.js';
import { createRandom, jobRow, MAJOR_CITIES } from './factories.js';
import { payNotesOf, randomTerms, TERMS_SHARE, typicalMonthlyPay, withRandomTerms } from './terms-factory.js';

const DRAWS = 2000;

/** DRAWS sheets over every country and every duration, with the job each was drawn for. */
function drawSheets(seed: number): { country: Country; duration: string; terms: JobTerms }[] {
  const r = createRandom(seed);
  return Array.from({ length: DRAWS }, (_, i) => {
    const country = COUNTRY_VALUES[i % COUNTRY_VALUES.length]!;
    const duration = DURATION_VALUES[Math.floor(i / COUNTRY_VALUES.length) % DURATION_VALUES.length]!;
    return { country, duration, terms: randomTerms(r, country, duration) };
  });
}

/** The different values a field takes over `sheets`. */
const valuesOf = (sheets: readonly { terms: JobTerms }[], field: (t: JobTerms) => unknown) =>
  new Set(sheets.map(({ terms }) => JSON.stringify(field(terms))));

describe('generated contract sheets', () => {
  const sheets = drawSheets(42);

  it('pass the sheet schema and every rule between fields, in every country and for every duration', () => {
    const seen = new Set(sheets.map(({ country, duration }) => `${country} ${duration}`));
    expect(seen.size).toBe(COUNTRY_VALUES.length * DURATION_VALUES.length);
    for (const { country, duration, terms } of sheets) {
      const where = `${country}, ${duration} months: ${JSON.stringify(terms)}`;
      const parsed = JobTermsSchema.safeParse(terms);
      expect(parsed.error?.issues ?? [], where).toEqual([]);
      // The schema strips nothing: the sheet is exactly what would be stored.
      expect(parsed.data, where).toEqual(terms);
      expect(termsIssues(terms, { country, duration }), where).toEqual([]);
    }
  });

  it('take many values of every field, in each country', () => {
    for (const country of COUNTRY_VALUES) {
      const own = sheets.filter((s) => s.country === country);
      const fields: [string, (t: JobTerms) => unknown][] = [
        ['salary.min', (t) => t.salary.min],
        ['salary.max', (t) => t.salary.max],
        ['teachingHoursPerWeek', (t) => t.teachingHoursPerWeek],
        ['officeHoursPerWeek', (t) => t.officeHoursPerWeek],
        ['housing', (t) => t.housing],
        ['flights', (t) => t.flights],
        ['visa.costsPaidBy', (t) => t.visa.costsPaidBy],
        ['vacationDays', (t) => t.vacationDays],
        ['healthInsurance', (t) => t.healthInsurance],
        ['severance', (t) => t.severance],
        ['splitShift', (t) => t.splitShift],
        ['saturdays', (t) => t.saturdays],
      ];
      for (const [name, field] of fields) {
        expect(valuesOf(own, field).size, `${country} ${name}`).toBeGreaterThan(1);
      }
      expect(valuesOf(own, (t) => t.salary.min).size, `${country} salaries`).toBeGreaterThanOrEqual(8);
      expect(valuesOf(own, (t) => t.vacationDays).size, `${country} vacations`).toBeGreaterThanOrEqual(8);
      // Some of each country's jobs are in its own currency, so the minPay filter finds them.
      expect(
        own.some(({ terms }) => terms.salary.currency === COUNTRY_CURRENCIES[country]),
        country,
      ).toBe(true);
    }
    // Across the board: every period, both bases, sponsored and not, with and without an allowance.
    expect(valuesOf(sheets, (t) => t.salary.period)).toEqual(new Set(['"hour"', '"month"', '"year"']));
    expect(valuesOf(sheets, (t) => t.salary.basis)).toEqual(new Set(['"gross"', '"net"']));
    expect(valuesOf(sheets, (t) => t.salary.currency).size).toBe(COUNTRY_VALUES.length + 1);
    expect(valuesOf(sheets, (t) => t.visa.sponsored).size).toBe(2);
    expect(valuesOf(sheets, (t) => t.housingAllowance === undefined).size).toBe(2);
  });

  it('pay what schools in that country pay', () => {
    for (const { country, duration, terms } of sheets) {
      const where = `${country}: ${JSON.stringify(terms.salary)}`;
      const top = terms.salary.max ?? terms.salary.min;
      if (country === 'south-korea') {
        expect(terms.salary, where).toMatchObject({ currency: 'KRW', period: 'month', basis: 'gross' });
        expect(terms.salary.min, where).toBeGreaterThanOrEqual(2_100_000);
        expect(top, where).toBeLessThanOrEqual(2_800_000);
        // Severance is owed by law there for a year or more.
        if (Number(duration) >= 12) expect(['legal', 'above_legal']).toContain(terms.severance);
      }
      if (country === 'china' && terms.salary.currency === 'CNY') {
        expect(terms.salary.min, where).toBeGreaterThanOrEqual(12_000);
        expect(top, where).toBeLessThanOrEqual(25_000);
      }
      if (country === 'japan' && terms.salary.period === 'month') {
        expect(terms.salary.min, where).toBeGreaterThanOrEqual(230_000);
        expect(top, where).toBeLessThanOrEqual(300_000);
      }
      if (country === 'taiwan' && terms.salary.period === 'hour') {
        expect(
          [terms.salary.min, top].every((n) => n >= 600 && n <= 700),
          where,
        ).toBe(true);
      }
      if (terms.salary.period === 'month' && terms.salary.currency === COUNTRY_CURRENCIES[country]) {
        const [low, high] = typicalMonthlyPay(country);
        expect(terms.salary.min >= low && top <= high, where).toBe(true);
      }
    }
  });

  it('give the same sheets for the same seed, and others for another', () => {
    expect(drawSheets(42)).toEqual(sheets);
    expect(drawSheets(43)).not.toEqual(sheets);
  });

  it('write pay notes that read back as the sheet salary', () => {
    for (const { country, terms } of sheets.slice(0, 300)) {
      const notes = payNotesOf(terms);
      expect(notes.length, notes).toBeLessThanOrEqual(80);
      const { currency, min, max, period } = terms.salary;
      const unitText = ({ hour: 'HOUR', month: 'MONTH', year: 'YEAR' } as const)[period];
      const expected =
        max === undefined ? { currency, value: min, unitText } : { currency, minValue: min, maxValue: max, unitText };
      expect(parsePay(notes, country), notes).toEqual(expected);
    }
  });

  it('give most jobs a sheet, stored as the product stores it, and leave the others without', () => {
    const r = createRandom(7);
    const rows = Array.from({ length: 500 }, (_, i) => {
      const country = COUNTRY_VALUES[i % COUNTRY_VALUES.length]!;
      const job = jobRow(r, {
        ownerId: 'owner',
        country,
        countryLabel: country,
        city: MAJOR_CITIES[country][0]!,
        ageGroup: 'Adults',
        publishedAt: 0,
      });
      return { job, row: withRandomTerms(r, job) };
    });
    const withSheet = rows.filter(({ row }) => row.terms !== null);
    expect(withSheet.length / rows.length).toBeGreaterThan(TERMS_SHARE - 0.08);
    expect(withSheet.length / rows.length).toBeLessThan(TERMS_SHARE + 0.08);
    for (const { job, row } of rows) {
      const terms = row.terms === null ? null : (JSON.parse(row.terms) as JobTerms);
      expect(row).toEqual({
        ...job,
        pay: terms ? payNotesOf(terms) : job.pay,
        ...termsColumns(terms, job.country),
      });
    }
  });
});
