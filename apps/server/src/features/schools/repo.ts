// Every query of school profiles (BEYOND §8): the schools, their registration checks, and the
// school a job's tile carries.
import { sql } from 'kysely';
import type { DbOrTrx } from '../../db/create-db.js';
import { isPostgres } from '../../db/create-db.js';
import { tileJsonSql, type WrittenTile } from '../../db/job-fields.js';
import type { SchoolRow } from '../../db/schema.js';
import type { JsonText } from '../../lib/json-text.js';

type SchoolUpdate = Partial<Omit<SchoolRow, 'id' | 'slug' | 'user_id' | 'created_at'>>;

export async function findSchoolBySlug(
  db: DbOrTrx,
  slug: string,
  options: { lock?: boolean } = {},
): Promise<SchoolRow | undefined> {
  let query = db.selectFrom('schools').selectAll().where('slug', '=', slug);
  if (options.lock && isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findSchoolById(db: DbOrTrx, id: string): Promise<SchoolRow | undefined> {
  return db.selectFrom('schools').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function listSchoolsOfUser(db: DbOrTrx, userId: string): Promise<SchoolRow[]> {
  return db
    .selectFrom('schools')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function countSchoolsOfUser(db: DbOrTrx, userId: string): Promise<number> {
  const row = await db
    .selectFrom('schools')
    .select((eb) => eb.fn.countAll<string | number>().as('n'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Makes the account's school writes wait for each other (PostgreSQL; SQLite writes one at a time). */
export async function lockUser(db: DbOrTrx, userId: string): Promise<void> {
  if (!isPostgres(db)) return;
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().execute();
}

/** The slugs taken among `base` and `base-N`. */
export async function slugsLike(db: DbOrTrx, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('schools')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', `${base}-%`)]))
    .execute();
  return rows.map((r) => r.slug);
}

export async function insertSchool(db: DbOrTrx, row: SchoolRow): Promise<void> {
  await db.insertInto('schools').values(row).execute();
}

export async function updateSchool(db: DbOrTrx, id: string, update: SchoolUpdate): Promise<void> {
  await db.updateTable('schools').set(update).where('id', '=', id).execute();
}

/** Writes the school as the tiles of its jobs carry it (null: none). */
export async function writeJobsSchool(db: DbOrTrx, schoolId: string, tileSchool: string): Promise<void> {
  await db
    .updateTable('jobs')
    .set({ tile_school: tileSchool })
    .where('school_id', '=', schoolId)
    .where((eb) => eb.or([eb('tile_school', 'is', null), eb('tile_school', '!=', tileSchool)]))
    .execute();
}

/** The live jobs of a school, as tiles, newest first. */
export async function findLiveTilesOfSchool(
  db: DbOrTrx,
  schoolId: string,
  liveSince: number,
): Promise<{ tile: JsonText<WrittenTile>; published_at: number }[]> {
  return db
    .selectFrom('jobs')
    .select([tileJsonSql(isPostgres(db)).as('tile'), 'jobs.published_at'])
    .where('jobs.school_id', '=', schoolId)
    .where('jobs.published_at', '>', liveSince)
    .where('jobs.published_at', 'is not', null)
    .where('jobs.taken_down_at', 'is', null)
    .orderBy('jobs.published_at', 'desc')
    .orderBy('jobs.id', 'desc')
    .execute() as Promise<{ tile: JsonText<WrittenTile>; published_at: number }[]>;
}

/** How many jobs the school has published in all, and when it first did. */
export async function publicationsOfSchool(
  db: DbOrTrx,
  schoolId: string,
): Promise<{ count: number; first: number | null }> {
  const row = await db
    .selectFrom('jobs')
    // A job held for review keeps its own publication aside (its published_at is moved back).
    .select((eb) => [
      eb.fn.countAll<string | number>().as('n'),
      eb.fn.min(eb.fn.coalesce('held_published_at', 'published_at')).as('first'),
    ])
    .where('school_id', '=', schoolId)
    .where('published_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return { count: Number(row.n), first: row.first === null ? null : Number(row.first) };
}

/** The directory: schools of a country (and city), with their live jobs, busiest first. */
export async function listDirectory(
  db: DbOrTrx,
  where: { country?: string | undefined; city?: string | undefined },
  liveSince: number,
  limit: number,
) {
  let query = db
    .selectFrom('schools')
    .leftJoin('jobs', (join) =>
      join
        .onRef('jobs.school_id', '=', 'schools.id')
        .on('jobs.published_at', '>', liveSince)
        .on('jobs.taken_down_at', 'is', null),
    )
    .select([
      'schools.slug',
      'schools.name',
      'schools.kind',
      'schools.country',
      'schools.city',
      'schools.logo',
      'schools.verified_at',
      (eb) => eb.fn.count<string | number>('jobs.id').as('live_jobs'),
    ])
    .groupBy([
      'schools.id',
      'schools.slug',
      'schools.name',
      'schools.kind',
      'schools.country',
      'schools.city',
      'schools.logo',
      'schools.verified_at',
    ]);
  if (where.country) query = query.where('schools.country', '=', where.country);
  if (where.city) query = query.where('schools.city', '=', where.city);
  return query
    .orderBy(sql`count(jobs.id)`, 'desc')
    .orderBy('schools.name')
    .orderBy('schools.slug')
    .limit(limit)
    .execute();
}

/** The slugs of schools with a live job, for the sitemap. */
export async function listSlugsWithLiveJobs(
  db: DbOrTrx,
  liveSince: number,
): Promise<{ slug: string; updated_at: number }[]> {
  return db
    .selectFrom('schools')
    .select(['schools.slug', 'schools.updated_at'])
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('jobs')
          .select('jobs.id')
          .whereRef('jobs.school_id', '=', 'schools.id')
          .where('jobs.published_at', '>', liveSince)
          .where('jobs.taken_down_at', 'is', null),
      ),
    )
    .orderBy('schools.slug')
    .execute();
}

// ---- registration checks ----

export async function latestVerificationsOf(db: DbOrTrx, schoolIds: string[]) {
  if (schoolIds.length === 0) return [];
  return db
    .selectFrom('school_verifications')
    .selectAll()
    .where('school_id', 'in', schoolIds)
    .orderBy('requested_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

export async function approvedVerificationsOf(db: DbOrTrx, schoolId: string) {
  return db
    .selectFrom('school_verifications')
    .select(['kind', 'checked_at'])
    .where('school_id', '=', schoolId)
    .where('status', '=', 'approved')
    .orderBy('checked_at', 'desc')
    .execute();
}

/** The school other than `schoolId` that holds `number` verified, if any. */
export async function findClaim(db: DbOrTrx, number: string, schoolId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('school_verifications')
    .select('school_id')
    .where('kind', '=', 'registration')
    .where('registration_number', '=', number)
    .where('status', '=', 'approved')
    .where('school_id', '!=', schoolId)
    .executeTakeFirst();
  return row?.school_id;
}

export async function insertVerification(
  db: DbOrTrx,
  row: { id: string; school_id: string; registration_number: string; requested_at: number },
): Promise<void> {
  await db
    .insertInto('school_verifications')
    .values({ ...row, kind: 'registration', status: 'pending', checked_at: null, checked_by: null, note: null })
    .execute();
}

/** A school's checks still waiting are withdrawn by a new one (only the latest number waits). */
export async function withdrawPending(db: DbOrTrx, schoolId: string): Promise<void> {
  await db
    .deleteFrom('school_verifications')
    .where('school_id', '=', schoolId)
    .where('status', '=', 'pending')
    .execute();
}

export async function listPendingVerifications(db: DbOrTrx, limit: number) {
  return db
    .selectFrom('school_verifications')
    .innerJoin('schools', 'schools.id', 'school_verifications.school_id')
    .select([
      'school_verifications.id',
      'school_verifications.registration_number',
      'school_verifications.requested_at',
      'schools.slug',
      'schools.name',
      'schools.country',
      'schools.city',
    ])
    .where('school_verifications.status', '=', 'pending')
    .orderBy('school_verifications.requested_at')
    .orderBy('school_verifications.id')
    .limit(limit)
    .execute();
}

export async function findVerification(db: DbOrTrx, id: string, options: { lock?: boolean } = {}) {
  let query = db.selectFrom('school_verifications').selectAll().where('id', '=', id);
  if (options.lock && isPostgres(db)) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function decideVerification(
  db: DbOrTrx,
  id: string,
  decision: { status: 'approved' | 'rejected'; checked_at: number; checked_by: string | null; note: string | null },
): Promise<void> {
  await db.updateTable('school_verifications').set(decision).where('id', '=', id).execute();
}

/** The version of every job (moved by any change to any job). */
export async function jobsVersion(db: DbOrTrx): Promise<number> {
  const row = await db.selectFrom('content_versions').select('version').where('name', '=', 'jobs').executeTakeFirst();
  return Number(row?.version ?? 0);
}
