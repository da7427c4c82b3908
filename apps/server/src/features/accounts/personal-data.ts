// A user's own data: everything we hold about them as JSON, and deleting the account with it.
import {
  EligibilityFactsSchema,
  type AccountExport,
  type AlertFrequency,
  type ApplicationStatus,
  type InterviewMode,
  type JobTerms,
  type SchoolKind,
} from '@teacheast/shared';
import { termsFilterOf } from '../alerts/service.js';
import { AppError } from '../../errors.js';
import type { Deps } from '../../deps.js';
import { enforceLimits } from '../../integrations/limiter/limiter.js';
import { verifyPassword } from './passwords.js';
import * as repo from './personal-data-repo.js';
import { deleteAccount } from './service.js';
import { getPrivacy, listViews } from '../resumes/service.js';

function iso(ms: number): string;
function iso(ms: number | null): string | null;
function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

export async function exportAccount(deps: Deps, userId: string): Promise<AccountExport> {
  const {
    user,
    jobs,
    favorites,
    resume,
    subscriptions,
    ledger,
    payments,
    contact,
    images,
    alerts,
    applications,
    applicationEvents,
    messages,
    interviews,
    slots,
    offers,
    eligibilityFacts,
    schools,
    registrations,
    reportsMade,
  } = await repo.readPersonalData(deps.db, userId);
  const owner = { id: userId, email: user.email };
  const [resumePrivacy, resumeViews] = await Promise.all([
    getPrivacy(deps, owner),
    listViews(deps, owner, Number.MAX_SAFE_INTEGER),
  ]);
  return {
    exportedAt: new Date(deps.clock.now()).toISOString(),
    account: { uuid: user.id, email: user.email, createdAt: iso(user.created_at), confirmedAt: iso(user.confirmed_at) },
    jobs: jobs.map((j) => ({
      uuid: j.id,
      title: j.title,
      companyName: j.company_name,
      email: j.email,
      country: j.country,
      city: j.city,
      pay: j.pay,
      ageGroup: j.age_group,
      duration: j.duration,
      classSize: j.class_size,
      startDate: j.start_date,
      phone: j.phone,
      link: j.link,
      schoolSlug: j.school_slug,
      descriptionHTML: j.description_html,
      thumbnail: j.thumbnail,
      images: images.filter((i) => i.job_id === j.id).map((i) => i.url),
      publishedDate: iso(j.published_at),
      createdAt: iso(j.created_at),
    })),
    savedJobs: favorites.map((f) => ({
      uuid: f.job_id,
      companyName: f.company_name,
      city: f.city,
      country: f.country,
      savedAt: iso(f.created_at),
    })),
    resume: resume
      ? {
          uuid: resume.id,
          name: resume.name,
          email: resume.email,
          nationality: resume.nationality,
          education: resume.education,
          experience: resume.experience,
          desiredCountry: resume.desired_country,
          desiredStartDate: resume.desired_start_date,
          desiredAgeGroup: resume.desired_age_group,
          resumeHtml: resume.resume_html,
          hasPdf: resume.resume_pdf_key !== null,
          hasProfileImage: resume.profile_image !== null,
          publishedAt: iso(resume.published_at),
          lastUpdatedAt: iso(resume.last_updated_at),
        }
      : null,
    subscriptions: subscriptions.map((s) => ({
      id: s.id,
      status: s.status,
      cancelAtPeriodEnd: s.cancel_at_period_end === 1,
      currentPeriodEnd: iso(s.current_period_end),
    })),
    credits: ledger.map((l) => ({ delta: l.delta, reason: l.reason, at: iso(l.created_at) })),
    payments: payments.map((p) => ({
      id: p.id,
      kind: p.kind,
      quantity: p.quantity,
      amountCents: p.amount_cents,
      status: p.status,
      at: iso(p.created_at),
    })),
    contactMessages: contact.map((c) => ({ subject: c.subject, text: c.text, at: iso(c.created_at) })),
    jobAlerts: alerts.map((a) => ({
      id: a.id,
      email: a.email,
      country: a.country,
      city: a.city,
      ageGroup: a.age_group,
      q: a.q,
      filters: termsFilterOf(a),
      frequency: a.frequency as AlertFrequency,
      active: a.confirmed_at !== null && a.unsubscribed_at === null,
      createdAt: iso(a.created_at),
      confirmedAt: iso(a.confirmed_at),
      unsubscribedAt: iso(a.unsubscribed_at),
      lastMailedAt: iso(a.last_mailed_at),
    })),
    applications: applications.map((a) => ({
      id: a.id,
      jobUuid: a.job_id,
      jobTitle: a.job_title,
      companyName: a.company_name,
      status: a.status as ApplicationStatus,
      coverLetter: a.cover_letter,
      createdAt: iso(a.created_at),
      updatedAt: iso(a.updated_at),
      history: applicationEvents
        .filter((e) => e.application_id === a.id)
        .map((e) => ({ status: e.status as ApplicationStatus, at: iso(e.at) })),
      messages: messages
        .filter((m) => m.application_id === a.id)
        .map((m) => ({ id: m.id, from: m.sender, body: m.body, at: iso(Number(m.created_at)) })),
      interviews: interviews
        .filter((i) => i.application_id === a.id)
        .map((i) => ({
          id: i.id,
          timeZone: i.time_zone,
          slots: slots
            .filter((s) => s.interview_id === i.id)
            .map((s) => ({
              id: s.id,
              startsAt: iso(Number(s.starts_at)),
              minutes: s.minutes,
              mode: s.mode as InterviewMode,
              where: s.where_text,
            })),
          acceptedSlotId: i.accepted_slot_id,
          status: i.status,
          reason: i.reason,
          createdAt: iso(Number(i.created_at)),
        })),
      offers: offers
        .filter((o) => o.application_id === a.id)
        .map((o) => ({
          id: o.id,
          terms: JSON.parse(o.terms) as JobTerms,
          respondBy: o.respond_by,
          status: o.status,
          createdAt: iso(Number(o.created_at)),
          answeredAt: iso(o.answered_at === null ? null : Number(o.answered_at)),
        })),
    })),
    eligibilityFacts: eligibilityFacts === null ? null : EligibilityFactsSchema.parse(JSON.parse(eligibilityFacts)),
    resumePrivacy,
    resumeViews,
    reportsMade: reportsMade.map((r) => ({
      jobUuid: r.job_id,
      reason: r.reason,
      details: r.details,
      status: r.status,
      at: iso(Number(r.created_at)),
    })),
    schools: schools.map((s) => ({
      slug: s.slug,
      name: s.name,
      country: s.country,
      city: s.city,
      kind: s.kind as SchoolKind,
      website: s.website,
      aboutHTML: s.about_html,
      foundedYear: s.founded_year,
      foreignTeachers: s.foreign_teachers,
      logo: s.logo,
      verified: s.verified_at !== null,
      createdAt: iso(s.created_at),
      registrations: registrations
        .filter((r) => r.school_id === s.id)
        .map((r) => ({
          registrationNumber: r.registration_number,
          status: r.status,
          requestedAt: iso(r.requested_at),
          checkedAt: iso(r.checked_at),
          note: r.note,
        })),
    })),
  };
}

/**
 * The account page's deletion: the password first, then deleteAccount. Published and expired jobs
 * stay (schools' postings are public and their metrics are the job's), without an owner.
 */
export async function deleteOwnAccount(deps: Deps, userId: string, password: string): Promise<{ message: string }> {
  // A stolen session must not become a way to guess the password (or to make the server hash all day).
  await enforceLimits(deps.limiter, { key: `delete-account:user:${userId}`, limit: 5, windowMs: 60 * 60 * 1000 });
  if (!(await verifyPassword(await repo.findPasswordHash(deps.db, userId), password))) {
    throw new AppError(403, 'The password is not right.', { fields: { password: 'The password is not right.' } });
  }
  await deleteAccount(deps, userId, { publishedJobs: 'keep' });
  deps.log.info({ event: 'account_deleted' }, 'an account was deleted');
  return { message: 'Your account and its data have been deleted.' };
}
