// The posting's "Pay and conditions" card (BEYOND §6): every row of the contract sheet in words, and
// "Not stated" for a row the school left out or for every row of a job without a sheet.
import { TERMS_LABELS, type JobTerms, type Salary } from '@teacheast/shared';
import { useId } from 'react';
import { withThousands } from './job-tile';

export const NOT_STATED = 'Not stated';

export const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "KRW 2,300,000 to 2,700,000 a month, before tax". */
export function salaryText({ currency, min, max, period, basis }: Salary): string {
  const amount =
    max === undefined || max === min ? withThousands(min) : `${withThousands(min)} to ${withThousands(max)}`;
  return `${currency} ${amount} ${TERMS_LABELS.period[period]}, ${TERMS_LABELS.basis[basis]}`;
}

/** Housing in words, with the allowance a month when there is one. */
export function housingText(terms: JobTerms): string {
  const label = TERMS_LABELS.housing[terms.housing];
  if (terms.housing !== 'allowance' || terms.housingAllowance === undefined) return label;
  return `${label}: ${terms.salary.currency} ${withThousands(terms.housingAllowance)} a month`;
}

/** The visa in words: sponsored or not, the permit and who pays. */
export function visaText({ visa }: JobTerms): string {
  if (!visa.sponsored) return 'Not sponsored';
  const parts = [visa.permit, visa.costsPaidBy && `costs paid by ${TERMS_LABELS.costsPaidBy[visa.costsPaidBy]}`];
  const details = parts.filter(Boolean).join(', ');
  return details ? `Sponsored: ${details}` : 'Sponsored';
}

/** The card's rows, in the sheet's order; a row reads null when the sheet leaves it out. */
const ROWS: readonly { label: string; read: (terms: JobTerms) => string | null }[] = [
  { label: 'Pay', read: (terms) => salaryText(terms.salary) },
  { label: 'Teaching hours', read: (terms) => `${plural(terms.teachingHoursPerWeek, 'hour', 'hours')} a week` },
  {
    label: 'Hours on site',
    read: ({ officeHoursPerWeek: hours }) => (hours === undefined ? null : `${plural(hours, 'hour', 'hours')} a week`),
  },
  { label: 'Housing', read: housingText },
  { label: 'Flights', read: (terms) => TERMS_LABELS.flights[terms.flights] },
  { label: 'Visa', read: visaText },
  {
    label: 'Paid vacation',
    read: (terms) => `${plural(terms.vacationDays, 'day', 'days')} a year, public holidays aside`,
  },
  { label: 'Health insurance', read: (terms) => TERMS_LABELS.healthInsurance[terms.healthInsurance] },
  { label: 'Severance', read: ({ severance }) => (severance ? TERMS_LABELS.severance[severance] : null) },
  { label: 'Split shift', read: (terms) => (terms.splitShift ? 'Yes' : 'No') },
  { label: 'Saturdays', read: (terms) => TERMS_LABELS.saturdays[terms.saturdays] },
];

/** The sheet's rows in words; every one "Not stated" without a sheet. */
function payConditionsRows(terms: JobTerms | null): { label: string; value: string; isStated: boolean }[] {
  return ROWS.map(({ label, read }) => {
    const value = terms ? read(terms) : null;
    return { label, value: value ?? NOT_STATED, isStated: value !== null };
  });
}

export function PayConditionsCard({ terms }: { terms: JobTerms | null }) {
  const headingId = useId();
  return (
    <section className="pay-conditions" aria-labelledby={headingId}>
      <h2 id={headingId} className="pay-conditions__title">
        Pay and conditions
      </h2>
      <dl className="pay-conditions__rows">
        {payConditionsRows(terms).map((row) => (
          <div key={row.label} className="pay-conditions__row">
            <dt>{row.label}</dt>
            <dd className={row.isStated ? undefined : 'pay-conditions__not-stated'}>{row.value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
