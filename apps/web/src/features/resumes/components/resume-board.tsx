import {
  PERMITS,
  AGE_GROUPS,
  DESIRED_COUNTRIES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  MESSAGES,
  MONTHS,
  NATIONALITIES,
  PAGE_SIZE,
  TOP_BUTTON_MIN_RESULTS,
} from '@teacheast/shared';
import { useEffect, useLayoutEffect, useMemo, useRef } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { isApiError } from '../../../lib/api-error';
import { Spinner } from '../../../ui/spinner';
import { BOARD_FILTERS, useResumeBoard, type BoardFilter, type BoardSearch } from '../api';
import { ResumeTile } from './resume-tile';
import { FilterSelect } from './filter-select';

const FILTER_OPTIONS: Record<BoardFilter, { label: string; options: readonly string[] }> = {
  nationality: { label: 'Nationality', options: NATIONALITIES },
  education: { label: 'Education', options: EDUCATION_LEVELS },
  experience: { label: 'Years of experience', options: EXPERIENCE_LEVELS },
  desiredCountry: { label: 'Desired country', options: DESIRED_COUNTRIES },
  desiredStartDate: { label: 'Desired start date', options: MONTHS },
  desiredAgeGroup: { label: 'Desired Age Group', options: AGE_GROUPS },
  // Teachers whose own answers qualify them for the permit (BEYOND §7); never their answers themselves.
  eligibleFor: { label: 'Can get the work permit', options: PERMITS },
};

const SCROLL_KEY = 'teacheast.resume-board.scroll';

function searchOf(params: URLSearchParams): BoardSearch {
  const page = Number(params.get('page'));
  const search: BoardSearch = { page: Number.isInteger(page) && page >= 1 ? page : 1 };
  for (const filter of BOARD_FILTERS) {
    const value = params.get(filter);
    if (value && (FILTER_OPTIONS[filter].options as readonly string[]).includes(value)) search[filter] = value;
  }
  return search;
}

/** Remembers where the list was scrolled for this exact search, and goes back there on return. */
function useRememberedScroll(key: string, isReady: boolean) {
  const restored = useRef(false);
  useLayoutEffect(() => {
    if (!isReady || restored.current) return;
    restored.current = true;
    try {
      const saved = JSON.parse(window.sessionStorage.getItem(SCROLL_KEY) ?? 'null') as {
        key: string;
        y: number;
      } | null;
      if (saved && saved.key === key) window.scrollTo(0, saved.y);
    } catch {
      // Storage unavailable or damaged: start at the top.
    }
  }, [isReady, key]);
  useEffect(() => {
    restored.current = false;
    const save = () => {
      try {
        window.sessionStorage.setItem(SCROLL_KEY, JSON.stringify({ key, y: window.scrollY }));
      } catch {
        // Nothing to remember with.
      }
    };
    window.addEventListener('pagehide', save);
    return () => {
      save();
      window.removeEventListener('pagehide', save);
    };
  }, [key]);
}

/** Resume board: six clearable filters in the URL, 12 per page, Top / Previous / Next. */
export function ResumeBoard({ userUuid }: { userUuid: string }) {
  const [params, setParams] = useSearchParams();
  const search = useMemo(() => searchOf(params), [params]);
  const board = useResumeBoard(userUuid, search);
  const results = board.data?.results;
  const topRef = useRef<HTMLHeadingElement>(null);
  useRememberedScroll(params.toString(), Boolean(results));

  if (board.isError && isApiError(board.error) && board.error.status === 403) {
    return <Navigate to={paths.subscription()} replace />;
  }

  const setFilter = (filter: BoardFilter, value: string) => {
    const next = new URLSearchParams(params);
    if (value) next.set(filter, value);
    else next.delete(filter);
    next.set('page', '1');
    setParams(next);
  };

  const goToPage = (page: number) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    setParams(next);
    window.scrollTo(0, 0);
    topRef.current?.focus();
  };

  const toTop = () => {
    window.scrollTo({ top: 0, behavior: 'smooth' });
    topRef.current?.focus({ preventScroll: true });
  };

  const showTop = (results?.length ?? 0) >= TOP_BUTTON_MIN_RESULTS;

  return (
    <div className="board">
      <aside className="board__filters" aria-labelledby="board-filters-title">
        <h2 id="board-filters-title" className="board__filters-title">
          Filters
        </h2>
        {BOARD_FILTERS.map((filter) => (
          <FilterSelect
            key={filter}
            label={FILTER_OPTIONS[filter].label}
            options={FILTER_OPTIONS[filter].options}
            value={search[filter] ?? ''}
            onChange={(value) => setFilter(filter, value)}
          />
        ))}
      </aside>
      <section className="board__results" aria-labelledby="board-results-title">
        <h2 id="board-results-title" className="visually-hidden" ref={topRef} tabIndex={-1}>
          Results, page {search.page}
        </h2>
        {board.isPending ? (
          <Spinner label="Loading resumes" />
        ) : board.isError ? (
          <p role="alert">{board.error.message}</p>
        ) : results && results.length === 0 ? (
          <p className="board__empty" role="status">
            {MESSAGES.noResults}
          </p>
        ) : (
          <ul className="board__list">
            {results?.map((resume) => (
              <li key={resume.uuid}>
                <ResumeTile resume={resume} />
              </li>
            ))}
          </ul>
        )}
        <div className={`board__pager${showTop ? ' board__pager--bar' : ''}`}>
          {search.page > 1 && (
            <button type="button" className="button button--secondary" onClick={() => goToPage(search.page - 1)}>
              Previous Page
            </button>
          )}
          {showTop && (
            <button type="button" className="button button--secondary" onClick={toTop}>
              Top
            </button>
          )}
          {results?.length === PAGE_SIZE && (
            <button type="button" className="button button--primary" onClick={() => goToPage(search.page + 1)}>
              Next Page
            </button>
          )}
        </div>
      </section>
    </div>
  );
}
