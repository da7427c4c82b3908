import { MESSAGES, TOP_BUTTON_MIN_RESULTS, parseKeywords, type JobTile as JobTileData } from '@teacheast/shared';
import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { Spinner } from '../../../../ui/spinner';
import { useJobSearch } from '../../api';
import type { SearchState } from '../../search-params';
import { JobTile } from '../job-tile';
import { JobPager } from './job-pager';
import { describeTermsFilters } from './more-filters';
import type { ChosenSearch } from './use-search-state';

interface JobResultsProps {
  search: SearchState;
  query: ChosenSearch | null;
  title: string;
  pageLink: (page: number) => string;
  /** What the page offers for the search shown (the job alerts' offer, the visa questions), under its summary. */
  searchActions?: (search: ChosenSearch) => ReactNode;
  /** What the teacher's facts say of a job, shown on its tile. */
  tileBadge?: (tile: JobTileData) => ReactNode;
}

/** The search's heading and summary (its filters in words), its tiles (keywords marked), the pager and the Top button. */
export function JobResults({ search, query, title, pageLink, searchActions, tileBadge }: JobResultsProps) {
  const { country, city, ageGroup, q, eligibleOnly, page } = search;
  const headingRef = useRef<HTMLHeadingElement>(null);
  const keywords = useMemo(() => (q ? parseKeywords(q) : null), [q]);
  const results = useJobSearch(query);

  // A new page of results: bring keyboard and screen reader users to its heading.
  const previousPage = useRef(page);
  useEffect(() => {
    if (previousPage.current !== page) headingRef.current?.focus({ preventScroll: true });
    previousPage.current = page;
  }, [page]);

  const tiles = results.data ?? [];
  const showTop = tiles.length >= TOP_BUTTON_MIN_RESULTS;
  const pager = <JobPager page={page} resultCount={tiles.length} pageLink={pageLink} />;

  return (
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
          {describeTermsFilters(search)
            .map((words) => ` · ${words}`)
            .join('')}
          {eligibleOnly && ' · Only jobs I can take'}
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
              <JobTile job={job} eager={index < 2} keywords={keywords} eligibility={tileBadge?.(job)} />
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
  );
}
