// The contract-sheet filters of /jobs (BEYOND §6), folded behind "More filters": the least a month
// pays, housing, flights, visa, teaching hours, no split shift, no Saturdays. Each keeps the API's
// name in the form, so the GET form states the same query before the app has run.
import { COUNTRY_CURRENCIES, type Country } from '@teacheast/shared';
import { useEffect, useId, useState } from 'react';
import { MIN_PAY_MAX, type SearchState, TERMS_FLAG_KEYS } from '../../search-params';
import { withThousands } from '../job-tile';

interface FlagFilter {
  key: (typeof TERMS_FLAG_KEYS)[number];
  /** The checkbox's label. */
  label: string;
  /** How the results' summary says it is on. */
  words: string;
}

/** The checkboxes, grouped as a teacher asks: what the school gives, and when the work is. */
const FLAG_GROUPS: readonly { legend: string; flags: readonly FlagFilter[] }[] = [
  {
    legend: 'The school gives',
    flags: [
      { key: 'housing', label: 'Housing or a housing allowance', words: 'Housing' },
      { key: 'flights', label: 'Flights', words: 'Flights' },
      { key: 'visa', label: 'Visa sponsorship', words: 'Visa sponsored' },
    ],
  },
  {
    legend: 'Schedule',
    flags: [
      { key: 'noSplitShift', label: 'No split shift', words: 'No split shift' },
      { key: 'noSaturdays', label: 'No Saturdays', words: 'No Saturdays' },
    ],
  },
];
const FLAGS = FLAG_GROUPS.flatMap((group) => group.flags);

/** The choices of "teaching hours a week, at most"; a number the URL states is added when it is not one. */
const TEACHING_HOURS_CHOICES = ['15', '20', '25', '30'];

function currencyOf(country: Country | null): string | null {
  return country ? COUNTRY_CURRENCIES[country] : null;
}

/** How many of these filters are on, for the count on the phone's Filters button. */
export function countTermsFilters(search: SearchState): number {
  const flags = FLAGS.filter(({ key }) => search[key] === '1').length;
  return flags + (search.minPay ? 1 : 0) + (search.maxTeachingHours ? 1 : 0);
}

/** The filters that are on, in words, for the results' summary: "At least JPY 250,000 a month", "Housing". */
export function describeTermsFilters(search: SearchState): string[] {
  const words: string[] = [];
  const currency = currencyOf(search.country);
  if (search.minPay && currency) words.push(`At least ${currency} ${withThousands(Number(search.minPay))} a month`);
  if (search.maxTeachingHours) words.push(`At most ${search.maxTeachingHours} teaching hours a week`);
  for (const { key, words: flagWords } of FLAGS) {
    if (search[key] === '1') words.push(flagWords);
  }
  return words;
}

interface MoreFiltersProps {
  search: SearchState;
  update: (next: Partial<SearchState>) => void;
  /** Why the minimum pay typed was not applied; the form's submit checks it (job-filters.tsx). */
  minPayError: string | null;
}

export function MoreFilters({ search, update, minPayError }: MoreFiltersProps) {
  const { country, minPay, maxTeachingHours } = search;
  const ids = { minPay: useId(), minPayHint: useId(), minPayError: useId(), hours: useId() };
  const currency = currencyOf(country);
  const isOn = countTermsFilters(search) > 0;
  // Open at first when a filter is on; after that, as the visitor leaves it (turning the last filter
  // off does not fold the panel away under their hands).
  const [isOpen, setIsOpen] = useState(isOn);
  const [typedPay, setTypedPay] = useState(minPay ?? '');

  // Back, forward or a link to another search: the box shows that search's amount.
  useEffect(() => setTypedPay(minPay ?? ''), [minPay]);

  const hoursChoices =
    maxTeachingHours && !TEACHING_HOURS_CHOICES.includes(maxTeachingHours)
      ? [...TEACHING_HOURS_CHOICES, maxTeachingHours].sort((a, b) => Number(a) - Number(b))
      : TEACHING_HOURS_CHOICES;
  const payHint = currency
    ? `A whole number in ${currency}. Hourly and yearly pay count as a month.`
    : 'Choose a country first.';

  return (
    <details className="more-filters" open={isOpen} onToggle={(e) => setIsOpen(e.currentTarget.open)}>
      <summary className="more-filters__summary">More filters{isOn ? ` (${countTermsFilters(search)})` : ''}</summary>
      <div className="more-filters__body">
        <div className={`job-filter${minPayError ? ' field--invalid' : ''}`}>
          <label className="field__label" htmlFor={ids.minPay}>
            {currency ? `Minimum pay a month, in ${currency}` : "Minimum pay a month, in the country's currency"}
          </label>
          <p className="field__hint" id={ids.minPayHint}>
            {payHint}
          </p>
          <div className="job-filter__row">
            <input
              id={ids.minPay}
              name="minPay"
              data-depends-on="country"
              type="text"
              inputMode="numeric"
              autoComplete="off"
              className="field__control"
              value={typedPay}
              disabled={!country}
              aria-invalid={minPayError ? true : undefined}
              aria-describedby={minPayError ? `${ids.minPayHint} ${ids.minPayError}` : ids.minPayHint}
              onChange={(e) => setTypedPay(e.target.value)}
            />
            <button type="submit" className="button button--secondary" disabled={!country}>
              Apply
            </button>
          </div>
          {minPayError && (
            <p className="field__error" id={ids.minPayError}>
              {minPayError}
            </p>
          )}
        </div>
        <div className="job-filter">
          <label className="field__label" htmlFor={ids.hours}>
            Teaching hours a week, at most
          </label>
          <select
            id={ids.hours}
            name="maxTeachingHours"
            className="field__control"
            value={maxTeachingHours ?? ''}
            disabled={!country}
            onChange={(e) => update({ maxTeachingHours: e.target.value || undefined })}
          >
            <option value="">Any number</option>
            {hoursChoices.map((hours) => (
              <option key={hours} value={hours}>
                {hours} or fewer
              </option>
            ))}
          </select>
        </div>
        {FLAG_GROUPS.map((group) => (
          <fieldset key={group.legend} className="job-filter more-filters__group" disabled={!country}>
            <legend className="field__label">{group.legend}</legend>
            {group.flags.map(({ key, label }) => (
              <label key={key} className="more-filters__choice">
                <input
                  type="checkbox"
                  name={key}
                  value="1"
                  checked={search[key] === '1'}
                  onChange={(e) => update({ [key]: e.target.checked ? '1' : undefined })}
                />{' '}
                {label}
              </label>
            ))}
          </fieldset>
        ))}
      </div>
    </details>
  );
}

/** Why a minimum pay typed is not applied: it is not a whole number the API takes. */
export const MIN_PAY_ERROR = `Enter a whole number from 1 to ${withThousands(MIN_PAY_MAX)}`;
