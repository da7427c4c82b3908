import type { JobTile } from '@teacheast/shared';
import type { ReactNode } from 'react';
import { JobFilters } from './job-filters';
import { JobResults } from './job-results';
import { KeywordBox } from './keyword-box';
import { useSearchState, type ChosenSearch } from './use-search-state';
import '../jobs.css';

interface JobSearchProps {
  /** What the page offers for the search shown (the job alerts' offer, the visa questions), under its summary. */
  searchActions?: (search: ChosenSearch) => ReactNode;
  /** What the teacher's answers to "Can I take this job?" say of a job, shown on its tile (BEYOND §7). */
  tileBadge?: (tile: JobTile) => ReactNode;
}

/** Job search: the sidebar of filters with the keyword box, and the results with their pager. */
export function JobSearch({ searchActions, tileBadge }: JobSearchProps) {
  const { search, query, title, update, pageLink } = useSearchState();
  return (
    <div className="job-search">
      <aside className="job-search__sidebar">
        <JobFilters
          search={search}
          update={update}
          keywordBox={<KeywordBox q={search.q} disabled={!search.country} />}
        />
      </aside>
      <JobResults
        search={search}
        query={query}
        title={title}
        pageLink={pageLink}
        searchActions={searchActions}
        tileBadge={tileBadge}
      />
    </div>
  );
}
