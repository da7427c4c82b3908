// The folded text a job is found by. Written with every write to a job's title, school, city or
// description, in the same statement; the databases index it (SQLite FTS5, PostgreSQL tsvector).
// The three subpaths carry no data files, so the end-to-end seed (run by Playwright) can load this too.
import { indexedTextOf } from '@teacheast/shared/html-text';
import { wordsOf } from '@teacheast/shared/keywords';
import { DEFAULT_JOB_TITLE } from '@teacheast/shared/limits';

export interface JobSearchSource {
  title: string;
  company_name: string;
  city: string;
  description_html: string;
}

export interface JobSearchColumns {
  search_title: string;
  search_school: string;
  search_city: string;
  search_body: string;
}

/** Folded words, one space apart: both databases then split a text into the same words. */
function searchText(text: string): string {
  return wordsOf(text).join(' ');
}

/** A posting without a title of its own is shown, and found, as the default title. */
export function jobSearchColumns(job: JobSearchSource): JobSearchColumns {
  return {
    search_title: searchText(job.title.trim() === '' ? DEFAULT_JOB_TITLE : job.title),
    search_school: searchText(job.company_name),
    search_city: searchText(job.city),
    search_body: searchText(indexedTextOf(job.description_html)),
  };
}
