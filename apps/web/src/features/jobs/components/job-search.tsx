import {
  AGE_GROUPS,
  COUNTRIES,
  KEYWORDS_MAX_LENGTH,
  MESSAGES,
  PAGE_SIZE,
  TOP_BUTTON_MIN_RESULTS,
  parseKeywords,
  type Country,
} from '@teacheast/shared';
import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { SEARCH_STATE_STORAGE_KEY } from '../../../config/storage-keys';
import { Spinner } from '../../../ui/spinner';
import { useCitiesWithJobs, useJobSearch } from '../api';
import { readSearch, searchTitle, type SearchState } from '../search-params';
import { JobTile } from './job-tile';
import './jobs.css';

function readStoredSearch(): string | null {
  try {
    return window.sessionStorage.getItem(SEARCH_STATE_STORAGE_KEY);
  } catch {
    return null;
  }
}

function storeSearch(query: string): void {
  try {
    window.sessionStorage.setItem(SEARCH_STATE_STORAGE_KEY, query);
  } catch {
    // Private mode without storage: the URL still carries the search.
  }
}

function ClearButton({ label, onClear }: { label: string; onClear: () => void }) {
  return (
    <button type="button" className="job-filter__clear" onClick={onClear} aria-label={label}>
      <span aria-hidden="true">×</span>
    </button>
  );
}

/** The search the page shows, once a country is chosen. */
type ChosenSearch = Omit<SearchState, 'country'> & { country: Country };

interface JobSearchProps {
  /** What the page offers for the search shown (the job alerts' offer), under its summary. */
  searchActions?: (search: ChosenSearch) => ReactNode;
}

/** Job search: the sidebar of filters, the tiles, and the paging rules. */
export function JobSearch({ searchActions }: JobSearchProps) {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const search = readSearch(searchParams);
  const { country, city, ageGroup, q, page } = search;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const ids = { country: useId(), city: useId(), ageGroup: useId(), q: useId(), filters: useId() };
  const [typed, setTyped] = useState(q ?? '');
  const [filtersOpen, setFiltersOpen] = useState(false);
  const keywords = useMemo(() => (q ? parseKeywords(q) : null), [q]);

  // Back, forward or a link to another search: the box shows that search's words.
  useEffect(() => setTyped(q ?? ''), [q]);

  const query: ChosenSearch | null = country ? { country, city, ageGroup, q, page } : null;
  const results = useJobSearch(query);
  const cities = useCitiesWithJobs(country);
  const title = searchTitle(country);

  // The tab title is '{Country} Jobs' exactly.
  useEffect(() => {
    document.title = title;
  }, [title]);

  // Remember the search for this tab, or come back to the last one when opened bare (/jobs).
  const canonical = query ? paths.jobs(query) : null;
  useEffect(() => {
    if (canonical) {
      storeSearch(canonical);
      return;
    }
    const stored = readStoredSearch();
    if (stored && stored.startsWith('/jobs?')) navigate(stored, { replace: true });
  }, [canonical, navigate]);

  // A new page of results: bring keyboard and screen reader users to its heading.
  const previousPage = useRef(page);
  useEffect(() => {
    if (previousPage.current !== page) headingRef.current?.focus({ preventScroll: true });
    previousPage.current = page;
  }, [page]);

  /** Any filter change starts again at page 1; a new country drops the city. */
  const update = (next: Partial<SearchState>) => {
    const merged = { ...search, ...next, page: 1 };
    if (next.country && next.country !== country) merged.city = undefined;
    navigate(
      paths.jobs({
        country: merged.country ?? undefined,
        city: merged.city,
        ageGroup: merged.ageGroup,
        q: merged.q,
        page: 1,
      }),
    );
  };
  const setFilters = [city, ageGroup].filter(Boolean).length;

  const tiles = results.data ?? [];
  const cityOptions = cities.data ?? [];
  const hasUnlistedCity = city !== undefined && !cityOptions.some((c) => c.city === city);
  const showTop = tiles.length >= TOP_BUTTON_MIN_RESULTS;
  const pageLink = (p: number) => paths.jobs({ country: country ?? undefined, city, ageGroup, q, page: p });

  const hasPrevious = page > 1;
  const hasNext = tiles.length === PAGE_SIZE;
  const pager = (hasPrevious || hasNext) && (
    <nav className="job-pager" aria-label="Result pages">
      {hasPrevious && (
        <Link className="button button--secondary" to={pageLink(page - 1)}>
          <span aria-hidden="true">←</span> Previous
        </Link>
      )}
      {hasNext && (
        <Link className="button button--secondary job-pager__next" to={pageLink(page + 1)}>
          Next <span aria-hidden="true">→</span>
        </Link>
      )}
    </nav>
  );

  return (
    <div className="job-search">
      <aside className="job-search__sidebar">
        {/* A GET form with named fields: on the page the server rendered, a change leaves for the
            filtered search before the app has run (app/early-input.ts), and without scripts the
            button inside <noscript> submits it. The app navigates on each change itself. */}
        <form
          role="search"
          aria-label="Filter jobs"
          className="job-filters"
          action="/jobs"
          method="get"
          data-submit-on-change=""
          onSubmit={(e) => {
            e.preventDefault();
            update({ q: typed.trim() || undefined });
          }}
        >
          <div className="job-keywords">
            <label className="field__label" htmlFor={ids.q}>
              Keywords
            </label>
            <div className="job-keywords__row">
              <input
                id={ids.q}
                name="q"
                type="search"
                className="field__control"
                placeholder="e.g. business English, kindergarten"
                maxLength={KEYWORDS_MAX_LENGTH}
                enterKeyHint="search"
                value={typed}
                disabled={!country}
                onChange={(e) => setTyped(e.target.value)}
              />
              <button type="submit" className="button button--primary job-keywords__submit" disabled={!country}>
                Search
              </button>
            </div>
          </div>
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
          </div>
          <input type="hidden" name="page" value="1" />
          <noscript>
            <button type="submit" className="button button--primary job-filters__submit">
              Show jobs
            </button>
          </noscript>
        </form>
      </aside>

      <section
        className="job-search__results"
        aria-labelledby="job-search-title"
        aria-busy={results.isFetching || undefined}
      >
        <h1 id="job-search-title" className="job-search__title" ref={headingRef} tabIndex={-1}>
          {title}
        </h1>
        {country && (
          <p className="job-search__summary" aria-live="polite">
            {q ? `“${q}” · ` : ''}
            {[city, ageGroup].filter(Boolean).join(' · ') || 'All cities and age groups'}
            {page > 1 ? ` · page ${page}` : ''}
          </p>
        )}
        {query && searchActions && <div className="job-search__actions">{searchActions(query)}</div>}

        {!country && <p>Choose a country to see its teaching jobs.</p>}
        {country && results.isPending && <Spinner label="Loading jobs" />}
        {results.isError && (
          <p className="jobs-error" role="alert">
            {results.error.message}
          </p>
        )}
        {results.isSuccess && tiles.length === 0 && <p className="job-search__empty">{MESSAGES.noResults}</p>}
        {tiles.length > 0 && (
          <ul className="job-grid">
            {tiles.map((job, index) => (
              <li key={job.uuid}>
                <JobTile job={job} eager={index < 2} keywords={keywords} />
              </li>
            ))}
          </ul>
        )}

        {showTop ? (
          <div className="job-search__bottom-bar">
            {pager}
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                window.scrollTo({ top: 0, behavior: 'smooth' });
                headingRef.current?.focus({ preventScroll: true });
              }}
            >
              <span aria-hidden="true">↑</span> Top
            </button>
          </div>
        ) : (
          results.isSuccess && pager
        )}
      </section>
    </div>
  );
}
