// The job board's answers, checked by hand. /jobs is where most visitors land, and zod would add
// about 24 kB gzip to its first download (docs/decisions/005-lean-first-load.md). The shared zod
// schemas remain the contract: the types come from them, and responses.test.ts checks that both
// accept and refuse the same answers.
import type { CityCount, Job, JobMetrics, JobTile } from '@teacheast/shared';
import type { ResponseParser } from '../../lib/api-client';

/** Thrown inside a check when the answer has the wrong shape; never leaves this module. */
class Mismatch extends Error {}

function record(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new Mismatch();
  return value as Record<string, unknown>;
}

function text(value: unknown): string {
  if (typeof value !== 'string') throw new Mismatch();
  return value;
}

function textOrNull(value: unknown): string | null {
  return value === null ? null : text(value);
}

function count(value: unknown): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new Mismatch();
  return value;
}

function list<T>(value: unknown, item: (value: unknown) => T): T[] {
  if (!Array.isArray(value)) throw new Mismatch();
  return value.map(item);
}

/** Like a zod object: only the listed fields come through, anything else the server adds is dropped. */
function parser<T>(check: (data: unknown) => T): ResponseParser<T> {
  return {
    safeParse(data) {
      try {
        return { success: true, data: check(data) };
      } catch (error) {
        if (error instanceof Mismatch) return { success: false };
        throw error;
      }
    },
  };
}

/** JobTileSchema */
function jobTile(value: unknown): JobTile {
  const v = record(value);
  return {
    uuid: text(v.uuid),
    companyName: text(v.companyName),
    country: text(v.country),
    city: text(v.city),
    ageGroup: text(v.ageGroup),
    pay: text(v.pay),
    startDate: text(v.startDate),
    duration: text(v.duration),
    classSize: text(v.classSize),
    thumbnail: textOrNull(v.thumbnail),
    publishedDate: textOrNull(v.publishedDate),
  };
}

const JOB_STATUSES: readonly Job['status'][] = ['unpublished', 'published', 'expired'];

/** JobSchema */
function job(value: unknown): Job {
  const v = record(value);
  const status = JOB_STATUSES.find((s) => s === v.status);
  if (!status) throw new Mismatch();
  return {
    ...jobTile(v),
    email: text(v.email),
    phone: text(v.phone),
    link: text(v.link),
    descriptionHTML: text(v.descriptionHTML),
    images: list(v.images, text),
    favoritedBy: list(v.favoritedBy, text),
    status,
  };
}

/** CityCountSchema */
function cityCount(value: unknown): CityCount {
  const v = record(value);
  return { city: text(v.city), count: count(v.count) };
}

/** JobMetricsSchema */
function jobMetrics(value: unknown): JobMetrics {
  const v = record(value);
  return {
    timeSpent: count(v.timeSpent),
    numberOfClicks: count(v.numberOfClicks),
    favoritedBy: count(v.favoritedBy),
    daily: list(v.daily, (day) => {
      const d = record(day);
      return { date: text(d.date), clicks: count(d.clicks), timeSpent: count(d.timeSpent), saves: count(d.saves) };
    }),
  };
}

export const searchResultsResponse = parser((data) => ({ results: list(record(data).results, jobTile) }));
export const citiesResponse = parser((data) => list(data, cityCount));
export const jobResponse = parser((data) => ({ job: job(record(data).job) }));
export const savedJobsResponse = parser((data) => ({ jobs: list(record(data).jobs, jobTile) }));
export const favoriteResultResponse = parser((data) => {
  const v = record(data);
  return { message: text(v.message), favoritedBy: list(v.favoritedBy, text) };
});
export const jobMetricsResponse = parser(jobMetrics);
