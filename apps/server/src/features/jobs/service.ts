// A school's own jobs: creating one with a credit, the wizard's steps, publishing, the account's
// lists and relisting. Every function takes the acting user and refuses jobs that are not theirs.
import { randomUUID } from 'node:crypto';
import {
  ERROR_TYPES,
  JobDetailsSchema,
  checkPosting,
  type PostingIssue,
  MAX_CAROUSEL_IMAGES,
  MESSAGES,
  PAGE_SIZE,
  PERMIT_NAMES,
  POSTING_LIFETIME_DAYS,
  termsIssues,
  type Job,
  type JobDetails,
  type JobTerms,
  type JobTile,
} from '@teacheast/shared';
import type { DbOrTrx } from '../../db/create-db.js';
import { termsColumns } from '../../db/job-terms.js';
import type { JobRow } from '../../db/schema.js';
import { jobStatus } from './lifecycle.js';
import { toJob, toJobTile } from './presenters.js';
import { AppError, badRequest, notFound } from '../../errors.js';
import type { Deps } from '../../deps.js';
import { sanitizeRichText } from '../../integrations/html/sanitize.js';
import { mediaKeyOf, storeImage, type Variant } from '../../integrations/images/images.js';
import { enforceImageDecode } from '../../integrations/limiter/limiter.js';
import { lockCredits, spendCredit } from '../credits/service.js';
import { jobSchoolColumns, schoolSlugOf } from '../schools/service.js';
import * as repo from './repo.js';

const HEADER_VARIANTS: Variant[] = [
  { name: 'large', width: 1280, height: 720, fit: 'cover', quality: 80 },
  { name: 'tile', width: 480, height: 270, fit: 'cover', quality: 76 },
];
const CAROUSEL_VARIANT: Variant = { name: 'photo', width: 900, height: 900, fit: 'inside', quality: 80 };

const JOB_NOT_FOUND_MESSAGE = 'This job was not found in your account.';
const EXPIRED_MESSAGE =
  'This job has expired and can no longer be edited. Relist it from the Expired tab of your account.';

// ---- ownership ----

/** The job, when it exists and belongs to the user; 404 otherwise, so other people's ids reveal nothing. */
async function ownedJob(db: DbOrTrx, jobId: string, userId: string, options: { lock?: boolean } = {}): Promise<JobRow> {
  const job = await repo.findJob(db, jobId, options);
  if (!job || job.user_id !== userId) throw notFound(JOB_NOT_FOUND_MESSAGE);
  return job;
}

const takenDown = (job: JobRow) =>
  new AppError(
    409,
    `This posting was taken down by TeachEast (${job.taken_down_reason ?? 'no reason given'}) and cannot be published again. Write to us through the contact page if you think this is a mistake.`,
    { errorType: 'JOB_TAKEN_DOWN' },
  );

function assertEditable(job: JobRow, now: number): void {
  if (jobStatus(job, now) === 'expired') throw new AppError(409, EXPIRED_MESSAGE, { errorType: 'JOB_EXPIRED' });
}

async function deleteMedia(deps: Deps, urls: (string | null | undefined)[]): Promise<void> {
  for (const url of urls) {
    const key = mediaKeyOf(url);
    // A file that cannot be removed is only wasted space; the job no longer points at it.
    if (key) await deps.blobs.delete(key).catch(() => undefined);
  }
}

// ---- creating ----

/** Checks HAS_JOB, then spends one credit, in the caller's transaction (the user's row is locked first). */
async function spendCreditForNewJob(
  trx: DbOrTrx,
  userId: string,
  job: { id: string; content: repo.JobContent; relistedFrom: string | null; reason: 'job' | 'relist' },
  now: number,
): Promise<void> {
  await lockCredits(trx, userId);
  if (await repo.hasUnpublishedJob(trx, userId)) {
    throw new AppError(409, MESSAGES.hasJob, { errorType: ERROR_TYPES.HAS_JOB });
  }
  await spendCredit(trx, { userId, reason: job.reason, reference: job.id, now });
  await repo.insertJob(trx, { id: job.id, userId, content: job.content, relistedFrom: job.relistedFrom, now });
}

export async function createJob(deps: Deps, userId: string): Promise<{ message: string; uuid: string }> {
  const id = randomUUID();
  const now = deps.clock.now();
  await deps.db
    .transaction()
    .execute((trx) =>
      spendCreditForNewJob(
        trx,
        userId,
        { id, content: repo.EMPTY_JOB_CONTENT, relistedFrom: null, reason: 'job' },
        now,
      ),
    );
  return { message: 'Your job is created: fill in its details to post it.', uuid: id };
}

/** Used by coupon sign-up, inside its own transaction. */
export async function createJobInTransaction(trx: DbOrTrx, userId: string, now: number): Promise<string> {
  const id = randomUUID();
  await spendCreditForNewJob(
    trx,
    userId,
    { id, content: repo.EMPTY_JOB_CONTENT, relistedFrom: null, reason: 'job' },
    now,
  );
  return id;
}

async function copyMedia(deps: Deps, url: string | null, copied: string[]): Promise<string | null> {
  const key = mediaKeyOf(url);
  if (!key) return null;
  const blob = await deps.blobs.get(key);
  if (!blob) return null;
  const extension = /\.[a-z0-9]+$/i.exec(key)?.[0] ?? '';
  const target = `img/${randomUUID()}-copy${extension}`;
  await deps.blobs.put(target, blob.data, blob.contentType);
  copied.push(`/media/${target}`);
  return `/media/${target}`;
}

export async function relistJob(deps: Deps, userId: string, jobId: string): Promise<{ message: string; uuid: string }> {
  const now = deps.clock.now();
  const old = await ownedJob(deps.db, jobId, userId);
  if (old.taken_down_at !== null) throw takenDown(old);
  if (old.held_at !== null) {
    throw new AppError(409, 'This posting is under review by TeachEast and cannot be relisted until the review ends.', {
      errorType: 'JOB_UNDER_REVIEW',
    });
  }
  if (jobStatus(old, now) !== 'expired') {
    throw new AppError(409, 'Only an expired job can be relisted.', { errorType: 'NOT_EXPIRED' });
  }
  // The copy gets its own files, so editing or deleting one job never breaks the other.
  const copied: string[] = [];
  const id = randomUUID();
  try {
    const thumbnail = await copyMedia(deps, old.thumbnail, copied);
    const tile = await copyMedia(deps, old.tile_thumbnail, copied);
    const images: { id: string; url: string }[] = [];
    for (const url of await repo.listJobImages(deps.db, old.id)) {
      const copy = await copyMedia(deps, url, copied);
      if (copy) images.push({ id: randomUUID(), url: copy });
    }
    const content: repo.JobContent = {
      title: old.title,
      company_name: old.company_name,
      email: old.email,
      country: old.country,
      city: old.city,
      pay: old.pay,
      age_group: old.age_group,
      duration: old.duration,
      class_size: old.class_size,
      start_date: old.start_date,
      phone: old.phone,
      link: old.link,
      description_html: old.description_html,
      thumbnail,
      tile_thumbnail: tile,
      // The copy offers what the job offered; the school checks it before publishing.
      terms: old.terms,
      tile_salary: old.tile_salary,
      tile_badges: old.tile_badges,
      terms_flags: old.terms_flags,
      terms_month_pay: old.terms_month_pay,
      terms_teaching_hours: old.terms_teaching_hours,
      terms_permit: old.terms_permit,
      school_id: old.school_id,
      tile_school: old.tile_school,
    };
    await deps.db.transaction().execute(async (trx) => {
      await spendCreditForNewJob(trx, userId, { id, content, relistedFrom: old.id, reason: 'relist' }, now);
      await repo.replaceJobImages(trx, id, images, now);
    });
  } catch (err) {
    await deleteMedia(deps, copied);
    throw err;
  }
  return { message: 'Your job is relisted as a new draft: check its details and publish it.', uuid: id };
}

// ---- pay and conditions (BEYOND §6) ----

function termsOf(job: JobRow): JobTerms | null {
  return job.terms === null ? null : (JSON.parse(job.terms) as JobTerms);
}

export async function getJobTerms(deps: Deps, userId: string, jobId: string): Promise<{ terms: JobTerms | null }> {
  return { terms: termsOf(await ownedJob(deps.db, jobId, userId)) };
}

/** Replaces the job's whole contract sheet, every rule checked against the job as it is now. */
export async function saveJobTerms(
  deps: Deps,
  userId: string,
  jobId: string,
  terms: JobTerms,
): Promise<{ terms: JobTerms }> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const job = await ownedJob(trx, jobId, userId, { lock: true });
    assertEditable(job, now);
    const issues = termsIssues(terms, job);
    if (issues.length > 0) {
      const fields = Object.fromEntries(issues.map((issue) => [issue.path, issue.message]));
      throw badRequest(`${issues[0]!.path}: ${issues[0]!.message}`, fields);
    }
    await repo.updateJob(trx, jobId, { ...termsColumns(terms, job.country), updated_at: now });
    return { terms };
  });
}

// ---- details ----

export interface JobDetailsView extends Record<
  Exclude<keyof JobDetails, 'schoolSlug' | 'acknowledgeWarnings'>,
  string
> {
  uuid: string;
  status: 'unpublished' | 'published' | 'expired';
  schoolSlug: string | null;
}

function detailsOf(job: JobRow, now: number, schoolSlug: string | null): JobDetailsView {
  return {
    uuid: job.id,
    status: jobStatus(job, now),
    title: job.title,
    companyName: job.company_name,
    email: job.email,
    country: job.country,
    city: job.city,
    pay: job.pay,
    ageGroup: job.age_group,
    duration: job.duration,
    classSize: job.class_size,
    startDate: job.start_date,
    phone: job.phone,
    link: job.link,
    schoolSlug,
  };
}

export async function getJobDetails(deps: Deps, userId: string, jobId: string): Promise<{ job: JobDetailsView }> {
  const job = await ownedJob(deps.db, jobId, userId);
  return { job: detailsOf(job, deps.clock.now(), await schoolSlugOf(deps.db, job.school_id)) };
}

export async function saveJobDetails(
  deps: Deps,
  userId: string,
  jobId: string,
  details: JobDetails,
): Promise<{ job: JobDetailsView; message: string }> {
  const now = deps.clock.now();
  const { saved, clearedTerms } = await deps.db.transaction().execute(async (trx) => {
    const job = await ownedJob(trx, jobId, userId, { lock: true });
    assertEditable(job, now);
    // A sheet names the country's currency and permits, and Korea's severance follows the duration:
    // one that no longer fits the job is cleared (the step cannot be saved against the old country).
    const terms = termsOf(job);
    const fits = terms !== null && termsIssues(terms, details).length === 0;
    // Only the owner's own schools; the tile carries the school from now on.
    const school = await jobSchoolColumns(trx, userId, details.schoolSlug);
    assertEditPasses(job, { ...job, title: details.title, pay: details.pay }, details.acknowledgeWarnings, now);
    // Only the form's fields: status, dates, owner, images and counters are never set here.
    await repo.updateJob(trx, jobId, {
      title: details.title,
      company_name: details.companyName,
      email: details.email,
      country: details.country,
      city: details.city,
      pay: details.pay,
      age_group: details.ageGroup,
      duration: details.duration,
      class_size: details.classSize,
      start_date: details.startDate,
      phone: details.phone,
      link: details.link,
      // What the filters read of the sheet depends on the country (its currency).
      ...termsColumns(fits ? terms : null, details.country),
      ...school,
      updated_at: now,
    });
    const saved = detailsOf(await ownedJob(trx, jobId, userId), now, details.schoolSlug ?? null);
    return { saved, clearedTerms: terms !== null && !fits };
  });
  const message = clearedTerms ? `Job details saved. ${TERMS_CLEARED}` : 'Job details saved.';
  return { job: saved, message };
}

/** Said when a details change clears a contract sheet that no longer fits the job. */
export const TERMS_CLEARED =
  'The pay and conditions no longer fit the country or duration and were cleared: fill them in again.';

// ---- description ----

export async function getDescription(deps: Deps, userId: string, jobId: string): Promise<{ descriptionHTML: string }> {
  return { descriptionHTML: (await ownedJob(deps.db, jobId, userId)).description_html };
}

export async function saveDescription(
  deps: Deps,
  userId: string,
  jobId: string,
  html: string,
  acknowledged?: readonly string[],
): Promise<{ descriptionHTML: string }> {
  const clean = sanitizeRichText(html);
  const now = deps.clock.now();
  await deps.db.transaction().execute(async (trx) => {
    const job = await ownedJob(trx, jobId, userId, { lock: true });
    assertEditable(job, now);
    assertEditPasses(job, { ...job, description_html: clean }, acknowledged, now);
    await repo.updateJob(trx, jobId, { description_html: clean, updated_at: now });
  });
  return { descriptionHTML: clean };
}

// ---- header image ----

export async function getHeaderImage(
  deps: Deps,
  userId: string,
  jobId: string,
): Promise<{ thumbnail: string | null; tileThumbnail: string | null }> {
  const job = await ownedJob(deps.db, jobId, userId);
  return { thumbnail: job.thumbnail, tileThumbnail: job.tile_thumbnail };
}

export async function saveHeaderImage(
  deps: Deps,
  userId: string,
  jobId: string,
  dataUrl: string,
): Promise<{ success: true; message: string; thumbnail: string; tileThumbnail: string }> {
  const now = deps.clock.now();
  // Check ownership before spending time on the image; checked again when the row is changed.
  assertEditable(await ownedJob(deps.db, jobId, userId), now);
  await enforceImageDecode(deps.limiter, userId);
  const stored = await storeImage(deps.blobs, dataUrl, HEADER_VARIANTS);
  const thumbnail = stored.urls.large!;
  const tile = stored.urls.tile!;
  let old: JobRow;
  try {
    old = await deps.db.transaction().execute(async (trx) => {
      const job = await ownedJob(trx, jobId, userId, { lock: true });
      assertEditable(job, now);
      await repo.updateJob(trx, jobId, { thumbnail, tile_thumbnail: tile, updated_at: now });
      return job;
    });
  } catch (err) {
    await deleteMedia(deps, [thumbnail, tile]);
    throw err;
  }
  await deleteMedia(deps, [old.thumbnail, old.tile_thumbnail]);
  return { success: true, message: 'Header image saved.', thumbnail, tileThumbnail: tile };
}

// ---- carousel ----

export async function getCarouselImages(deps: Deps, userId: string, jobId: string): Promise<{ images: string[] }> {
  await ownedJob(deps.db, jobId, userId);
  return { images: await repo.listJobImages(deps.db, jobId) };
}

export async function saveCarouselImages(
  deps: Deps,
  userId: string,
  jobId: string,
  entries: string[],
): Promise<{ images: string[] }> {
  const now = deps.clock.now();
  if (entries.length > MAX_CAROUSEL_IMAGES) {
    throw badRequest(`A job can have at most ${MAX_CAROUSEL_IMAGES} carousel images.`, {
      images: `At most ${MAX_CAROUSEL_IMAGES} images`,
    });
  }
  assertEditable(await ownedJob(deps.db, jobId, userId), now);
  const current = new Set(await repo.listJobImages(deps.db, jobId));
  const kept = entries.filter((e) => !e.startsWith('data:'));
  if (new Set(kept).size !== kept.length)
    throw badRequest('The same image is listed twice.', { images: 'Duplicate image' });
  for (const url of kept) {
    if (!current.has(url))
      throw badRequest('An image in the list does not belong to this job.', { images: 'Unknown image' });
  }
  // Store the new images first; the list in the database switches over in one transaction.
  const added: string[] = [];
  const finalList: { id: string; url: string }[] = [];
  try {
    for (const entry of entries) {
      if (entry.startsWith('data:')) {
        await enforceImageDecode(deps.limiter, userId);
        const stored = await storeImage(deps.blobs, entry, [CAROUSEL_VARIANT]);
        added.push(stored.urls.photo!);
        finalList.push({ id: randomUUID(), url: stored.urls.photo! });
      } else {
        finalList.push({ id: randomUUID(), url: entry });
      }
    }
    const removed = await deps.db.transaction().execute(async (trx) => {
      const job = await ownedJob(trx, jobId, userId, { lock: true });
      assertEditable(job, now);
      const before = await repo.listJobImages(trx, jobId);
      // Someone removed a kept image meanwhile (another tab): refuse rather than resurrect it.
      if (kept.some((url) => !before.includes(url))) {
        throw new AppError(409, 'The images changed in the meantime. Please reload the page and try again.');
      }
      await repo.replaceJobImages(trx, jobId, finalList, now);
      await repo.updateJob(trx, jobId, { updated_at: now });
      const keptSet = new Set(kept);
      return before.filter((url) => !keptSet.has(url));
    });
    await deleteMedia(deps, removed);
  } catch (err) {
    await deleteMedia(deps, added);
    throw err;
  }
  return { images: finalList.map((i) => i.url) };
}

// ---- preview and publish ----

export async function previewJob(deps: Deps, userId: string, jobId: string): Promise<Job> {
  const job = await ownedJob(deps.db, jobId, userId);
  const [images, favoritedBy] = await Promise.all([
    repo.listJobImages(deps.db, jobId),
    repo.listFavoritedBy(deps.db, jobId),
  ]);
  return toJob(job, images, favoritedBy, deps.clock.now());
}

const FIELD_LABELS: Record<string, string> = {
  companyName: 'company name',
  email: 'e-mail',
  country: 'country',
  city: 'city',
  pay: 'pay',
  ageGroup: 'age group',
  duration: 'contract duration',
  classSize: 'class size',
  startDate: 'start date',
  phone: 'phone',
  link: 'website link',
};

/** What a job still lacks before it may be published, in words a person understands. */
function missingForPublish(job: JobRow): string[] {
  const parsed = JobDetailsSchema.safeParse(detailsOf(job, 0, null));
  const missing = parsed.success
    ? []
    : [...new Set(parsed.error.issues.map((i) => FIELD_LABELS[String(i.path[0])] ?? String(i.path[0])))];
  if (!job.thumbnail || !job.tile_thumbnail) missing.push('a header image');
  return missing;
}

export async function publishJob(
  deps: Deps,
  userId: string,
  jobId: string,
  acknowledged: readonly string[] = [],
): Promise<{ message: string }> {
  const now = deps.clock.now();
  return deps.db.transaction().execute(async (trx) => {
    const job = await ownedJob(trx, jobId, userId, { lock: true });
    if (job.taken_down_at !== null) throw takenDown(job);
    const status = jobStatus(job, now);
    if (status === 'expired') throw new AppError(409, EXPIRED_MESSAGE, { errorType: 'JOB_EXPIRED' });
    if (status === 'published') return { message: 'This job is already published.' };
    const missing = missingForPublish(job);
    if (missing.length > 0) {
      throw new AppError(400, `Before publishing, please add: ${missing.join(', ')}.`, { errorType: 'INCOMPLETE' });
    }
    assertPostingPasses(job, acknowledged);
    const published = await repo.publishJobOnce(trx, jobId, now);
    return {
      message: published
        ? `Your job is published! It stays live for ${POSTING_LIFETIME_DAYS} days.`
        : 'This job is already published.',
    };
  });
}

// ---- checks at publish (BEYOND §9) ----

type CheckedText = Pick<JobRow, 'title' | 'pay' | 'description_html' | 'terms_permit'>;

function checkPostingOf(job: CheckedText) {
  const permitName = job.terms_permit === null ? undefined : PERMIT_NAMES.get(job.terms_permit);
  return checkPosting({
    title: job.title,
    payNotes: job.pay,
    descriptionHTML: job.description_html,
    ...(permitName ? { permitName } : {}),
  });
}

const issuesOf = (issues: readonly PostingIssue[]) =>
  issues.map(({ rule, excerpt, message, suggestion }) => ({
    rule,
    excerpt,
    message,
    ...(suggestion ? { suggestion } : {}),
  }));

/**
 * The posting checks of BEYOND §9 on a job's words: a rule that blocks refuses it (400 POSTING_CHECK);
 * a warning goes through once the school names its rule in `acknowledged`, or (an edit of a published
 * job) when the job's words as they were met it too, as it was accepted then.
 */
function assertPostingPasses(job: CheckedText, acknowledged: readonly string[], before?: CheckedText): void {
  const { blocks, warnings } = checkPostingOf(job);
  if (blocks.length > 0) {
    throw new AppError(400, `This posting cannot be published as it is: ${blocks[0]!.message}`, {
      errorType: 'POSTING_CHECK',
      issues: issuesOf(blocks),
    });
  }
  const accepted = new Set([...acknowledged, ...(before ? checkPostingOf(before).warnings.map((w) => w.rule) : [])]);
  const open = warnings.filter((w) => !accepted.has(w.rule));
  if (open.length > 0) {
    throw new AppError(409, `Please check this before publishing: ${open[0]!.message}`, {
      errorType: 'POSTING_WARNING',
      issues: issuesOf(open),
    });
  }
}

/** An edit of a published job is checked as a publish is; a draft is checked when it is published. */
function assertEditPasses(job: JobRow, edited: CheckedText, acknowledged: readonly string[] | undefined, now: number) {
  if (jobStatus(job, now) === 'published') assertPostingPasses(edited, acknowledged ?? [], job);
}

// ---- account lists ----

export async function listUnpublished(deps: Deps, userId: string): Promise<{ unpublishedJobs: JobTile[] }> {
  return { unpublishedJobs: (await repo.listUnpublishedJobs(deps.db, userId)).map(toJobTile) };
}

export async function listPublished(deps: Deps, userId: string, page: number): Promise<{ publishedJobs: JobTile[] }> {
  const rows = await repo.listLiveJobsOf(deps.db, userId, deps.clock.now(), page, PAGE_SIZE);
  return { publishedJobs: rows.map(toJobTile) };
}

export async function listExpired(deps: Deps, userId: string): Promise<{ expiredJobs: JobTile[] }> {
  return { expiredJobs: (await repo.listExpiredJobsOf(deps.db, userId, deps.clock.now())).map(toJobTile) };
}

/** Holds a live posting for review (three serious reports, BEYOND §9). False when it is not live. */
export function holdJob(db: DbOrTrx, jobId: string, now: number): Promise<boolean> {
  return repo.holdJob(db, jobId, now);
}

/** An operator's release of a held posting: live again while its 45 days last. False if not held. */
export function releaseJob(db: DbOrTrx, jobId: string, now: number): Promise<boolean> {
  return repo.releaseJob(db, jobId, now);
}

/**
 * An operator's takedown (admin jobs unpublish): the posting closes for good with the reason kept.
 * False for an unknown or draft job.
 */
export function takeDownJob(db: DbOrTrx, jobId: string, reason: string, now: number): Promise<boolean> {
  return repo.takeDownJob(db, jobId, reason, now);
}
