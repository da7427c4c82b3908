import type { Job, JobTerms } from '@teacheast/shared';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publishedJob } from '../../../testing/published-job';
import { renderWithProviders } from '../../../testing/render';
import { CompareTable } from './compare-table';

const seoulTerms: JobTerms = {
  salary: { currency: 'KRW', min: 2_500_000, max: 2_800_000, period: 'month', basis: 'gross' },
  teachingHoursPerWeek: 22,
  officeHoursPerWeek: 40,
  housing: 'allowance',
  housingAllowance: 500_000,
  flights: 'paid',
  visa: { sponsored: true, permit: 'KR-E2', costsPaidBy: 'school' },
  vacationDays: 14,
  healthInsurance: 'full',
  severance: 'legal',
  splitShift: false,
  saturdays: 'never',
};

const seoul: Job = {
  ...publishedJob,
  uuid: '1a2b3c4d-0000-4000-8000-000000000001',
  title: 'ESL Teacher',
  companyName: 'Maple Academy',
  country: 'south-korea',
  city: 'Seoul',
  pay: '',
  startDate: '3',
  duration: '12',
  salary: null,
  badges: [],
  terms: seoulTerms,
};

const busan: Job = {
  ...seoul,
  uuid: '1a2b3c4d-0000-4000-8000-000000000002',
  companyName: 'Harbour English',
  city: 'Busan',
  terms: { ...seoulTerms, severance: undefined, splitShift: true },
};

/** No contract sheet: every row from the sheet is "Not stated". */
const tokyo: Job = { ...publishedJob, salary: null, badges: [], terms: null };

const ROWS = [
  'School',
  'Title',
  'City',
  'Pay',
  'Hours',
  'Housing',
  'Flights',
  'Visa',
  'Vacation',
  'Health insurance',
  'Severance',
  'Split shift',
  'Saturdays',
  'Start',
  'Duration',
];

/** The row whose header is `label`, as its cells read (row header first). */
function rowTexts(label: string): string[] {
  const row = screen.getByRole('rowheader', { name: label }).closest('tr')!;
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent ?? '');
}

describe('CompareTable', () => {
  it('is a table with a caption, a column per job headed by a link to its posting, and the fixed rows in order', () => {
    renderWithProviders(<CompareTable jobs={[seoul, busan, tokyo]} />);
    const table = screen.getByRole('table', { name: 'Pay and conditions of 3 jobs, side by side' });

    const columns = within(table).getAllByRole('columnheader');
    expect(columns.map((header) => header.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
    expect(columns.map((header) => header.textContent)).toEqual([
      'ESL Teacher Maple Academy',
      'ESL Teacher Harbour English',
      'Kindergarten Teacher Sakura English',
    ]);
    expect(within(columns[0]!).getByRole('link')).toHaveAttribute('href', `/posting/${seoul.uuid}`);
    expect(within(columns[2]!).getByRole('link')).toHaveAttribute('href', `/posting/${tokyo.uuid}`);

    const rowHeaders = within(table).getAllByRole('rowheader');
    expect(rowHeaders.map((header) => header.textContent)).toEqual(ROWS);
    for (const header of rowHeaders) expect(header).toHaveAttribute('scope', 'row');
  });

  it('marks in words each cell of a row that differs, and no cell of a row that does not', () => {
    renderWithProviders(<CompareTable jobs={[seoul, busan]} />);
    expect(rowTexts('City')).toEqual(['Seoul, South Korea Differs', 'Busan, South Korea Differs']);
    expect(rowTexts('Split shift')).toEqual(['No Differs', 'Yes Differs']);
    // Absent from one sheet: "Not stated" against a value is a difference too.
    expect(rowTexts('Severance')).toEqual(['As the law requires Differs', 'Not stated Differs']);
    expect(rowTexts('Flights')).toEqual(['Paid', 'Paid']);
    expect(rowTexts('Title')).toEqual(['ESL Teacher', 'ESL Teacher']);

    // The marker is text, in the cell's accessible name, and a style besides.
    const cityRow = screen.getByRole('rowheader', { name: 'City' }).closest('tr')!;
    const [seoulCity] = within(cityRow).getAllByRole('cell');
    expect(seoulCity).toHaveAccessibleName('Seoul, South Korea Differs');
    expect(seoulCity).toHaveClass('compare-table__cell--differs');
    const flightsRow = screen.getByRole('rowheader', { name: 'Flights' }).closest('tr')!;
    expect(within(flightsRow).getAllByRole('cell')[0]).not.toHaveClass('compare-table__cell--differs');
    expect(within(flightsRow).queryByText('Differs')).toBeNull();
  });

  it('says "Not stated" for every row of a job without a contract sheet, beside the pay notes it has', () => {
    renderWithProviders(<CompareTable jobs={[seoul, tokyo]} />);
    for (const label of ['Hours', 'Housing', 'Flights', 'Visa', 'Vacation', 'Health insurance', 'Severance']) {
      expect(rowTexts(label)[1], label).toBe('Not stated Differs');
    }
    expect(rowTexts('Saturdays')).toEqual(['Never Differs', 'Not stated Differs']);
    expect(rowTexts('Pay')[1]).toBe('Not stated Pay notes: ¥280,000/month Differs');
    // The job's own facts are there without a sheet.
    expect(rowTexts('Start')).toEqual(['March Differs', 'April Differs']);
    expect(rowTexts('Duration')).toEqual(['1 Year', '1 Year']);
  });

  it('reads the sheet in words, amounts with thousands separators and their currency', () => {
    renderWithProviders(<CompareTable jobs={[seoul]} />);
    expect(screen.getByRole('table', { name: 'Pay and conditions of the job' })).toBeInTheDocument();
    expect(rowTexts('Pay')).toEqual(['KRW 2,500,000 to 2,800,000 a month, before tax']);
    expect(rowTexts('Hours')).toEqual(['22 teaching hours a week, 40 hours on site']);
    expect(rowTexts('Housing')).toEqual(['Housing allowance: KRW 500,000 a month']);
    expect(rowTexts('Visa')).toEqual(['Sponsored: KR-E2, costs paid by the school']);
    expect(rowTexts('Vacation')).toEqual(['14 paid days a year, public holidays aside']);
    expect(rowTexts('Health insurance')).toEqual(['Full']);
    // One job alone: nothing to differ from.
    expect(screen.queryByText('Differs')).toBeNull();
  });
});
