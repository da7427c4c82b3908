// Every query of the resumes feature.
import { PAGE_SIZE } from '@teacheast/shared';
import { sql } from 'kysely';
import { isPostgres, type DbOrTrx } from '../../db/create-db.js';
import { preparedQuery } from '../../db/prepared-query.js';
import type { ResumeRow } from '../../db/schema.js';

export interface DetailsColumns {
  name: string;
  email: string;
  nationality: string;
  education: string;
  experience: string;
  desired_country: string;
  desired_start_date: string;
  desired_age_group: string;
}

const EMPTY_RESUME = {
  name: '',
  email: '',
  nationality: '',
  education: '',
  experience: '',
  desired_country: '',
  desired_start_date: '',
  desired_age_group: '',
  profile_image: null,
  resume_html: '',
  resume_pdf_key: null,
  published_at: null,
} as const;

export function findResumeByUser(db: DbOrTrx, userId: string): Promise<ResumeRow | undefined> {
  return db.selectFrom('resumes').selectAll().where('user_id', '=', userId).executeTakeFirst();
}

export function findResumeById(db: DbOrTrx, id: string): Promise<ResumeRow | undefined> {
  return db.selectFrom('resumes').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The user's resume row, read for an update: locked on PostgreSQL (SQLite serialises transactions). */
export async function findResumeForUpdate(db: DbOrTrx, userId: string): Promise<ResumeRow | undefined> {
  let q = db.selectFrom('resumes').selectAll().where('user_id', '=', userId);
  if (isPostgres(db)) q = q.forUpdate();
  return q.executeTakeFirst();
}

/** Creates the user's resume on first save; later saves update the same row. */
export async function upsertDetails(
  db: DbOrTrx,
  row: { id: string; userId: string; details: DetailsColumns; now: number },
): Promise<void> {
  await db
    .insertInto('resumes')
    .values({
      ...EMPTY_RESUME,
      id: row.id,
      user_id: row.userId,
      ...row.details,
      last_updated_at: row.now,
      created_at: row.now,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ ...row.details, last_updated_at: row.now }))
    .execute();
}

/** An empty resume row for a user who uploads a photo or a resume before the details. */
export async function ensureResume(db: DbOrTrx, row: { id: string; userId: string; now: number }): Promise<void> {
  await db
    .insertInto('resumes')
    .values({ ...EMPTY_RESUME, id: row.id, user_id: row.userId, last_updated_at: row.now, created_at: row.now })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

export async function updateProfileImage(db: DbOrTrx, userId: string, key: string, now: number): Promise<void> {
  await db
    .updateTable('resumes')
    .set({ profile_image: key, last_updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

export async function updateResumeContent(
  db: DbOrTrx,
  userId: string,
  content: { resumeHtml: string; pdfKey: string | null },
  now: number,
): Promise<void> {
  await db
    .updateTable('resumes')
    .set({ resume_html: content.resumeHtml, resume_pdf_key: content.pdfKey, last_updated_at: now })
    .where('user_id', '=', userId)
    .execute();
}

export async function markPublished(db: DbOrTrx, userId: string, now: number): Promise<void> {
  await db
    .updateTable('resumes')
    .set((eb) => ({ published_at: eb.fn.coalesce('published_at', eb.val(now)), last_updated_at: now }))
    .where('user_id', '=', userId)
    .execute();
}

export interface BoardFilters {
  /** Only resumes whose owner's facts make them eligible for this permit (BEYOND §7). */
  eligibleFor?: string;
  nationality?: string;
  education?: string;
  experience?: string;
  desiredCountry?: string;
  desiredStartDate?: string;
  desiredAgeGroup?: string;
  page: number;
}

const TILE_COLUMNS = [
  'id',
  'name',
  'nationality',
  'experience',
  'education',
  'desired_country',
  'desired_start_date',
  'desired_age_group',
  'profile_image',
  'last_updated_at',
] as const;

export type ResumeTileRow = Pick<ResumeRow, (typeof TILE_COLUMNS)[number]>;

/** Moves with any change to a published resume (db/migrations/009-resume-board-version.ts). */
const boardVersionQuery = preparedQuery((db) =>
  db.selectFrom('content_versions').select('version').where('name', '=', 'resumes'),
);

export async function findBoardVersion(db: DbOrTrx): Promise<number> {
  const [row] = await boardVersionQuery(db, {});
  return Number(row?.version ?? 0);
}

/**
 * Every published resume's tile (board-index.ts), read from the board's covering index: what the board
 * shows, filters by and orders by.
 */
/** A published resume's tile, and its owner's eligibility facts (JSON, or null): what the board index reads. */
export type BoardEntry = ResumeTileRow & { facts: string | null };

export async function findBoardTiles(db: DbOrTrx): Promise<BoardEntry[]> {
  const rows = await db
    .selectFrom('resumes')
    .leftJoin('eligibility_facts', 'eligibility_facts.user_id', 'resumes.user_id')
    .select(TILE_COLUMNS.map((column) => `resumes.${column}` as const))
    .select('eligibility_facts.facts')
    .where('resumes.published_at', 'is not', null)
    .execute();
  return rows.map((row) => ({ ...row, last_updated_at: Number(row.last_updated_at) }));
}

/** Published resumes matching every given filter, most recently updated first. */
export async function searchBoard(db: DbOrTrx, f: BoardFilters): Promise<ResumeTileRow[]> {
  let q = db.selectFrom('resumes').select(TILE_COLUMNS).where('published_at', 'is not', null);
  if (f.nationality) q = q.where('nationality', '=', f.nationality);
  if (f.education) q = q.where('education', '=', f.education);
  if (f.experience) q = q.where('experience', '=', f.experience);
  if (f.desiredCountry) q = q.where('desired_country', '=', f.desiredCountry);
  if (f.desiredStartDate) q = q.where('desired_start_date', '=', f.desiredStartDate);
  if (f.desiredAgeGroup) q = q.where('desired_age_group', '=', f.desiredAgeGroup);
  return q
    .orderBy('last_updated_at', 'desc')
    .orderBy('id', 'desc')
    .limit(sql.lit(PAGE_SIZE))
    .offset((f.page - 1) * PAGE_SIZE)
    .execute();
}
