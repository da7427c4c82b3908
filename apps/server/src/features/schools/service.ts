// School profiles (BEYOND §8): an employer's schools, their public page and the directory, the logo,
// registration checks and their decision by an operator, and the school a job is posted under. A
// job's tile carries its school as JSON (jobs.tile_school): written here, and only here, whenever the
// job's school changes, or the school's name, kind or checks do.
import { randomUUID } from 'node:crypto';
import {
  SCHOOLS_PER_ACCOUNT,
  SCHOOL_ABOUT_TEXT_MAX,
  plainTextOf,
  type Country,
  type JobSchool,
  type JobTile,
  type OwnSchool,
  type PendingVerification,
  type RegistrationStatus,
  type School,
  type SchoolCreate,
  type SchoolDirectoryEntry,
  type SchoolKind,
  type SchoolPageAnswer,
  type SchoolPatch,
} from '@teacheast/shared';
import { isCityOf } from '@teacheast/shared';
import { isUniqueViolation, type DbOrTrx } from '../../db/create-db.js';
import type { SchoolRow } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import { sanitizeRichText } from '../../integrations/html/sanitize.js';
import { mediaKeyOf, storeImage, type Variant } from '../../integrations/images/images.js';
import { enforceImageDecode } from '../../integrations/limiter/limiter.js';
import { finishTileJson } from '../../db/job-fields.js';
import { liveSince, POSTING_LIFETIME_MS } from '../jobs/lifecycle.js';
import { checkRegistration } from './registration.js';
import * as repo from './repo.js';

const SCHOOL_NOT_FOUND = 'This school was not found.';
const OWN_SCHOOL_NOT_FOUND = 'This school was not found in your account.';
/** Schools the directory lists at most. */
const DIRECTORY_MAX = 200;
/** Checks the operators' queue shows at most. */
const QUEUE_MAX = 200;
const LOGO_VARIANT: Variant = { name: 'logo', width: 320, height: 320, fit: 'inside', quality: 82 };

const iso = (ms: number) => new Date(ms).toISOString();

// ---- what is answered ----

function schoolOf(row: SchoolRow): School {
  return {
    slug: row.slug,
    name: row.name,
    country: row.country,
    city: row.city,
    kind: row.kind as SchoolKind,
    website: row.website,
    aboutHTML: row.about_html,
    foundedYear: row.founded_year,
    foreignTeachers: row.foreign_teachers,
    logo: row.logo,
    verified: row.verified_at !== null,
  };
}

type VerificationRow = Awaited<ReturnType<typeof repo.latestVerificationsOf>>[number];

function registrationOf(row: VerificationRow | undefined): RegistrationStatus {
  if (!row) return null;
  return {
    status: row.status,
    registrationNumber: row.registration_number,
    requestedAt: iso(Number(row.requested_at)),
    checkedAt: row.checked_at === null ? null : iso(Number(row.checked_at)),
    note: row.note,
  };
}

async function ownSchoolsOf(db: DbOrTrx, rows: SchoolRow[]): Promise<OwnSchool[]> {
  const checks = await repo.latestVerificationsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    ...schoolOf(row),
    registration: registrationOf(checks.find((c) => c.school_id === row.id)),
  }));
}

/** The school as the tiles of its jobs carry it, as JSON text (jobs.tile_school). */
export function tileSchoolOf(row: Pick<SchoolRow, 'slug' | 'name' | 'kind' | 'verified_at'>): string {
  const school: JobSchool = {
    slug: row.slug,
    name: row.name,
    kind: row.kind as SchoolKind,
    verified: row.verified_at !== null,
  };
  return JSON.stringify(school);
}

// ---- an employer's schools ----

/** A slug made from the name: lower-case letters and digits in words, or "school" when none are left. */
export function slugBaseOf(name: string): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return words || 'school';
}

/** The first of `base`, `base-2`, `base-3`… no school holds. */
async function freeSlug(db: DbOrTrx, base: string): Promise<string> {
  const taken = new Set(await repo.slugsLike(db, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}

/** The about as it is stored: sanitised as a job description, its text at most SCHOOL_ABOUT_TEXT_MAX. */
function aboutHtmlOf(about: string | null | undefined): string {
  const clean = sanitizeRichText(about ?? '');
  if ([...plainTextOf(clean)].length > SCHOOL_ABOUT_TEXT_MAX) {
    throw badRequest(`about: No more than ${SCHOOL_ABOUT_TEXT_MAX} characters of text`, {
      about: `No more than ${SCHOOL_ABOUT_TEXT_MAX} characters of text`,
    });
  }
  return clean;
}

export async function createSchool(deps: Deps, userId: string, input: SchoolCreate): Promise<OwnSchool> {
  const now = deps.clock.now();
  const about = aboutHtmlOf(input.about);
  // Two schools named alike at once may both pick one slug: the second tries the next.
  for (let attempt = 0; ; attempt++) {
    try {
      return await deps.db.transaction().execute(async (trx) => {
        await repo.lockUser(trx, userId);
        if ((await repo.countSchoolsOfUser(trx, userId)) >= SCHOOLS_PER_ACCOUNT) {
          throw new AppError(409, `You can have at most ${SCHOOLS_PER_ACCOUNT} schools`, {
            errorType: 'TOO_MANY_SCHOOLS',
          });
        }
        const row: SchoolRow = {
          id: randomUUID(),
          slug: await freeSlug(trx, slugBaseOf(input.name)),
          user_id: userId,
          name: input.name,
          country: input.country,
          city: input.city,
          kind: input.kind,
          website: input.website || null,
          about_html: about,
          founded_year: input.foundedYear ?? null,
          foreign_teachers: input.foreignTeachers ?? null,
          logo: null,
          verified_at: null,
          created_at: now,
          updated_at: now,
        };
        await repo.insertSchool(trx, row);
        return { ...schoolOf(row), registration: null };
      });
    } catch (err) {
      if (attempt < 3 && isUniqueViolation(err)) continue;
      throw err;
    }
  }
}

/** Refuses (404) a school that is not the caller's: checked before a request's body is read. */
export async function assertOwnSchool(deps: Deps, userId: string, slug: string): Promise<void> {
  await ownedSchool(deps.db, userId, slug);
}

async function ownedSchool(db: DbOrTrx, userId: string, slug: string, options: { lock?: boolean } = {}) {
  const school = await repo.findSchoolBySlug(db, slug, options);
  if (!school || school.user_id !== userId) throw notFound(OWN_SCHOOL_NOT_FOUND);
  return school;
}

export async function updateSchool(deps: Deps, userId: string, slug: string, patch: SchoolPatch): Promise<OwnSchool> {
  const now = deps.clock.now();
  const about = patch.about === undefined ? undefined : aboutHtmlOf(patch.about);
  return deps.db.transaction().execute(async (trx) => {
    const school = await ownedSchool(trx, userId, slug, { lock: true });
    const country = patch.country ?? school.country;
    const city = patch.city ?? school.city;
    if (!isCityOf(country, city))
      throw badRequest('city: Choose a city from the list', { city: 'Choose a city from the list' });
    const update = {
      ...(patch.name !== undefined && { name: patch.name }),
      country,
      city,
      ...(patch.kind !== undefined && { kind: patch.kind }),
      ...(patch.website !== undefined && { website: patch.website || null }),
      ...(about !== undefined && { about_html: about }),
      ...(patch.foundedYear !== undefined && { founded_year: patch.foundedYear }),
      ...(patch.foreignTeachers !== undefined && { foreign_teachers: patch.foreignTeachers }),
      updated_at: now,
    };
    await repo.updateSchool(trx, school.id, update);
    const saved = { ...school, ...update };
    await repo.writeJobsSchool(trx, school.id, tileSchoolOf(saved));
    return (await ownSchoolsOf(trx, [saved]))[0]!;
  });
}

export async function listMySchools(deps: Deps, userId: string): Promise<OwnSchool[]> {
  return ownSchoolsOf(deps.db, await repo.listSchoolsOfUser(deps.db, userId));
}

export async function saveLogo(deps: Deps, userId: string, slug: string, dataUrl: string): Promise<{ logo: string }> {
  // Ownership first, before any time goes into the image; checked again when the row changes.
  await ownedSchool(deps.db, userId, slug);
  await enforceImageDecode(deps.limiter, userId);
  const stored = await storeImage(deps.blobs, dataUrl, [LOGO_VARIANT]);
  const logo = stored.urls.logo!;
  let old: string | null;
  try {
    old = await deps.db.transaction().execute(async (trx) => {
      const school = await ownedSchool(trx, userId, slug, { lock: true });
      await repo.updateSchool(trx, school.id, { logo, updated_at: deps.clock.now() });
      return school.logo;
    });
  } catch (err) {
    await deleteMediaQuietly(deps, logo);
    throw err;
  }
  if (old) await deleteMediaQuietly(deps, old);
  return { logo };
}

async function deleteMediaQuietly(deps: Deps, url: string): Promise<void> {
  const key = mediaKeyOf(url);
  if (!key) return;
  try {
    await deps.blobs.delete(key);
  } catch (err) {
    deps.log.warn({ err, key }, 'could not delete a replaced school logo');
  }
}

// ---- the public page and the directory ----

export async function schoolPage(deps: Deps, slug: string): Promise<SchoolPageAnswer> {
  const school = await repo.findSchoolBySlug(deps.db, slug);
  if (!school) throw notFound(SCHOOL_NOT_FOUND);
  const since = liveSince(deps.clock.now());
  const [tiles, published, checks] = await Promise.all([
    repo.findLiveTilesOfSchool(deps.db, school.id, since),
    repo.publicationsOfSchool(deps.db, school.id),
    repo.approvedVerificationsOf(deps.db, school.id),
  ]);
  return {
    school: schoolOf(school),
    jobs: tiles.map(
      (t) =>
        JSON.parse(
          finishTileJson(t.tile, { publishedDate: JSON.stringify(iso(Number(t.published_at))) as never }),
        ) as JobTile,
    ),
    jobsPosted: published.count,
    since: published.first === null ? null : iso(published.first).slice(0, 10),
    verifications: checks.map((c) => ({ kind: c.kind, checkedAt: iso(Number(c.checked_at)) })),
  };
}

/** What a school page is current for: the school's row and every job (a job moves the jobs version). */
export async function schoolPageVersion(deps: Deps, slug: string): Promise<{ tag: string; validUntil: number }> {
  const now = deps.clock.now();
  const school = await repo.findSchoolBySlug(deps.db, slug);
  if (!school) return { tag: 'none', validUntil: Infinity };
  const [jobsVersion, tiles] = await Promise.all([
    repo.jobsVersion(deps.db),
    repo.findLiveTilesOfSchool(deps.db, school.id, liveSince(now)),
  ]);
  const expiries = tiles.map((t) => Number(t.published_at) + POSTING_LIFETIME_MS);
  return { tag: `${school.updated_at}.${jobsVersion}`, validUntil: Math.min(Infinity, ...expiries) };
}

export async function schoolDirectory(
  deps: Deps,
  where: { country?: string | undefined; city?: string | undefined },
): Promise<SchoolDirectoryEntry[]> {
  const rows = await repo.listDirectory(deps.db, where, liveSince(deps.clock.now()), DIRECTORY_MAX);
  return rows.map((r) => ({
    slug: r.slug,
    name: r.name,
    kind: r.kind as SchoolKind,
    country: r.country,
    city: r.city,
    logo: r.logo,
    verified: r.verified_at !== null,
    liveJobs: Number(r.live_jobs),
  }));
}

/** The schools with a live job, for the sitemap. */
export async function schoolsInSitemap(deps: Deps): Promise<{ slug: string; updatedAt: number }[]> {
  const rows = await repo.listSlugsWithLiveJobs(deps.db, liveSince(deps.clock.now()));
  return rows.map((r) => ({ slug: r.slug, updatedAt: Number(r.updated_at) }));
}

// ---- a job's school ----

/**
 * The columns that post a job under the owner's school `slug` (null: under none). Another account's
 * school, or none of that name, is refused as a field of the details step.
 */
export async function jobSchoolColumns(
  db: DbOrTrx,
  userId: string,
  slug: string | null | undefined,
): Promise<{ school_id: string | null; tile_school: string | null }> {
  if (!slug) return { school_id: null, tile_school: null };
  const school = await repo.findSchoolBySlug(db, slug);
  if (!school || school.user_id !== userId) {
    throw badRequest('schoolSlug: Choose one of your schools', { schoolSlug: 'Choose one of your schools' });
  }
  return { school_id: school.id, tile_school: tileSchoolOf(school) };
}

/** The slug of a job's school, for the details step. */
export async function schoolSlugOf(db: DbOrTrx, schoolId: string | null): Promise<string | null> {
  if (schoolId === null) return null;
  return (await repo.findSchoolById(db, schoolId))?.slug ?? null;
}

// ---- registration checks ----

export const registrationClaimed = () =>
  new AppError(409, 'Another school already holds this registration number, checked.', {
    errorType: 'REGISTRATION_CLAIMED',
  });

export async function requestVerification(
  deps: Deps,
  userId: string,
  slug: string,
  registrationNumber: string,
): Promise<RegistrationStatus> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const school = await ownedSchool(trx, userId, slug, { lock: true });
    const check = checkRegistration(school.country as Country, registrationNumber);
    if (!check.valid) throw badRequest(`registrationNumber: ${check.message}`, { registrationNumber: check.message });
    if (await repo.findClaim(trx, check.compact, school.id)) throw registrationClaimed();
    await repo.withdrawPending(trx, school.id);
    const row = { id: randomUUID(), school_id: school.id, registration_number: check.compact, requested_at: now };
    await repo.insertVerification(trx, row);
    return registrationOf({
      ...row,
      kind: 'registration',
      status: 'pending',
      checked_at: null,
      checked_by: null,
      note: null,
    });
  });
}

export async function pendingVerifications(deps: Deps): Promise<PendingVerification[]> {
  const rows = await repo.listPendingVerifications(deps.db, QUEUE_MAX);
  return rows.map((r) => ({
    id: r.id,
    school: { slug: r.slug, name: r.name, country: r.country, city: r.city },
    registrationNumber: r.registration_number,
    requestedAt: iso(Number(r.requested_at)),
  }));
}

/**
 * An operator's decision on a waiting check, in the caller's transaction (the audit log is written in
 * it too). An approval marks the school verified on its page and on every tile of its jobs. Answers
 * the school's slug, for the log; a check that is not waiting is 404.
 */
export async function decideVerification(
  trx: DbOrTrx,
  id: string,
  decision: { approve: boolean; operatorId: string; note: string | null; now: number },
): Promise<{ schoolId: string }> {
  const check = await repo.findVerification(trx, id, { lock: true });
  if (!check || check.status !== 'pending') throw notFound('No registration check is waiting under this id.');
  if (decision.approve && (await repo.findClaim(trx, check.registration_number, check.school_id))) {
    throw registrationClaimed();
  }
  await repo.decideVerification(trx, id, {
    status: decision.approve ? 'approved' : 'rejected',
    checked_at: decision.now,
    checked_by: decision.operatorId,
    note: decision.note,
  });
  if (decision.approve) {
    const school = (await repo.findSchoolById(trx, check.school_id))!;
    const saved = { ...school, verified_at: decision.now, updated_at: decision.now };
    await repo.updateSchool(trx, school.id, { verified_at: decision.now, updated_at: decision.now });
    await repo.writeJobsSchool(trx, school.id, tileSchoolOf(saved));
  }
  return { schoolId: check.school_id };
}
