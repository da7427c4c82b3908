import type { JobTerms } from '@teacheast/shared';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PayConditionsCard } from './pay-conditions-card';

const ROW_NAMES = [
  'Pay',
  'Teaching hours',
  'Hours on site',
  'Housing',
  'Flights',
  'Visa',
  'Paid vacation',
  'Health insurance',
  'Severance',
  'Split shift',
  'Saturdays',
];

const fullSheet: JobTerms = {
  salary: { currency: 'KRW', min: 2_300_000, max: 2_700_000, period: 'month', basis: 'gross' },
  teachingHoursPerWeek: 25,
  officeHoursPerWeek: 40,
  housing: 'allowance',
  housingAllowance: 500_000,
  flights: 'reimbursed',
  visa: { sponsored: true, permit: 'KR-E2', costsPaidBy: 'shared' },
  vacationDays: 1,
  healthInsurance: 'partial',
  severance: 'legal',
  splitShift: true,
  saturdays: 'some',
};

/** The card's rows as [term, description] pairs, in order. */
function rows(): [string, string][] {
  const card = screen.getByRole('region', { name: 'Pay and conditions' });
  return within(card)
    .getAllByRole('term')
    .map((term) => [term.textContent ?? '', term.nextElementSibling?.textContent ?? '']);
}

describe('PayConditionsCard', () => {
  it('says "Not stated" on every row of a job without a contract sheet', () => {
    render(<PayConditionsCard terms={null} />);
    expect(screen.getByRole('heading', { level: 2, name: 'Pay and conditions' })).toBeInTheDocument();
    expect(rows()).toEqual(ROW_NAMES.map((name) => [name, 'Not stated']));
  });

  it('reads every row of a full sheet in words, amounts with thousands separators', () => {
    render(<PayConditionsCard terms={fullSheet} />);
    expect(rows()).toEqual([
      ['Pay', 'KRW 2,300,000 to 2,700,000 a month, before tax'],
      ['Teaching hours', '25 hours a week'],
      ['Hours on site', '40 hours a week'],
      ['Housing', 'Housing allowance: KRW 500,000 a month'],
      ['Flights', 'Reimbursed'],
      ['Visa', 'Sponsored: KR-E2, costs paid by the school and the teacher'],
      ['Paid vacation', '1 day a year, public holidays aside'],
      ['Health insurance', 'Partial'],
      ['Severance', 'As the law requires'],
      ['Split shift', 'Yes'],
      ['Saturdays', 'Some Saturdays'],
    ]);
  });

  it('says "Not stated" for what the sheet leaves out, and reads a single amount and an unsponsored visa', () => {
    const { officeHoursPerWeek: _hours, severance: _severance, housingAllowance: _allowance, ...rest } = fullSheet;
    render(
      <PayConditionsCard
        terms={{
          ...rest,
          salary: { currency: 'USD', min: 25, period: 'hour', basis: 'net' },
          housing: 'none',
          visa: { sponsored: false },
          splitShift: false,
        }}
      />,
    );
    expect(Object.fromEntries(rows())).toMatchObject({
      Pay: 'USD 25 an hour, after tax',
      'Hours on site': 'Not stated',
      Housing: 'Not provided',
      Visa: 'Not sponsored',
      Severance: 'Not stated',
      'Split shift': 'No',
    });
  });
});
