// Until when a landing page rendered now still reads the same: some of its words change by the clock
// alone ("Posted 3 days ago" on each tile, the footer's year). The server keeps a rendered page no
// longer than this (http/rendered-pages.ts), so a kept page always says what a fresh render would.
import type { JobTile } from '@teacheast/shared';
import type { PrerenderAnswers } from './prerender';

const DAY_MS = 86_400_000;

/** The tiles of an answer: a search's `results`, or a school page's (or jobs compared) `jobs`. */
function tilesIn(answer: unknown): Pick<JobTile, 'publishedDate'>[] {
  const { results, jobs } = (answer ?? {}) as { results?: unknown; jobs?: unknown };
  const tiles = Array.isArray(results) ? results : jobs;
  return Array.isArray(tiles) ? (tiles as Pick<JobTile, 'publishedDate'>[]) : [];
}

export function renderedUntil(_url: string, answers: PrerenderAnswers, now: number): number {
  // The footer's year turns at midnight of the new year.
  let until = new Date(new Date(now).getFullYear() + 1, 0, 1).getTime();
  for (const answer of Object.values(answers)) {
    for (const tile of tilesIn(answer)) {
      if (!tile.publishedDate) continue;
      const published = Date.parse(tile.publishedDate);
      // A tile's age in words changes at most once a day, a whole number of days after publishing.
      const days = Math.max(0, Math.floor((now - published) / DAY_MS));
      until = Math.min(until, published + (days + 1) * DAY_MS);
    }
  }
  return until;
}
