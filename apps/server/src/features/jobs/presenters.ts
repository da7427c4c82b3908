// A job as the API shows it, for the job board and the account's lists alike: a tile, or the whole
// posting, made from the job field table (db/job-fields.ts) as the databases' JSON is.
import type { Job, JobTile } from '@teacheast/shared';
import {
  POSTING_WRITTEN_FIELDS,
  TILE_WRITTEN_FIELDS,
  type PostingAddedKey,
  type PostingRow,
  type TileAddedKey,
  type TileRow,
  type WrittenPosting,
  type WrittenTile,
} from '../../db/job-fields.js';
import { BoundedCache } from '../../lib/bounded-cache.js';
import { jobStatus } from './lifecycle.js';

/** Moments written as ISO 8601 text, kept: the same few thousand publish times are written again and again. */
const isoTexts = new BoundedCache<number, string>(50_000);

/** A moment as ISO 8601 text (`2026-03-01T00:00:00.000Z`). */
export function isoText(ms: number): string {
  let text = isoTexts.get(ms);
  if (text === undefined) isoTexts.set(ms, (text = new Date(ms).toISOString()));
  return text;
}

const iso = (ms: number | null) => (ms === null ? null : isoText(ms));

export { POSTING_COLUMNS, TILE_COLUMNS, type PostingRow, type TileRow } from '../../db/job-fields.js';

/** The table's written fields as [key, column, json] triples, per answer: what a presenter copies from the row. */
type Copied<Row> = readonly (readonly [key: string, column: keyof Row & string, json?: true])[];

/** The fields the database writes, copied from the row: the same fields its JSON holds, in order. */
function copyColumns<Row, Answer>(row: Row, fields: Copied<Row>): Answer {
  const answer: Record<string, unknown> = {};
  for (const [key, column, json] of fields) {
    const value = row[column];
    answer[key] = json && typeof value === 'string' ? JSON.parse(value) : value;
  }
  return answer as Answer;
}

const TILE_FIELDS = TILE_WRITTEN_FIELDS as Copied<TileRow>;
const POSTING_FIELDS = POSTING_WRITTEN_FIELDS as Copied<PostingRow>;

export function toJobTile(row: TileRow): JobTile {
  const added: Pick<JobTile, TileAddedKey> = { publishedDate: iso(row.published_at) };
  return Object.assign(copyColumns<TileRow, WrittenTile>(row, TILE_FIELDS), added);
}

export function toJob(row: PostingRow, images: string[], favoritedBy: string[], now: number): Job {
  const added: Pick<Job, PostingAddedKey> = {
    publishedDate: iso(row.published_at),
    images,
    favoritedBy,
    status: jobStatus(row, now),
    underReview: row.held_at !== null,
    takenDown: row.taken_down_at !== null,
  };
  return Object.assign(copyColumns<PostingRow, WrittenPosting>(row, POSTING_FIELDS), added);
}
