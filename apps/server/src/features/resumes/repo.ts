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
  /**
   * The e-mail domain of the subscriber reading the board and the domains it is part of: resumes hidden
   * from any of them are left out (BEYOND §11).
   */
  viewerDomains?: readonly string[];
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

/**
 * A resume's tile, and when its privacy last changed (0: never): signed links name it, so a link
 * made before a change stops working (BEYOND §11).
 */
export type ResumeTileRow = Pick<ResumeRow, (typeof TILE_COLUMNS)[number]> & { privacy_at: number };

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
export type BoardEntry = ResumeTileRow & { facts: string | null; hiddenFrom: readonly string[] };

/** Published resumes whose owner keeps them on the board (no privacy row, or `board`). */
function onTheBoard(db: DbOrTrx) {
  return db
    .selectFrom('resumes')
    .leftJoin('resume_privacy', 'resume_privacy.user_id', 'resumes.user_id')
    .where('resumes.published_at', 'is not', null)
    .where((eb) => eb.or([eb('resume_privacy.visibility', 'is', null), eb('resume_privacy.visibility', '=', 'board')]));
}

const privacyAt = sql<number>`coalesce(resume_privacy.updated_at, 0)`.as('privacy_at');

export async function findBoardTiles(db: DbOrTrx): Promise<BoardEntry[]> {
  const rows = await onTheBoard(db)
    .leftJoin('eligibility_facts', 'eligibility_facts.user_id', 'resumes.user_id')
    .select(TILE_COLUMNS.map((column) => `resumes.${column}` as const))
    .select(['eligibility_facts.facts', 'resumes.user_id', privacyAt])
    .execute();
  const hidden = await db.selectFrom('resume_hidden_domains').select(['user_id', 'domain']).execute();
  const byOwner = new Map<string, string[]>();
  for (const { user_id, domain } of hidden) byOwner.set(user_id, [...(byOwner.get(user_id) ?? []), domain]);
  return rows.map(({ user_id, ...row }) => ({
    ...row,
    last_updated_at: Number(row.last_updated_at),
    privacy_at: Number(row.privacy_at),
    hiddenFrom: byOwner.get(user_id) ?? [],
  }));
}

// ---- privacy and views (BEYOND §11) ----

export async function findPrivacy(
  db: DbOrTrx,
  userId: string,
): Promise<{ visibility: 'board' | 'applications_only'; domains: string[]; updatedAt: number }> {
  const [row, domains] = await Promise.all([
    db
      .selectFrom('resume_privacy')
      .select(['visibility', 'updated_at'])
      .where('user_id', '=', userId)
      .executeTakeFirst(),
    db.selectFrom('resume_hidden_domains').select('domain').where('user_id', '=', userId).orderBy('domain').execute(),
  ]);
  return {
    visibility: row?.visibility ?? 'board',
    domains: domains.map((d) => d.domain),
    updatedAt: row ? Number(row.updated_at) : 0,
  };
}

export async function savePrivacy(
  db: DbOrTrx,
  userId: string,
  privacy: { visibility: 'board' | 'applications_only'; domains: readonly string[] },
  now: number,
): Promise<void> {
  // The stamp signed links name moves on every save, even two in one millisecond.
  const before = await db
    .selectFrom('resume_privacy')
    .select('updated_at')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  const stamp = Math.max(now, before ? Number(before.updated_at) + 1 : 0);
  await db
    .insertInto('resume_privacy')
    .values({ user_id: userId, visibility: privacy.visibility, updated_at: stamp })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ visibility: privacy.visibility, updated_at: stamp }))
    .execute();
  await db.deleteFrom('resume_hidden_domains').where('user_id', '=', userId).execute();
  if (privacy.domains.length > 0) {
    await db
      .insertInto('resume_hidden_domains')
      .values(privacy.domains.map((domain) => ({ user_id: userId, domain })))
      .execute();
  }
}

/** Records that `viewerId` opened the resume of `ownerId` on `day` (once a day: the key decides). */
export async function recordView(
  db: DbOrTrx,
  ownerId: string,
  viewerId: string,
  day: string,
  at: number,
): Promise<void> {
  await db
    .insertInto('resume_views')
    .values({ owner_id: ownerId, viewer_id: viewerId, day, at })
    .onConflict((oc) => oc.columns(['owner_id', 'viewer_id', 'day']).doNothing())
    .execute();
}

/**
 * Who opened the resume, newest first, each with what names them: their first school's name and slug,
 * else the company name of their latest job, else their address (whose domain is shown).
 */
export async function findViews(db: DbOrTrx, ownerId: string, limit: number) {
  return db
    .selectFrom('resume_views')
    .innerJoin('users', 'users.id', 'resume_views.viewer_id')
    .select([
      'resume_views.at',
      'users.email',
      (eb) =>
        eb
          .selectFrom('schools')
          .select('schools.name')
          .whereRef('schools.user_id', '=', 'users.id')
          .orderBy('schools.created_at')
          .limit(1)
          .as('school_name'),
      (eb) =>
        eb
          .selectFrom('schools')
          .select('schools.slug')
          .whereRef('schools.user_id', '=', 'users.id')
          .orderBy('schools.created_at')
          .limit(1)
          .as('school_slug'),
      (eb) =>
        eb
          .selectFrom('jobs')
          .select('jobs.company_name')
          .whereRef('jobs.user_id', '=', 'users.id')
          .where('jobs.company_name', '!=', '')
          .orderBy('jobs.created_at', 'desc')
          .limit(1)
          .as('company_name'),
    ])
    .where('resume_views.owner_id', '=', ownerId)
    .orderBy('resume_views.at', 'desc')
    .limit(limit)
    .execute();
}

/** Published resumes matching every given filter, most recently updated first. */
export async function searchBoard(db: DbOrTrx, f: BoardFilters): Promise<ResumeTileRow[]> {
  let q = onTheBoard(db)
    .select(TILE_COLUMNS.map((column) => `resumes.${column}` as const))
    .select(privacyAt);
  if (f.viewerDomains?.length) {
    const domains = [...f.viewerDomains];
    q = q.where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('resume_hidden_domains')
            .select('resume_hidden_domains.domain')
            .whereRef('resume_hidden_domains.user_id', '=', 'resumes.user_id')
            .where('resume_hidden_domains.domain', 'in', domains),
        ),
      ),
    );
  }
  if (f.nationality) q = q.where('resumes.nationality', '=', f.nationality);
  if (f.education) q = q.where('resumes.education', '=', f.education);
  if (f.experience) q = q.where('resumes.experience', '=', f.experience);
  if (f.desiredCountry) q = q.where('resumes.desired_country', '=', f.desiredCountry);
  if (f.desiredStartDate) q = q.where('resumes.desired_start_date', '=', f.desiredStartDate);
  if (f.desiredAgeGroup) q = q.where('resumes.desired_age_group', '=', f.desiredAgeGroup);
  return q
    .orderBy('resumes.last_updated_at', 'desc')
    .orderBy('resumes.id', 'desc')
    .limit(sql.lit(PAGE_SIZE))
    .offset((f.page - 1) * PAGE_SIZE)
    .execute();
}

/** Which of these teachers hide their resume from one of `domains`. */
export async function findOwnersHidingFrom(
  db: DbOrTrx,
  ownerIds: readonly string[],
  domains: readonly string[],
): Promise<string[]> {
  if (ownerIds.length === 0 || domains.length === 0) return [];
  const rows = await db
    .selectFrom('resume_hidden_domains')
    .select('user_id')
    .distinct()
    .where('user_id', 'in', [...ownerIds])
    .where('domain', 'in', [...domains])
    .execute();
  return rows.map((r) => r.user_id);
}
