// Walks the server's own route table, so a new route cannot be forgotten: every route that names a
// user, job, resume or subscription is called as an anonymous visitor and as another logged-in user,
// with and without a body. Each call must be refused (401/403/404), and the whole database must be
// exactly as it was.
import type { JobTerms } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSubscription } from '../../src/features/subscriptions/test-factories.js';
import { createResume, pdfDataUrl } from '../../src/features/resumes/test-factories.js';
import { createCompleteDraft, pngDataUrl, VALID_DETAILS } from '../../src/features/jobs/test-factories.js';
import { REGISTRATION_NUMBERS, createSchool } from '../../src/features/schools/test-factories.js';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp, type TestUser } from '../harness.js';

/** A valid contract sheet for the owner's job (in Japan): the offer waiting for the applicant's answer. */
const OFFER_SHEET: JobTerms = {
  salary: { currency: 'JPY', min: 250_000, max: 300_000, period: 'month', basis: 'gross' },
  teachingHoursPerWeek: 25,
  housing: 'provided',
  flights: 'paid',
  visa: { sponsored: true, permit: 'JP-INSTRUCTOR', costsPaidBy: 'school' },
  vacationDays: 15,
  healthInsurance: 'partial',
  splitShift: false,
  saturdays: 'never',
};

/** An interview time a week from the test clock's now. */
const inAWeek = (t: TestApp) => new Date(t.clock.now() + 7 * 86_400_000).toISOString();

interface Route {
  method: string;
  url: string;
}

/** Routes anyone may call: they name no private record (or only a published one, by design). */
const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/ready',
  'GET /api/config',
  'GET /api/openapi.json',
  'GET /api/docs',
  'POST /api/register',
  'POST /api/login',
  'POST /api/confirmation/',
  'GET /api/forgot-password',
  'POST /api/set-forgot-password',
  'POST /api/contact-us',
  'GET /api/filter-jobs',
  'GET /api/jobs/cities/:country',
  // Live postings side by side; a draft is answered as missing to everyone (jobs/terms.test.ts).
  'GET /api/compare',
  'POST /api/coupon/create-account-with-job',
  'POST /api/stripe/webhook',
  'POST /api/test-payments/payment-methods',
  'GET /media/img/:name',
  // A job alert made with an e-mail address belongs to no account until its mailed link confirms it.
  'POST /api/job-alerts',
  // School profiles are public pages (BEYOND §8): the directory and each school's page.
  'GET /api/schools',
  'GET /api/schools/:slug',
  // Anyone may report a live posting (BEYOND §9; features/reports/reports.test.ts).
  'POST /api/jobs/:uuid/reports',
]);

/** The caller's own session and account: they name nobody else (tested in accounts/personal-data.test.ts). */
const OWN_SESSION = new Set([
  'GET /api/current_user',
  'POST /api/logout',
  'GET /api/account/export',
  'DELETE /api/account',
  'GET /api/job-alerts',
  'GET /api/applications',
  'GET /api/my-schools',
]);

/** Routes that read only forms (RFC 8058 one-click): a JSON body is refused with 415 before it is read. */
const FORMS_ONLY = new Set(['POST /api/job-alerts/unsubscribe']);

/** Operators' routes (BEYOND §9): they do not exist for anyone else, signed in or not, whatever the body. */
const isOperatorRoute = (url: string) => url.startsWith('/api/operator/');

/** Public counters: anyone may count a visit to a live posting, never to a draft. */
const PUBLIC_COUNTERS = new Set(['POST /api/job/clicks', 'POST /api/job/time']);

/** Routes with a signature or a mailed token instead of a session: without a valid one they refuse. */
const SIGNED = new Set([
  'GET /api/resume-pdf/:resumeUuid',
  'GET /api/resume-image/:id',
  'GET /api/resume-image/:resumeUuid',
  'POST /api/job-alerts/confirm',
  'GET /api/job-alerts/unsubscribe',
  'POST /api/job-alerts/unsubscribe',
]);

const TABLES = [
  'users',
  'sessions',
  'email_tokens',
  'jobs',
  'job_images',
  'favorites',
  'job_metrics_daily',
  'resumes',
  'credit_ledger',
  'payments',
  'payment_events',
  'subscriptions',
  'coupons',
  'contact_messages',
  'expiry_notices',
  'job_alerts',
  'job_alert_tokens',
  'job_alert_jobs',
  'applications',
  'application_events',
  'schools',
  'school_verifications',
  'audit_log',
  // The hiring conversation (BEYOND §10), the operators' signal an offer may leave, and the mail it sends.
  'application_messages',
  'conversation_mail',
  'interviews',
  'interview_slots',
  'offers',
  'job_reports',
  'mail_outbox',
  // Resume privacy (BEYOND §11): who sees the resume, the domains it is hidden from, who viewed it.
  'resume_privacy',
  'resume_hidden_domains',
  'resume_views',
  'eligibility_facts',
] as const;

describe(`authorisation matrix (${dialect})`, () => {
  const routes: Route[] = [];
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  const ids: Record<string, string> = {};
  let body: Record<string, unknown>;

  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (r) => {
        for (const method of [r.method].flat()) if (method !== 'HEAD') routes.push({ method, url: r.url });
      },
    });
    owner = await createUser(t, 'owner@example.com');
    other = await createUser(t, 'other@example.com');
    ids.draft = await createCompleteDraft(t, owner);
    ids.published = await createPublishedJob(t, owner.id);
    await t.inject({ method: 'POST', url: `/api/favorites/${owner.id}/${ids.published}`, headers: owner.auth });
    ids.resume = await createResume(t, owner.id, { published_at: null });
    ids.subscription = await createSubscription(t, owner.id);
    const alert = await t.inject({
      method: 'POST',
      url: '/api/job-alerts',
      headers: owner.auth,
      payload: { country: 'japan', frequency: 'daily' },
    });
    ids.alert = (alert.json() as { alert: { id: string } }).alert.id;
    // A teacher's application to the owner's published job: neither the anonymous caller nor the
    // other user may read, move or withdraw it.
    const applicant = await createUser(t, 'applicant@example.com');
    await createResume(t, applicant.id, { published_at: t.clock.now() });
    const applied = await t.inject({
      method: 'POST',
      url: `/api/jobs/${ids.published}/applications`,
      headers: applicant.auth,
      payload: { coverLetter: 'Hello' },
    });
    ids.application = (applied.json() as { application: { id: string } }).application.id;
    // Its conversation: a message, an interview proposed with one time and an offer waiting for an
    // answer, so the routes that name a time or an interview are tried on real ones.
    const conversation = `/api/applications/${ids.application}`;
    const said = await t.inject({
      method: 'POST',
      url: `${conversation}/messages`,
      headers: applicant.auth,
      payload: { body: 'Hi' },
    });
    if (said.statusCode !== 201) throw new Error(`message failed: ${said.body}`);
    const proposed = await t.inject({
      method: 'POST',
      url: `${conversation}/interviews`,
      headers: owner.auth,
      payload: { timeZone: 'Asia/Tokyo', slots: [{ startsAt: inAWeek(t), minutes: 30, mode: 'video' }] },
    });
    if (proposed.statusCode !== 201) throw new Error(`interview failed: ${proposed.body}`);
    const interview = (proposed.json() as { interview: { id: string; slots: { id: string }[] } }).interview;
    ids.interview = interview.id;
    ids.slot = interview.slots[0]!.id;
    // The owner's school, its job, and a registration check waiting for an operator.
    const school = await createSchool(t, owner, { name: 'Owner School', country: 'south-korea', city: 'Seoul' });
    ids.school = school.slug;
    await t.inject({
      method: 'POST',
      url: `/api/jobs/details/${ids.published}/${owner.id}`,
      headers: owner.auth,
      payload: { ...VALID_DETAILS, schoolSlug: school.slug },
    });
    const check = await t.inject({
      method: 'POST',
      url: `/api/schools/${school.slug}/verification`,
      headers: owner.auth,
      payload: { registrationNumber: REGISTRATION_NUMBERS['south-korea'].valid },
    });
    if (check.statusCode !== 202) throw new Error(`verification failed: ${check.body}`);
    const offered = await t.inject({
      method: 'POST',
      url: `/api/applications/${ids.application}/offer`,
      headers: owner.auth,
      payload: { terms: OFFER_SHEET, respondBy: '2099-12-31' },
    });
    if (offered.statusCode !== 201) throw new Error(`offer failed: ${offered.body}`);
    ids.verification = (await t.db.selectFrom('school_verifications').select('id').executeTakeFirstOrThrow()).id;
    // The owner's resume privacy, a domain it is hidden from and a view of it: a privacy or views route
    // that let another user through would read or change them (the snapshot below holds them).
    await t.db
      .insertInto('resume_privacy')
      .values({ user_id: owner.id, visibility: 'applications_only', updated_at: t.clock.now() })
      .execute();
    await t.db.insertInto('resume_hidden_domains').values({ user_id: owner.id, domain: 'hidden.example' }).execute();
    await t.db
      .insertInto('resume_views')
      .values({ owner_id: owner.id, viewer_id: applicant.id, day: '2026-01-01', at: t.clock.now() })
      .execute();
    const intent = await t.inject({
      method: 'POST',
      url: '/api/payments-jobs/',
      headers: owner.auth,
      payload: { quantity: 'one', userUuid: owner.id },
    });
    const secret = (intent.json() as { client_secret: string }).client_secret;
    body = {
      ...VALID_DETAILS,
      companyName: 'Taken over',
      descriptionHTML: '<p>Changed by someone else</p>',
      thumbnail: await pngDataUrl(),
      images: [await pngDataUrl()],
      resumeHtml: '<p>Changed by someone else entirely</p>',
      resumeUrl: pdfDataUrl(),
      profileImage: await pngDataUrl(),
      name: 'Intruder',
      nationality: 'Canada',
      education: 'Masters',
      experience: '5',
      desiredCountry: 'Japan',
      desiredStartDate: 'May',
      desiredAgeGroup: 'Adults',
      userUuid: owner.id,
      uuid: ids.draft,
      subscriptionId: ids.subscription,
      quantity: 'ten',
      customerId: 'cus_test_owner',
      paymentMethodId: 'pm_test_ok_0123456789abcdef',
      client_secret: secret,
      card: { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' },
      timeSpent: 100,
      password: 'password1',
      // A school's fields, a logo, a registration number and an operator's note: a route that let
      // another user through would change the owner's school or decide its check.
      kind: 'recruiter',
      logo: await pngDataUrl(),
      registrationNumber: '220-81-62517',
      note: 'Decided by a stranger',
      schoolSlug: 'owner-school',
      // A message, interview times, a cancellation and an offer: a route that let another user
      // through would speak in the conversation, book or cancel the interview, or answer the offer.
      body: 'Written by a stranger',
      timeZone: 'Asia/Tokyo',
      slots: [{ startsAt: inAWeek(t), minutes: 30, mode: 'video' }],
      reason: 'Cancelled by a stranger',
      terms: OFFER_SHEET,
      respondBy: '2099-12-31',
    };
    await t.deps.mail.flush();
  });
  afterAll(async () => t.close());

  function urlFor(route: Route): string {
    if (isOperatorRoute(route.url)) return route.url.replace(/:[A-Za-z]+/g, ids.verification!);
    if (route.url === '/api/job-alerts/:id') return `/api/job-alerts/${ids.alert!}`;
    if (route.url.startsWith('/api/applications/:id')) {
      return route.url
        .replace(':id', ids.application!)
        .replace(':slotId', ids.slot!)
        .replace(':interviewId', ids.interview!);
    }
    // Any teacher may apply to a live job, so applying is tried on the draft; the list is the owner's.
    if (route.url === '/api/jobs/:jobUuid/applications') {
      return `/api/jobs/${route.method === 'POST' ? ids.draft! : ids.published!}/applications`;
    }
    return route.url
      .replace(':userUuid', owner.id)
      .replace(':jobUuid', ids.draft!)
      .replace(':uuid', ids.draft!)
      .replace(':resumeUuid', ids.resume!)
      .replace(':subscriptionId', ids.subscription!)
      .replace(':slug', ids.school!)
      .replace(':id', ids.resume!);
  }

  async function snapshot(): Promise<string> {
    const parts: unknown[] = [];
    for (const table of TABLES) parts.push(await t.db.selectFrom(table).selectAll().execute());
    return JSON.stringify(parts);
  }

  it('sees the routes of every feature', () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      'POST /api/jobs/details/:uuid/:userUuid',
      'POST /api/favorites/:userUuid/:jobUuid',
      'GET /api/resume-board/filter/:userUuid',
      'POST /api/subscription/toggle/:userUuid/:subscriptionId',
      'GET /api/job/metrics/:uuid',
      'PUT /api/jobs/terms/:uuid/:userUuid',
      'PATCH /api/schools/:slug',
      'PUT /api/schools/:slug/logo',
      'POST /api/schools/:slug/verification',
      'POST /api/operator/verifications/:id/approve',
      'GET /api/applications/:id/messages',
      'POST /api/applications/:id/messages',
      'POST /api/applications/:id/interviews',
      'POST /api/applications/:id/interviews/:slotId/accept',
      'POST /api/applications/:id/interviews/:interviewId/cancel',
      'POST /api/applications/:id/offer',
      'POST /api/applications/:id/offer/accept',
      'POST /api/applications/:id/offer/decline',
      'GET /api/post-resume/privacy/:userUuid',
      'PUT /api/post-resume/privacy/:userUuid',
      'GET /api/post-resume/views/:userUuid',
    ]) {
      expect(names).toContain(expected);
    }
  });

  it('refuses anonymous callers and other users on every private route, and changes nothing', async () => {
    const before = await snapshot();
    const failures: string[] = [];
    const checked: string[] = [];
    for (const route of routes) {
      const key = `${route.method} ${route.url}`;
      if (PUBLIC.has(key) || OWN_SESSION.has(key) || !route.url.startsWith('/api/')) continue;
      // Routes that name their record in the body name nobody without one: a logged-in caller may get 400.
      const namesInBody = !route.url.includes(':');
      const withBody = ['POST', 'PUT', 'PATCH', 'DELETE'].includes(route.method);
      for (const caller of ['anonymous', 'other'] as const) {
        for (const payload of withBody ? [undefined, body] : [undefined]) {
          const res = await t.inject({
            method: route.method as 'GET',
            url: urlFor(route),
            headers: caller === 'other' ? other.auth : {},
            ...(payload ? { payload } : {}),
          });
          let allowed = caller === 'anonymous' ? [401, 404] : [403, 404];
          if (SIGNED.has(key)) allowed = [400, 401, 403, 404, 410];
          if (FORMS_ONLY.has(key) && payload) allowed = [415];
          if (PUBLIC_COUNTERS.has(key)) allowed = payload ? [404] : [400];
          else if (isOperatorRoute(route.url)) allowed = [404];
          else if (namesInBody && caller === 'other' && !payload) allowed = [400];
          if (!allowed.includes(res.statusCode)) {
            failures.push(
              `${key} as ${caller}${payload ? ' with body' : ''}: ${res.statusCode} ${res.body.slice(0, 120)}`,
            );
          }
          const json = res.json() as { error?: boolean; message?: string };
          if (json.error !== true || !json.message) failures.push(`${key}: refusal without the error body`);
        }
      }
      checked.push(key);
    }
    expect(failures).toEqual([]);
    expect(checked.length).toBeGreaterThan(25);
    expect(await snapshot()).toBe(before);
  });

  it('answers another user on a draft exactly as on a job that does not exist', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const url of ['/api/job/:uuid', '/api/job/images/:uuid']) {
      const draft = await t.inject({ method: 'GET', url: url.replace(':uuid', ids.draft!), headers: other.auth });
      const none = await t.inject({ method: 'GET', url: url.replace(':uuid', missing), headers: other.auth });
      expect(draft.statusCode).toBe(404);
      expect(draft.body).toBe(none.body);
    }
    const resume = await t.inject({ method: 'GET', url: `/api/resume-details/${ids.resume}`, headers: other.auth });
    const noResume = await t.inject({ method: 'GET', url: `/api/resume-details/${missing}`, headers: other.auth });
    expect(resume.statusCode).toBe(404);
    expect(resume.body).toBe(noResume.body);
  });
});
