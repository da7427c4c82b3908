import { PAGE_SIZE } from '@teacheast/shared';
import { Link } from 'react-router';

interface JobPagerProps {
  page: number;
  /** How many results this page has: a full page means there may be another. */
  resultCount: number;
  pageLink: (page: number) => string;
}

/** Previous and Next, as links to the other pages of the same search; nothing when there is one page. */
export function JobPager({ page, resultCount, pageLink }: JobPagerProps) {
  const hasPrevious = page > 1;
  const hasNext = resultCount === PAGE_SIZE;
  if (!hasPrevious && !hasNext) return null;
  return (
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
}
