import { AGE_GROUPS, COUNTRIES, type Country } from '@teacheast/shared';
import { useId, useState, type ReactNode } from 'react';
import { useCitiesWithJobs } from '../../api';
import { MIN_PAY_MAX, wholeNumberFilter, type SearchState } from '../../search-params';
import { countTermsFilters, MIN_PAY_ERROR, MoreFilters } from './more-filters';

function ClearButton({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <button type="button" className="job-filter__clear" onClick={onClear} aria-label={label}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

interface JobFiltersProps {
  search: SearchState;
  update: (next: Partial<SearchState>) => void;
  /** The keyword box, first in the form: the form's submit searches for its words. */
  keywordBox: ReactNode;
}

/**
 * The sidebar's form: the keyword box, then country, city (with its job counts), age group, and the
 * contract-sheet filters behind "More filters".
 */
export function JobFilters({ search, update, keywordBox }: JobFiltersProps) {
  const { country, city, ageGroup } = search;
  const ids = { country: useId(), city: useId(), ageGroup: useId(), filters: useId() };
  const [filtersOpen, setFiltersOpen] = useState(false);
  const [minPayError, setMinPayError] = useState<string | null>(null);
  const cities = useCitiesWithJobs(country);
  const cityOptions = cities.data ?? [];
  const hasUnlistedCity = city !== undefined && !cityOptions.some((c) => c.city === city);
  const setFilters = [city, ageGroup].filter(Boolean).length + countTermsFilters(search);

  return (
    // A GET form with named fields: on the page the server rendered, a change leaves for the
    // filtered search before the app has run (app/early-input.ts), and without scripts the
    // button inside <noscript> submits it. The app navigates on each change itself.
    <form
      role="search"
      aria-label="Filter jobs"
      className="job-filters"
      action="/jobs"
      method="get"
      data-submit-on-change=""
      onSubmit={(e) => {
        e.preventDefault();
        // Either box's button (Search, Apply) or Enter in it sends both: the words and the minimum pay.
        const form = new FormData(e.currentTarget);
        const typed = form.get('q');
        const typedPay = form.get('minPay');
        const payText = typeof typedPay === 'string' ? typedPay.trim() : '';
        const minPay = wholeNumberFilter(payText, MIN_PAY_MAX);
        if (payText && !minPay) {
          setMinPayError(MIN_PAY_ERROR);
          return;
        }
        setMinPayError(null);
        update({ q: (typeof typed === 'string' ? typed.trim() : '') || undefined, minPay });
      }}
    >
      {keywordBox}
      <button
        type="button"
        className="button button--secondary job-filters__toggle"
        aria-expanded={filtersOpen}
        aria-controls={ids.filters}
        onClick={() => setFiltersOpen((open) => !open)}
      >
        Filters{setFilters > 0 ? ` (${setFilters})` : ''}
      </button>
      <div id={ids.filters} className={`job-filters__group${filtersOpen ? ' job-filters__group--open' : ''}`}>
        <h2 className="job-filters__title">Filter jobs</h2>
        <div className="job-filter">
          <label className="field__label" htmlFor={ids.country}>
            Country
          </label>
          <select
            id={ids.country}
            name="country"
            className="field__control"
            value={country ?? ''}
            onChange={(e) => update({ country: e.target.value as Country })}
          >
            {!country && (
              <option value="" disabled>
                Choose a country
              </option>
            )}
            {COUNTRIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <div className="job-filter">
          <label className="field__label" htmlFor={ids.city}>
            City
          </label>
          <div className="job-filter__row">
            <select
              id={ids.city}
              name="city"
              data-depends-on="country"
              className="field__control"
              value={city ?? ''}
              disabled={!country}
              onChange={(e) => update({ city: e.target.value || undefined })}
            >
              <option value="">All cities</option>
              {hasUnlistedCity && <option value={city}>{city}</option>}
              {cityOptions.map((c) => (
                <option key={c.city} value={c.city}>
                  {c.city} ({c.count})
                </option>
              ))}
            </select>
            {city && <ClearButton label="Clear city" onClear={() => update({ city: undefined })} />}
          </div>
        </div>
        <div className="job-filter">
          <label className="field__label" htmlFor={ids.ageGroup}>
            Student age group
          </label>
          <div className="job-filter__row">
            <select
              id={ids.ageGroup}
              name="ageGroup"
              className="field__control"
              value={ageGroup ?? ''}
              disabled={!country}
              onChange={(e) => update({ ageGroup: e.target.value || undefined })}
            >
              <option value="">All age groups</option>
              {AGE_GROUPS.map((a) => (
                <option key={a} value={a}>
                  {a}
                </option>
              ))}
            </select>
            {ageGroup && <ClearButton label="Clear age group" onClear={() => update({ ageGroup: undefined })} />}
          </div>
        </div>
        <MoreFilters search={search} update={update} minPayError={minPayError} />
      </div>
      <input type="hidden" name="page" value="1" />
      <noscript>
        <button type="submit" className="button button--primary job-filters__submit">
          Show jobs
        </button>
      </noscript>
    </form>
  );
}
