// A job as the API shows it, for the job board and the account's lists alike: a tile, or the whole posting.
import type { Job, JobTile } from '@teacheast/shared';
import type { JobRow } from '../../db/schema.js';
import { jobStatus } from './lifecycle.js';

/** Moments written as ISO 8601 text, kept: the same few thousand publish times are written again and again. */
const isoTexts = new Map<number, string>();
const ISO_TEXTS_MAX = 50_000;

/** A moment as ISO 8601 text (`2026-03-01T00:00:00.000Z`). */
export function isoText(ms: number): string {
  let text = isoTexts.get(ms);
  if (text === undefined) {
    if (isoTexts.size >= ISO_TEXTS_MAX) isoTexts.clear();
    isoTexts.set(ms, (text = new Date(ms).toISOString()));
  }
  return text;
}

const iso = (ms: number | null) => (ms === null ? null : isoText(ms));

export type TileRow = Pick<
  JobRow,
  | 'id'
  | 'title'
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
  'jobs.title',
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
    title: row.title,
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

export type PostingRow = TileRow &
  Pick<JobRow, 'thumbnail' | 'email' | 'phone' | 'link' | 'description_html' | 'user_id'>;

/** The columns a whole posting needs, with its owner for the visibility check. */
export const POSTING_COLUMNS = [
  ...TILE_COLUMNS,
  'jobs.thumbnail',
  'jobs.email',
  'jobs.phone',
  'jobs.link',
  'jobs.description_html',
  'jobs.user_id',
] as const;

export function toJob(row: PostingRow, images: string[], favoritedBy: string[], now: number): Job {
  // The posting's own fields set on its tile (the header image in place of the tile's), not copied
  // into a new object.
  const job = toJobTile(row) as Job;
  job.thumbnail = row.thumbnail;
  job.email = row.email;
  job.phone = row.phone;
  job.link = row.link;
  job.descriptionHTML = row.description_html;
  job.images = images;
  job.favoritedBy = favoritedBy;
  job.status = jobStatus(row, now);
  return job;
}
