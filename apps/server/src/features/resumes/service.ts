// Resumes: the four-step wizard, publishing, the resume page and the resume board. A resume is
// personal data: its photo and PDF live under private blob keys and leave only through signed links,
// and only its owner and users with an active subscription may read it.
import { randomUUID } from 'node:crypto';
import {
  MAX_PDF_BYTES,
  MESSAGES,
  MIN_RESUME_TEXT_CHARS,
  PAGE_SIZE,
  plainTextOf,
  ResumeDetailsSchema,
  type ProfileImage,
  type Resume,
  type ResumeBoardAnswer,
  type ResumeContent,
  type ResumeContentUpload,
  type ResumeDetails,
  type ResumeDetailsAnswer,
  type ResumeTile,
  domainAndParents,
  type ResumePrivacy,
  type ResumeView,
} from '@teacheast/shared';
import type { DbOrTrx } from '../../db/create-db.js';
import type { ResumeRow } from '../../db/schema.js';
import { AppError, notFound, unauthorized } from '../../errors.js';
import type { AuthUser } from '../accounts/sessions.js';
import type { Deps } from '../../deps.js';
import type { Blob } from '../../integrations/blobs/blob-store.js';
import { sanitizeRichText } from '../../integrations/html/sanitize.js';
import { decodeDataUrl, encodeVariant, readUploadedImage } from '../../integrations/images/images.js';
import { enforceImageDecode } from '../../integrations/limiter/limiter.js';
import { requireActiveSubscription } from '../subscriptions/service.js';
import { employerResumeAccessUntil } from '../applications/service.js';
import * as repo from './repo.js';
import { findBoardPage } from './board-index.js';
import { PDF_LINK_TTL_MS, checkLink, imageLinkExpiry, signLink } from './signed-links.js';

const PROFILE_IMAGE_PX = 400;
const PUBLISHED_MESSAGE = 'Your resume is published. Schools can now find it on the Resume Board.';
const LINK_EXPIRED_MESSAGE = 'This link has expired. Open the resume again to get a new one.';
const NO_RESUME_MESSAGE = 'Start with your resume details.';

// ---------------------------------------------------------------- presentation

/**
 * What a signed link opens: the file, and the moment its owner's privacy last changed, so a link
 * handed out before a change stops working (BEYOND §11).
 */
const linkSubject = (kind: 'pdf' | 'img', id: string, key: string, privacyAt: number) =>
  `${kind}:${id}:${key}:${privacyAt}`;

// `linksUntil`: when the reader's access ends, so a link handed out just before cannot outlive it.
function imageUrlOf(
  deps: Deps,
  row: Pick<ResumeRow, 'id' | 'profile_image'> & { privacy_at: number },
  linksUntil = Infinity,
): string | null {
  if (!row.profile_image) return null;
  const expires = Math.min(imageLinkExpiry(deps.clock.now()), linksUntil);
  return signLink(
    deps.config.signingSecret,
    `/api/resume-image/${row.id}`,
    linkSubject('img', row.id, row.profile_image, row.privacy_at),
    expires,
  );
}

function pdfUrlOf(
  deps: Deps,
  row: Pick<ResumeRow, 'id' | 'resume_pdf_key'> & { privacy_at: number },
  linksUntil = Infinity,
): string {
  if (!row.resume_pdf_key) return '';
  const expires = Math.min(deps.clock.now() + PDF_LINK_TTL_MS, linksUntil);
  return signLink(
    deps.config.signingSecret,
    `/api/resume-pdf/${row.id}`,
    linkSubject('pdf', row.id, row.resume_pdf_key, row.privacy_at),
    expires,
  );
}

/** A resume row with when its owner's privacy last changed. */
type ResumeWithPrivacy = ResumeRow & { privacy_at: number };

async function withPrivacy(deps: Pick<Deps, 'db'>, row: ResumeRow): Promise<ResumeWithPrivacy> {
  return { ...row, privacy_at: (await repo.findPrivacy(deps.db, row.user_id)).updatedAt };
}

function toTile(deps: Deps, row: repo.ResumeTileRow, linksUntil = Infinity): ResumeTile {
  return {
    uuid: row.id,
    name: row.name,
    nationality: row.nationality,
    experience: row.experience,
    education: row.education,
    desiredCountry: row.desired_country,
    desiredStartDate: row.desired_start_date,
    desiredAgeGroup: row.desired_age_group,
    profileImage: imageUrlOf(deps, row, linksUntil),
    lastUpdatedAt: new Date(row.last_updated_at).toISOString(),
  };
}

function toResume(deps: Deps, row: ResumeWithPrivacy, linksUntil = Infinity): Resume {
  return {
    ...toTile(deps, row, linksUntil),
    email: row.email,
    resumeHtml: row.resume_html,
    resumeUrl: pdfUrlOf(deps, row, linksUntil),
    published: row.published_at !== null,
  };
}

/** The details form's values: saved ones, or empty ones (with the account's e-mail) before the first save. */
function detailsOf(row: ResumeRow | undefined, accountEmail: string): ResumeDetailsAnswer {
  return {
    name: row?.name ?? '',
    email: row?.email || accountEmail,
    nationality: row?.nationality ?? '',
    education: row?.education ?? '',
    experience: row?.experience ?? '',
    desiredCountry: row?.desired_country ?? '',
    desiredStartDate: row?.desired_start_date ?? '',
    desiredAgeGroup: row?.desired_age_group ?? '',
  };
}

// ---------------------------------------------------------------- wizard

export async function getDetails(deps: Deps, user: AuthUser): Promise<ResumeDetailsAnswer> {
  return detailsOf(await repo.findResumeByUser(deps.db, user.id), user.email);
}

export async function saveDetails(deps: Deps, user: AuthUser, details: ResumeDetails): Promise<ResumeDetailsAnswer> {
  await repo.upsertDetails(deps.db, {
    id: randomUUID(),
    userId: user.id,
    now: deps.clock.now(),
    details: {
      name: details.name,
      email: details.email,
      nationality: details.nationality,
      education: details.education,
      experience: details.experience,
      desired_country: details.desiredCountry,
      desired_start_date: details.desiredStartDate,
      desired_age_group: details.desiredAgeGroup,
    },
  });
  return getDetails(deps, user);
}

export async function getProfileImage(deps: Deps, user: AuthUser): Promise<ProfileImage> {
  const row = await repo.findResumeByUser(deps.db, user.id);
  return { profileImage: row ? imageUrlOf(deps, await withPrivacy(deps, row)) : null };
}

/** Replaces a private blob reference in one transaction, then removes the file it replaced. */
async function replaceFile(
  deps: Deps,
  user: AuthUser,
  newKey: string | null,
  write: (trx: DbOrTrx, row: ResumeRow) => Promise<(string | null)[]>,
): Promise<void> {
  const now = deps.clock.now();
  let replaced: (string | null)[];
  try {
    replaced = await deps.db.transaction().execute(async (trx) => {
      await repo.ensureResume(trx, { id: randomUUID(), userId: user.id, now });
      const row = await repo.findResumeForUpdate(trx, user.id);
      if (!row) throw notFound(NO_RESUME_MESSAGE);
      return write(trx, row);
    });
  } catch (err) {
    if (newKey) await deps.blobs.delete(newKey).catch(() => undefined);
    throw err;
  }
  for (const key of replaced) {
    // A file left behind wastes space but leaks nothing: it is private and no longer referenced.
    if (key && key !== newKey) await deps.blobs.delete(key).catch(() => undefined);
  }
}

export async function saveProfileImage(deps: Deps, user: AuthUser, dataUrl: string) {
  await enforceImageDecode(deps.limiter, user.id);
  const data = await readUploadedImage(dataUrl);
  const bytes = await encodeVariant(data, {
    name: 'profile',
    width: PROFILE_IMAGE_PX,
    height: PROFILE_IMAGE_PX,
    fit: 'cover',
  });
  const key = `private/resume-photo-${randomUUID()}.webp`;
  await deps.blobs.put(key, bytes, 'image/webp');
  await replaceFile(deps, user, key, async (trx, row) => {
    await repo.updateProfileImage(trx, user.id, key, deps.clock.now());
    return [row.profile_image];
  });
  return getProfileImage(deps, user);
}

export async function getResumeContent(deps: Deps, user: AuthUser): Promise<ResumeContent> {
  const row = await repo.findResumeByUser(deps.db, user.id);
  return { resumeHtml: row?.resume_html ?? '', resumeUrl: row ? pdfUrlOf(deps, await withPrivacy(deps, row)) : '' };
}

function readPdf(dataUrl: string): Buffer {
  if (!dataUrl.startsWith('data:')) throw new AppError(400, 'The PDF must be sent as a base64 data URL');
  const { mime, data } = decodeDataUrl(dataUrl, MAX_PDF_BYTES, MESSAGES.fileTooLarge);
  // Checked by the bytes, not the name or the declared type alone.
  if (mime !== 'application/pdf' || data.subarray(0, 5).toString('latin1') !== '%PDF-') {
    throw new AppError(415, 'Only PDF files are accepted');
  }
  return data;
}

/** Saves either rich text or a PDF; saving one clears the other. Text of 8 characters or fewer is ignored. */
export async function saveResumeContent(
  deps: Deps,
  user: AuthUser,
  input: ResumeContentUpload,
): Promise<ResumeContent> {
  const hasHtml = input.resumeHtml !== undefined;
  const hasPdf = input.resumeUrl !== undefined && input.resumeUrl !== '';
  if (hasHtml === hasPdf) {
    throw new AppError(400, 'Send either the resume text or a PDF', { errorType: 'VALIDATION' });
  }
  if (hasHtml) {
    const html = sanitizeRichText(input.resumeHtml!);
    if (plainTextOf(html).length < MIN_RESUME_TEXT_CHARS) return getResumeContent(deps, user);
    await replaceFile(deps, user, null, async (trx, row) => {
      await repo.updateResumeContent(trx, user.id, { resumeHtml: html, pdfKey: null }, deps.clock.now());
      return [row.resume_pdf_key];
    });
  } else {
    const pdf = readPdf(input.resumeUrl!);
    const key = `private/resume-${randomUUID()}.pdf`;
    await deps.blobs.put(key, pdf, 'application/pdf');
    await replaceFile(deps, user, key, async (trx, row) => {
      await repo.updateResumeContent(trx, user.id, { resumeHtml: '', pdfKey: key }, deps.clock.now());
      return [row.resume_pdf_key];
    });
  }
  return getResumeContent(deps, user);
}

export async function getPreview(deps: Deps, user: AuthUser): Promise<Resume> {
  const row = await repo.findResumeByUser(deps.db, user.id);
  if (!row) throw notFound(NO_RESUME_MESSAGE);
  return toResume(deps, await withPrivacy(deps, row));
}

const FIELD_NAMES: Record<keyof ResumeDetails, string> = {
  name: 'name',
  email: 'email',
  nationality: 'nationality',
  education: 'education',
  experience: 'years of experience',
  desiredCountry: 'desired country',
  desiredStartDate: 'desired start date',
  desiredAgeGroup: 'desired age group',
};

/** What a resume still needs before it can be published, as field → message. */
function missingParts(row: ResumeRow | undefined): Record<string, string> {
  const missing: Record<string, string> = {};
  const details = ResumeDetailsSchema.safeParse({
    name: row?.name ?? '',
    email: row?.email ?? '',
    nationality: row?.nationality ?? '',
    education: row?.education ?? '',
    experience: row?.experience ?? '',
    desiredCountry: row?.desired_country ?? '',
    desiredStartDate: row?.desired_start_date ?? '',
    desiredAgeGroup: row?.desired_age_group ?? '',
  });
  if (!details.success) {
    for (const issue of details.error.issues) {
      const field = String(issue.path[0]) as keyof ResumeDetails;
      missing[field] ??= FIELD_NAMES[field];
    }
  }
  if (!row?.resume_pdf_key && plainTextOf(row?.resume_html ?? '').length < MIN_RESUME_TEXT_CHARS) {
    missing.resume = 'a resume (rich text or a PDF)';
  }
  return missing;
}

export async function publishResume(deps: Deps, user: AuthUser): Promise<{ message: string }> {
  const row = await repo.findResumeByUser(deps.db, user.id);
  const missing = missingParts(row);
  if (Object.keys(missing).length > 0) {
    throw new AppError(400, `Your resume is not complete yet. Missing: ${Object.values(missing).join(', ')}.`, {
      errorType: 'INCOMPLETE_RESUME',
      fields: Object.fromEntries(Object.entries(missing).map(([k, v]) => [k, `Missing ${v}`])),
    });
  }
  await repo.markPublished(deps.db, user.id, deps.clock.now());
  return { message: PUBLISHED_MESSAGE };
}

// ---------------------------------------------------------------- reading

const NOT_PUBLISHED = 'This resume does not exist or is not published';

/** The e-mail domain of an address (what `hiddenFromDomains` names). */
const domainOf = (email: string) => email.slice(email.lastIndexOf('@') + 1).toLowerCase();

/**
 * The resume page: its owner always; anyone else only when published and not hidden from their
 * e-mail's domain, and then a school the teacher applied to, or (unless the teacher keeps it to the
 * schools they apply to) anyone with an active subscription. Each opening by another account is
 * recorded, once a day (BEYOND §11).
 */
export async function readResume(deps: Deps, user: AuthUser | null, resumeUuid: string): Promise<Resume> {
  if (!user) throw unauthorized('You must log in to see resumes');
  const found = await repo.findResumeById(deps.db, resumeUuid);
  if (found && found.user_id === user.id) return toResume(deps, await withPrivacy(deps, found));
  if (!found || found.published_at === null) throw notFound(NOT_PUBLISHED);
  const privacy = await repo.findPrivacy(deps.db, found.user_id);
  if (domainAndParents(domainOf(user.email)).some((d) => privacy.domains.includes(d))) throw notFound(NOT_PUBLISHED);
  const row = { ...found, privacy_at: privacy.updatedAt };
  // A school reads the resume of a teacher who applied to one of its jobs without a subscription,
  // while the application gives access; its links end with that access.
  const accessUntil = await employerResumeAccessUntil(deps, user.id, row.user_id);
  if (accessUntil === null) {
    if (privacy.visibility === 'applications_only') throw notFound(NOT_PUBLISHED);
    await requireActiveSubscription(deps, user.id);
  }
  const now = deps.clock.now();
  await repo.recordView(deps.db, row.user_id, user.id, new Date(now).toISOString().slice(0, 10), now);
  return toResume(deps, row, accessUntil ?? Infinity);
}

// ---------------------------------------------------------------- privacy (BEYOND §11)

export async function getPrivacy(deps: Deps, user: AuthUser): Promise<ResumePrivacy> {
  const privacy = await repo.findPrivacy(deps.db, user.id);
  return { visibility: privacy.visibility, hiddenFromDomains: privacy.domains };
}

/** Saves who sees the resume; every link handed out before stops working. */
export async function savePrivacy(deps: Deps, user: AuthUser, privacy: ResumePrivacy): Promise<ResumePrivacy> {
  await deps.db.transaction().execute(async (trx) => {
    await repo.savePrivacy(
      trx,
      user.id,
      { visibility: privacy.visibility, domains: privacy.hiddenFromDomains },
      deps.clock.now(),
    );
  });
  return getPrivacy(deps, user);
}

/** Who opened the resume, newest first: their school's or company's name, or else their domain. */
export async function listViews(deps: Deps, user: AuthUser, limit = 200): Promise<ResumeView[]> {
  const rows = await repo.findViews(deps.db, user.id, limit);
  return rows.map((r) => ({
    viewer: {
      name: r.school_name ?? r.company_name ?? domainOf(r.email),
      ...(r.school_slug ? { school: r.school_slug } : {}),
    },
    at: new Date(Number(r.at)).toISOString(),
  }));
}

/** The teachers among `ownerIds` whose resume is hidden from `viewerEmail`'s domain. */
export async function hiddenFrom(
  deps: Pick<Deps, 'db'>,
  ownerIds: readonly string[],
  viewerEmail: string,
): Promise<Set<string>> {
  return new Set(await repo.findOwnersHidingFrom(deps.db, ownerIds, domainAndParents(domainOf(viewerEmail))));
}

export async function searchResumeBoard(
  deps: Deps,
  user: AuthUser,
  filters: repo.BoardFilters,
): Promise<ResumeBoardAnswer> {
  await requireActiveSubscription(deps, user.id);
  filters = { ...filters, viewerDomains: domainAndParents(domainOf(user.email)) };
  const kept = await findBoardPage(deps.db, filters, PAGE_SIZE, (err) =>
    deps.log.error({ err }, 'resume board index refresh failed'),
  );
  // The database cannot read eligibility (the rules are the shared package's): only the index answers it.
  if (kept === null && filters.eligibleFor) {
    throw new AppError(503, 'The resume board is being prepared. Please try again in a moment.');
  }
  const rows = kept ?? (await repo.searchBoard(deps.db, filters));
  return { results: rows.map((row) => toTile(deps, row)) };
}

/** The file behind a signed link, or 403 (bad signature) / 410 (expired) / 404. */
export async function openSignedFile(
  deps: Deps,
  kind: 'pdf' | 'img',
  resumeUuid: string,
  link: { expires: number; sig: string },
): Promise<Blob> {
  const row = await repo.findResumeById(deps.db, resumeUuid);
  const key = kind === 'pdf' ? row?.resume_pdf_key : row?.profile_image;
  const privacyAt = row ? (await repo.findPrivacy(deps.db, row.user_id)).updatedAt : 0;
  // An unknown resume, a replaced file or a change of privacy since answers like a bad signature: the
  // link names nothing valid.
  const subject = key ? linkSubject(kind, resumeUuid, key, privacyAt) : '';
  const check = key
    ? checkLink(deps.config.signingSecret, subject, link.expires, link.sig, deps.clock.now())
    : 'invalid';
  if (check === 'expired') throw new AppError(410, LINK_EXPIRED_MESSAGE);
  if (check === 'invalid') throw new AppError(403, 'This link is not valid.');
  const blob = await deps.blobs.get(key!);
  if (!blob) throw notFound('This file is no longer available');
  return blob;
}
