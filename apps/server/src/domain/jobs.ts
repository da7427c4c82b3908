// Job rules shared by the job board and the employers' features: lifecycle and presentation.
import { POSTING_LIFETIME_DAYS, type Job, type JobTile } from '@teacheast/shared';
import type { JobRow } from '../db/schema.js';

export const POSTING_LIFETIME_MS = POSTING_LIFETIME_DAYS * 86_400_000;

export type JobStatus = 'unpublished' | 'published' | 'expired';

/** Jobs published after this moment are live; expiry is computed at query time, no cron needed. */
export function liveSince(now: number): number {
  return now - POSTING_LIFETIME_MS;
}

export function jobStatus(row: Pick<JobRow, 'published_at'>, now: number): JobStatus {
  if (row.published_at === null) return 'unpublished';
  return row.published_at > liveSince(now) ? 'published' : 'expired';
}

export function expiresAt(row: Pick<JobRow, 'published_at'>): number | null {
  return row.published_at === null ? null : row.published_at + POSTING_LIFETIME_MS;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export type TileRow = Pick<
  JobRow,
  | 'id'
  | 'company_name'
  | 'country'
  | 'city'
  | 'age_group'
  | 'pay'
  | 'start_date'
  | 'duration'
  | 'class_size'
  | 'tile_thumbnail'
  | 'published_at'
>;

/** The columns a tile needs; list queries select these and nothing else. */
export const TILE_COLUMNS = [
  'jobs.id',
  'jobs.company_name',
  'jobs.country',
  'jobs.city',
  'jobs.age_group',
  'jobs.pay',
  'jobs.start_date',
  'jobs.duration',
  'jobs.class_size',
  'jobs.tile_thumbnail',
  'jobs.published_at',
] as const;

export function toJobTile(row: TileRow): JobTile {
  return {
    uuid: row.id,
    companyName: row.company_name,
    country: row.country,
    city: row.city,
    ageGroup: row.age_group,
    pay: row.pay,
    startDate: row.start_date,
    duration: row.duration,
    classSize: row.class_size,
    thumbnail: row.tile_thumbnail,
    publishedDate: iso(row.published_at),
  };
}

export function toJob(row: JobRow, images: string[], favoritedBy: string[], now: number): Job {
  return {
    ...toJobTile(row),
    thumbnail: row.thumbnail,
    email: row.email,
    phone: row.phone,
    link: row.link,
    descriptionHTML: row.description_html,
    images,
    favoritedBy,
    status: jobStatus(row, now),
  };
}
