// The job search's state is its URL (/jobs?country=…&city=…&ageGroup=…&q=…&page=…, BEYOND §2, with
// the contract-sheet filters of §6 and "Only jobs I can take" of §7): this hook reads it, moves to
// another search, and keeps the tab's title and remembered search in step.
import { SEARCH_ELIGIBILITY_KEYS, type Country } from '@teacheast/shared';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../../config/paths';
import { SEARCH_STATE_STORAGE_KEY } from '../../../../config/storage-keys';
import { filtersOf, readSearch, searchTitle, type SearchState } from '../../search-params';

// The tab's last search is kept here, not in lib/search-state.ts (the home page's), so the search
// page's first download carries no extra chunk for it.
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

/**
 * The address of a search. paths.jobs writes the contract-sheet filters but not yet "Only jobs I can
 * take" and its facts, which are set here after them (set, so that nothing is written twice).
 */
function searchPath(query: Parameters<typeof paths.jobs>[0] = {}): string {
  const url = new URL(paths.jobs(query), 'http://localhost');
  for (const key of SEARCH_ELIGIBILITY_KEYS) {
    const value = query[key];
    if (value) url.searchParams.set(key, value);
  }
  return url.pathname + url.search;
}

/** The search the page shows, once a country is chosen. */
export type ChosenSearch = Omit<SearchState, 'country'> & { country: Country };

interface SearchStateControls {
  search: SearchState;
  /** The search to ask the server for; null until a country is chosen. */
  query: ChosenSearch | null;
  /** '{Country} Jobs', the tab title and the page's heading. */
  title: string;
  /**
   * Any filter change starts again at page 1; a new country drops the city and the minimum pay.
   * Undefined turns a filter off.
   */
  update: (next: Partial<SearchState>) => void;
  /** The address of another page of the same search. */
  pageLink: (page: number) => string;
}

export function useSearchState(): SearchStateControls {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const search = readSearch(searchParams);
  const { country, city, ageGroup, q, page } = search;
  const filters = filtersOf(search);
  const query: ChosenSearch | null = country ? { country, city, ageGroup, q, ...filters, page } : null;
  const title = searchTitle(country);

  // The tab title is '{Country} Jobs' exactly.
  useEffect(() => {
    document.title = title;
  }, [title]);

  // Remember the search for this tab, or come back to the last one when opened bare (/jobs).
  const canonical = query ? searchPath(query) : null;
  useEffect(() => {
    if (canonical) {
      storeSearch(canonical);
      return;
    }
    const stored = readStoredSearch();
    if (stored && stored.startsWith('/jobs?')) navigate(stored, { replace: true });
  }, [canonical, navigate]);

  const update = (next: Partial<SearchState>) => {
    const merged = { ...search, ...next, page: 1 };
    if (next.country && next.country !== country) {
      merged.city = undefined;
      // The minimum pay is in the country's currency: another country's amount means nothing here.
      merged.minPay = undefined;
    }
    navigate(
      searchPath({
        country: merged.country ?? undefined,
        city: merged.city,
        ageGroup: merged.ageGroup,
        q: merged.q,
        ...filtersOf(merged),
        page: 1,
      }),
    );
  };
  const pageLink = (p: number) => searchPath({ country: country ?? undefined, city, ageGroup, q, ...filters, page: p });

  return { search, query, title, update, pageLink };
}
