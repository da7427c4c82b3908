import { DEFAULT_JOB_TITLE, TERMS_LABELS, countryLabel, type Job, type JobTerms } from '@teacheast/shared';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { durationText, startLabel } from './job-facts';
import { housingText, NOT_STATED, plural, salaryText, visaText } from './pay-conditions-card';
import './compare-table.css';

/** The words that mark a cell whose row differs between the jobs (a style marks it too). */
const DIFFERS = 'Differs';

function hoursText(terms: JobTerms): string {
  const teaching = `${plural(terms.teachingHoursPerWeek, 'teaching hour', 'teaching hours')} a week`;
  return terms.officeHoursPerWeek === undefined
    ? teaching
    : `${teaching}, ${plural(terms.officeHoursPerWeek, 'hour', 'hours')} on site`;
}

interface CompareRow {
  label: string;
  /** The row's words for a job, or null when the job does not say. */
  read: (job: Job) => string | null;
  /** A second line under the value: the pay notes, the school's own words beside the sheet's salary. */
  note?: (job: Job) => string | null;
}

/** From the job's contract sheet, or null when it has none. */
const fromTerms =
  (read: (terms: JobTerms) => string | null) =>
  (job: Job): string | null =>
    job.terms ? read(job.terms) : null;

/** The rows, in the order BEYOND §6 fixes. */
const COMPARE_ROWS: readonly CompareRow[] = [
  { label: 'School', read: (job) => job.companyName || null },
  { label: 'Title', read: (job) => job.title || DEFAULT_JOB_TITLE },
  { label: 'City', read: (job) => (job.city ? `${job.city}, ${countryLabel(job.country)}` : null) },
  {
    label: 'Pay',
    read: fromTerms((terms) => salaryText(terms.salary)),
    note: (job) => (job.pay ? `Pay notes: ${job.pay}` : null),
  },
  { label: 'Hours', read: fromTerms(hoursText) },
  { label: 'Housing', read: fromTerms(housingText) },
  { label: 'Flights', read: fromTerms((terms) => TERMS_LABELS.flights[terms.flights]) },
  { label: 'Visa', read: fromTerms(visaText) },
  {
    label: 'Vacation',
    read: fromTerms((terms) => `${plural(terms.vacationDays, 'paid day', 'paid days')} a year, public holidays aside`),
  },
  { label: 'Health insurance', read: fromTerms((terms) => TERMS_LABELS.healthInsurance[terms.healthInsurance]) },
  {
    label: 'Severance',
    read: fromTerms((terms) => (terms.severance ? TERMS_LABELS.severance[terms.severance] : null)),
  },
  { label: 'Split shift', read: fromTerms((terms) => (terms.splitShift ? 'Yes' : 'No')) },
  { label: 'Saturdays', read: fromTerms((terms) => TERMS_LABELS.saturdays[terms.saturdays]) },
  { label: 'Start', read: (job) => startLabel(job.startDate) },
  { label: 'Duration', read: (job) => (job.duration ? durationText(job.duration) : null) },
];

interface Cell {
  value: string;
  note: string | null;
}

/** Each row's cells, one per job, and whether they differ: as they read, "Not stated" included. */
function compareRows(jobs: readonly Job[]): { label: string; cells: Cell[]; differs: boolean }[] {
  return COMPARE_ROWS.map((row) => {
    const cells = jobs.map((job) => ({ value: row.read(job) ?? NOT_STATED, note: row.note?.(job) ?? null }));
    const readings = new Set(cells.map((cell) => `${cell.value}\n${cell.note ?? ''}`));
    return { label: row.label, cells, differs: readings.size > 1 };
  });
}

interface CompareTableProps {
  /** The jobs, one column each, in the order the teacher chose them. */
  jobs: readonly Job[];
}

/**
 * The jobs side by side: a column per job headed by its title and school (a link to the posting), a
 * row per fact. A row whose cells differ says "Differs" in each of them, in words as well as colour.
 */
export function CompareTable({ jobs }: CompareTableProps) {
  const captionId = useId();
  const rows = compareRows(jobs);
  const isComparing = jobs.length > 1;
  return (
    // A wide table scrolls on its own on a phone; focusable so the keyboard can scroll it too.
    <div className="compare-table__scroll" role="region" aria-labelledby={captionId} tabIndex={0}>
      <table className="compare-table">
        <caption id={captionId} className="compare-table__caption">
          <span className="compare-table__caption-text">
            {isComparing ? `Pay and conditions of ${jobs.length} jobs, side by side` : 'Pay and conditions of the job'}
          </span>
        </caption>
        <thead>
          <tr>
            <td className="compare-table__corner" />
            {jobs.map((job) => (
              <th key={job.uuid} scope="col" className="compare-table__job">
                <Link to={paths.posting(job.uuid)} className="compare-table__job-link">
                  <span className="compare-table__job-title">{job.title || DEFAULT_JOB_TITLE}</span>{' '}
                  <span className="compare-table__job-school">{job.companyName}</span>
                </Link>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.label} className={row.differs ? 'compare-table__row--differs' : undefined}>
              <th scope="row" className="compare-table__label">
                {row.label}
              </th>
              {row.cells.map((cell, i) => (
                <td
                  key={jobs[i]!.uuid}
                  className={`compare-table__cell${row.differs ? ' compare-table__cell--differs' : ''}${
                    cell.value === NOT_STATED ? ' compare-table__cell--not-stated' : ''
                  }`}
                >
                  {/* Spaces between the parts, so the cell reads as words when its text is taken whole. */}
                  <span className="compare-table__value">{cell.value}</span>
                  {cell.note && (
                    <>
                      {' '}
                      <span className="compare-table__note">{cell.note}</span>
                    </>
                  )}
                  {row.differs && (
                    <>
                      {' '}
                      <span className="compare-table__differs">{DIFFERS}</span>
                    </>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
