// Every table that holds a user's id, found in the migrated database's own catalog (each foreign key to
// users, then each foreign key to a row the user owns), so a new table cannot be left out of the
// account's export or its deletion unnoticed: the map below names, for each such column, where the
// export shows its rows, or why it does not. A user with a row in each is made (through the API where
// there is one), exported, and deleted; then no row of the database may still hold their id or address
// but the few the map of kept traces explains.
import type { AccountExport, JobTerms, ResumeViewsAnswer } from '@teacheast/shared';
import { sql } from 'kysely';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { createCoupons } from '../credits/coupons-service.js';
import { pngDataUrl, VALID_DETAILS } from '../jobs/test-factories.js';
import { COMPLETE_DETAILS, createResume, imageDataUrl, pdfDataUrl } from '../resumes/test-factories.js';
import { REGISTRATION_NUMBERS, createSchool, pendingCheckOf } from '../schools/test-factories.js';
import { setOperator } from '../operators/service.js';
import { createSubscription } from '../subscriptions/test-factories.js';

type Row = Record<string, unknown>;

/** Where the export shows a row of a column holding the user's id (or a row they own), or why it does not. */
type Place = { shownIn: string; shows: (data: AccountExport, row: Row) => boolean } | { notExported: string };

const iso = (ms: unknown) => new Date(Number(ms)).toISOString();

/** The export's application `row.application_id` names. */
const applicationOf = (data: AccountExport, row: Row) => data.applications.find((a) => a.id === row.application_id);

/**
 * Every foreign key column reached from a user, as `table.column`. A column whose rows are exported is
 * the user's own, and the walk goes on to the rows that refer to them; one not exported says why, and
 * the walk stops there.
 */
const USER_DATA: Record<string, Place> = {
  // ---- columns that refer to the user ----
  'sessions.user_id': { notExported: 'sign-in sessions: hashes of secret tokens, nothing the account wrote' },
  'email_tokens.user_id': { notExported: 'one-time links mailed to confirm the address or reset the password' },
  'jobs.user_id': { shownIn: 'jobs', shows: (d, r) => d.jobs.some((j) => j.uuid === r.id) },
  'favorites.user_id': { shownIn: 'savedJobs', shows: (d, r) => d.savedJobs.some((s) => s.uuid === r.job_id) },
  'resumes.user_id': { shownIn: 'resume', shows: (d, r) => d.resume?.uuid === r.id },
  'credit_ledger.user_id': {
    shownIn: 'credits',
    shows: (d, r) =>
      d.credits.some((c) => c.delta === Number(r.delta) && c.reason === r.reason && c.at === iso(r.created_at)),
  },
  'payments.user_id': { shownIn: 'payments', shows: (d, r) => d.payments.some((p) => p.id === r.id) },
  'subscriptions.user_id': { shownIn: 'subscriptions', shows: (d, r) => d.subscriptions.some((s) => s.id === r.id) },
  'coupons.redeemed_by': {
    shownIn: 'credits (the credit the coupon gave)',
    shows: (d, r) => d.credits.some((c) => c.reason === 'coupon' && c.at === iso(r.redeemed_at)),
  },
  'job_alerts.user_id': { shownIn: 'jobAlerts', shows: (d, r) => d.jobAlerts.some((a) => a.id === r.id) },
  'applications.user_id': { shownIn: 'applications', shows: (d, r) => d.applications.some((a) => a.id === r.id) },
  'eligibility_facts.user_id': { shownIn: 'eligibilityFacts', shows: (d) => d.eligibilityFacts !== null },
  'schools.user_id': { shownIn: 'schools', shows: (d, r) => d.schools.some((s) => s.slug === r.slug) },
  'school_verifications.checked_by': {
    notExported: "checks it decided as an operator, of other accounts' schools: the record of that school",
  },
  'audit_log.actor_id': {
    notExported: "what it did as an operator: the operators' audit log (it keeps the operator's address)",
  },
  'job_reports.user_id': {
    shownIn: 'reportsMade',
    shows: (d, r) => d.reportsMade.some((p) => p.jobUuid === r.job_id && p.details === r.details),
  },
  'job_reports.resolved_by': { notExported: "reports of other people it decided as an operator: the reporter's" },
  'resume_privacy.user_id': {
    shownIn: 'resumePrivacy',
    shows: (d, r) => d.resumePrivacy.visibility === r.visibility,
  },
  'resume_hidden_domains.user_id': {
    shownIn: 'resumePrivacy.hiddenFromDomains',
    shows: (d, r) => d.resumePrivacy.hiddenFromDomains.includes(String(r.domain)),
  },
  'resume_views.owner_id': { shownIn: 'resumeViews', shows: (d, r) => d.resumeViews.some((v) => v.at === iso(r.at)) },
  'resume_views.viewer_id': {
    notExported:
      "the resumes it opened: a record kept for each resume's owner and shown to them (naming this account's school or domain)",
  },

  // ---- columns that refer to rows the user owns ----
  'jobs.school_id': {
    shownIn: 'jobs[].schoolSlug',
    shows: (d, r) => d.jobs.some((j) => j.uuid === r.id && j.schoolSlug !== null),
  },
  'job_images.job_id': {
    shownIn: 'jobs[].images',
    shows: (d, r) => d.jobs.some((j) => j.uuid === r.job_id && j.images.includes(String(r.url))),
  },
  'favorites.job_id': { notExported: "other accounts' saves of its jobs: theirs (counted in the job's metrics)" },
  'job_metrics_daily.job_id': { notExported: "its jobs' daily counts: no one's personal data" },
  'expiry_notices.job_id': { notExported: "when its job's expiry notice was mailed: the mailer's bookkeeping" },
  'job_alert_jobs.job_id': { notExported: "its jobs as other accounts' alerts mailed them" },
  'applications.job_id': {
    notExported: "applications teachers made to its jobs: each teacher's, in the teacher's export",
  },
  'job_reports.job_id': { notExported: "reports other people made of its jobs: the reporter's" },
  'posting_pages.job_id': {
    notExported: "its live postings' public pages as the server rendered them ahead: the postings themselves, rendered",
  },
  'job_saves.job_id': { notExported: "how many times its jobs' savers changed: the answer cache's version" },
  'job_alert_tokens.alert_id': { notExported: 'the secret confirm and unsubscribe links of its alerts' },
  'job_alert_jobs.alert_id': { notExported: "which jobs each alert has mailed already: the sender's bookkeeping" },
  'application_events.application_id': {
    shownIn: 'applications[].history',
    shows: (d, r) => applicationOf(d, r)?.history.some((h) => h.status === r.status && h.at === iso(r.at)) ?? false,
  },
  'application_messages.application_id': {
    shownIn: 'applications[].messages',
    shows: (d, r) => applicationOf(d, r)?.messages.some((m) => m.id === r.id && m.body === r.body) ?? false,
  },
  'conversation_mail.application_id': {
    notExported: "when each party was last mailed about new messages: the mailer's bookkeeping",
  },
  'interviews.application_id': {
    shownIn: 'applications[].interviews',
    shows: (d, r) => applicationOf(d, r)?.interviews.some((i) => i.id === r.id) ?? false,
  },
  'interview_slots.interview_id': {
    shownIn: 'applications[].interviews[].slots',
    shows: (d, r) =>
      d.applications.some((a) =>
        a.interviews.some((i) => i.id === r.interview_id && i.slots.some((s) => s.id === r.id)),
      ),
  },
  'offers.application_id': {
    shownIn: 'applications[] (the offer made on it)',
    // The offer's own words: its date to answer by and its terms, wherever the application shows them.
    shows: (d, r) => {
      const application = JSON.stringify(applicationOf(d, r) ?? {});
      return application.includes(String(r.respond_by)) && application.includes(String(r.status));
    },
  },
  'school_verifications.school_id': {
    shownIn: 'schools[].registrations',
    shows: (d, r) =>
      d.schools.some((s) =>
        s.registrations.some(
          (g) => g.registrationNumber === r.registration_number && g.requestedAt === iso(r.requested_at),
        ),
      ),
  },
};

/**
 * Where the user's id or address may stay once the account is deleted, and why. Anything else that
 * still holds either is a row the deletion forgot.
 */
const TRACES_KEPT: Record<string, string> = {
  'audit_log.actor_email': "the operators' audit log says who acted, by address, after the account is gone",
  'audit_log.subject_id': 'the audit log names the account an operator action was about (here: made an operator)',
};

/** A foreign key of the migrated database, read from its catalog. */
interface ForeignKey {
  table: string;
  column: string;
  references: string;
  referencedColumn: string;
}

async function foreignKeys(t: TestApp): Promise<ForeignKey[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<ForeignKey>`
      select m.name as "table", f."from" as "column", f."table" as "references", f."to" as "referencedColumn"
      from sqlite_master m, pragma_foreign_key_list(m.name) f
      where m.type = 'table'
      order by 1, 2`.execute(t.db);
    return rows;
  }
  const { rows } = await sql<ForeignKey & { columns: number }>`
    select c.relname as "table", a.attname as "column", r.relname as "references", ra.attname as "referencedColumn",
      cardinality(k.conkey) as "columns"
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace
    join pg_class r on r.oid = k.confrelid
    join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
    join pg_attribute ra on ra.attrelid = k.confrelid and ra.attnum = k.confkey[1]
    where k.contype = 'f' and n.nspname = current_schema()
    order by 1, 2`.execute(t.db);
  // Every key is of one column (a key of two would need the walk to match pairs).
  expect(rows.filter((row) => Number(row.columns) !== 1)).toEqual([]);
  return rows.map(({ columns: _columns, ...key }) => key);
}

/** Every column of every table that holds text, from the catalog. */
async function textColumns(t: TestApp): Promise<{ table: string; column: string }[]> {
  if (dialect === 'sqlite') {
    const { rows } = await sql<{ table: string; column: string; type: string }>`
      select m.name as "table", p.name as "column", p.type as "type"
      from sqlite_master m, pragma_table_info(m.name) p
      where m.type = 'table' and m.name not like 'sqlite_%'`.execute(t.db);
    return rows.filter((row) => /char|text|clob/i.test(row.type));
  }
  const { rows } = await sql<{ table: string; column: string }>`
    select table_name as "table", column_name as "column"
    from information_schema.columns
    where table_schema = current_schema() and data_type in ('text', 'character varying', 'character', 'json', 'jsonb')
  `.execute(t.db);
  return rows;
}

/** The rows of `table` whose `column` is one of `values`. */
async function rowsWhere(t: TestApp, table: string, column: string, values: readonly string[]): Promise<Row[]> {
  if (values.length === 0) return [];
  const { rows } = await sql<Row>`
    select * from ${sql.table(table)} where ${sql.ref(column)} in (${sql.join(values)})`.execute(t.db);
  return rows;
}

/** The columns of text that hold `id` or `email` (any case) somewhere, as `table.column`. */
async function tracesOf(t: TestApp, id: string, email: string): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns(t)) {
    const value = sql`cast(${sql.ref(column)} as text)`;
    const { rows } = await sql<{ n: number | string }>`
      select count(*) as n from ${sql.table(table)}
      where ${value} like ${`%${id}%`} or lower(${value}) like ${`%${email.toLowerCase()}%`}`.execute(t.db);
    if (Number(rows[0]!.n) > 0) found.push(`${table}.${column}`);
  }
  return found.sort();
}

/**
 * Walks the foreign keys from the user: each column that refers to them, then each column that refers
 * to a row they own (reached through a column whose rows are exported), until nothing new is reached.
 * Answers the rows found for each `table.column`, and the columns the map does not name.
 */
async function walk(t: TestApp, keys: readonly ForeignKey[], userId: string) {
  /** The user's own rows of each table, by their key. */
  const owned = new Map<string, Map<string, Row>>([['users', new Map([[userId, { id: userId }]])]]);
  const found = new Map<string, Row[]>();
  const unnamed = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const key of keys) {
      const parents = owned.get(key.references);
      if (!parents) continue;
      const name = `${key.table}.${key.column}`;
      const place = USER_DATA[name];
      if (!place) {
        unnamed.add(name);
        continue;
      }
      const values = [...parents.values()].map((row) => String(row[key.referencedColumn]));
      const rows = await rowsWhere(t, key.table, key.column, values);
      found.set(name, rows);
      if (!('shownIn' in place)) continue;
      const mine = owned.get(key.table) ?? new Map<string, Row>();
      for (const row of rows) {
        const identity = JSON.stringify(row);
        if (!mine.has(identity)) {
          mine.set(identity, row);
          changed = true;
        }
      }
      owned.set(key.table, mine);
    }
  }
  return { found, unnamed: [...unnamed].sort() };
}

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

describe(`every table holding a user's data, exported and erased (${dialect})`, () => {
  let t: TestApp;
  let keys: ForeignKey[];
  /** The account walked: a teacher, a school and an operator at once, with a row in each table. */
  let walker: TestUser;
  let walkerJob: string;

  function call(user: TestUser | null, method: InjectOptions['method'], url: string, payload?: object) {
    return t.inject({ method, url, headers: user ? user.auth : {}, ...(payload ? { payload } : {}) });
  }
  /** A call that must answer `status`; its JSON. */
  async function must<T = Record<string, unknown>>(
    status: number,
    user: TestUser | null,
    method: InjectOptions['method'],
    url: string,
    payload?: object,
  ): Promise<T> {
    const res = await call(user, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(status);
    return res.json<T>();
  }

  beforeAll(async () => {
    t = await createTestApp();
    keys = await foreignKeys(t);

    // The account, made by redeeming a coupon: its credit, its first (empty) job, a session.
    const [code] = await createCoupons(t.db, 1, t.clock.now());
    const redeemed = await call(null, 'POST', '/api/coupon/create-account-with-job', {
      code,
      email: 'walker@walker-school.example',
      password: TEST_PASSWORD,
    });
    expect(redeemed.statusCode, redeemed.body).toBe(201);
    const token = String(redeemed.headers['auth-token']);
    walker = {
      id: redeemed.json<{ currentUser: { uuid: string } }>().currentUser.uuid,
      email: 'walker@walker-school.example',
      token,
      auth: { authorization: `Bearer ${token}` },
    };
    const me = walker;
    // A password reset asked for: a mailed token.
    await must(200, null, 'GET', `/api/forgot-password?email=${encodeURIComponent(me.email)}`);
    await must(200, null, 'POST', '/api/contact-us', { email: me.email, subject: 'Hello', text: 'A question of mine' });
    await must(200, me, 'POST', '/api/payments-jobs/', { quantity: 'one', userUuid: me.id });
    await createSubscription(t, me.id);
    await must(201, me, 'POST', '/api/job-alerts', { country: 'japan', frequency: 'daily' });

    // Its school, with a registration check it asked for, and a published job under it with a photo.
    const school = await createSchool(t, me, { name: 'Walker School' });
    await must(202, me, 'POST', `/api/schools/${school.slug}/verification`, {
      registrationNumber: REGISTRATION_NUMBERS.japan.valid,
    });
    walkerJob = await createPublishedJob(t, me.id, { company_name: 'Walker School' });
    await must(200, me, 'POST', `/api/jobs/details/${walkerJob}/${me.id}`, {
      ...VALID_DETAILS,
      schoolSlug: school.slug,
    });
    await must(200, me, 'POST', `/api/job/image-upload/${walkerJob}/${me.id}`, { images: [await pngDataUrl()] });
    await call(null, 'POST', '/api/job/clicks', { uuid: walkerJob });

    // Its resume, published with a photo and a PDF, its privacy, and its facts for visa eligibility.
    await must(200, me, 'PUT', `/api/post-resume/details/${me.id}`, COMPLETE_DETAILS);
    await must(200, me, 'PATCH', `/api/post-resume/profile-image/${me.id}`, {
      profileImage: await imageDataUrl('png', 300, 300),
    });
    await must(200, me, 'PATCH', `/api/post-resume/resume/${me.id}`, { resumeUrl: pdfDataUrl() });
    await must(200, me, 'POST', `/api/post-resume/publish/${me.id}`);
    // The walk needs the rows; whether the route answers them well is privacy.test.ts's to say.
    await call(me, 'PUT', `/api/post-resume/privacy/${me.id}`, {
      visibility: 'board',
      hiddenFromDomains: ['former-employer.example'],
    });
    await must(200, me, 'PUT', `/api/post-resume/eligibility/${me.id}`, {
      passports: ['GB'],
      degree: 'bachelor',
      teflHours: 120,
    });

    // Another school's job: saved, applied to, talked about, an interview and an offer; and reported.
    const hiring = await createUser(t, 'hr@hiring-school.example');
    const hiringJob = await createPublishedJob(t, hiring.id, { company_name: 'Hiring School' });
    await must(200, me, 'POST', `/api/favorites/${me.id}/${hiringJob}`);
    const { application } = await must<{ application: { id: string } }>(
      201,
      me,
      'POST',
      `/api/jobs/${hiringJob}/applications`,
      { coverLetter: 'I would like to teach with you.' },
    );
    const conversation = `/api/applications/${application.id}`;
    await must(201, me, 'POST', `${conversation}/messages`, { body: 'When could we talk?' });
    await must(201, hiring, 'POST', `${conversation}/messages`, { body: 'Next week, if you can.' });
    const startsAt = new Date(t.clock.now() + 7 * 86_400_000).toISOString();
    await must(201, hiring, 'POST', `${conversation}/interviews`, {
      timeZone: 'Asia/Tokyo',
      slots: [{ startsAt, minutes: 30, mode: 'video' }],
    });
    await must(201, hiring, 'POST', `${conversation}/offer`, { terms: OFFER_SHEET, respondBy: '2099-12-31' });
    const reporter = await createUser(t, 'reporter@elsewhere.example');
    const reported = await must<{ report: { id: string } }>(201, reporter, 'POST', `/api/jobs/${hiringJob}/reports`, {
      reason: 'asks_for_money',
      details: 'They asked me for a placement fee.',
    });
    await must(201, me, 'POST', `/api/jobs/${hiringJob}/reports`, {
      reason: 'fake_school',
      details: 'No school at this address as far as I know.',
    });

    // Read by a subscriber; and, subscribed, it reads another teacher's resume.
    const subscriber = await createUser(t, 'boss@reading-school.example');
    await createSubscription(t, subscriber.id);
    const myResume = await t.db
      .selectFrom('resumes')
      .select('id')
      .where('user_id', '=', me.id)
      .executeTakeFirstOrThrow();
    await must(200, subscriber, 'GET', `/api/resume-details/${myResume.id}`);
    const otherTeacher = await createUser(t, 'someone@teachers.example');
    await must(200, me, 'GET', `/api/resume-details/${await createResume(t, otherTeacher.id)}`);

    // An operator: it decides another school's registration check and the report made by someone else.
    expect(await setOperator(t.db, me.email, true, t.clock.now())).toBe('added');
    const other = await createUser(t, 'owner@other-school.example');
    const otherSchool = await createSchool(t, other, { name: 'Other School', country: 'south-korea', city: 'Seoul' });
    await must(202, other, 'POST', `/api/schools/${otherSchool.slug}/verification`, {
      registrationNumber: REGISTRATION_NUMBERS['south-korea'].valid,
    });
    const check = await pendingCheckOf(t, me, otherSchool.slug);
    await must(200, me, 'POST', `/api/operator/verifications/${check.id}/approve`, { note: 'Checked the register' });
    await must(200, me, 'POST', `/api/operator/reports/${reported.report.id}/resolve`, {
      action: 'dismiss',
      note: 'Not enough to act on',
    });
    await t.deps.mail.flush();
  });
  afterAll(async () => t.close());

  it('names every column the catalog shows holding a user id, or the id of a row a user owns', async () => {
    const { unnamed } = await walk(t, keys, walker.id);
    // A table (or column) added since: say in USER_DATA where the export shows it, or why it does not.
    expect(unnamed).toEqual([]);
    // And the map names nothing the database no longer has.
    const reached = new Set(keys.map((key) => `${key.table}.${key.column}`));
    expect(Object.keys(USER_DATA).filter((name) => !reached.has(name))).toEqual([]);
    // Every column with a key to users is reached.
    const toUsers = keys.filter((key) => key.references === 'users').map((key) => `${key.table}.${key.column}`);
    expect(toUsers.length).toBeGreaterThan(15);
    expect(toUsers.filter((name) => !(name in USER_DATA))).toEqual([]);
  });

  it('has the walked account hold a row in every such table, so each is really checked', async () => {
    const { found } = await walk(t, keys, walker.id);
    const empty = Object.entries(USER_DATA)
      .filter(([name, place]) => {
        const direct = keys.some((key) => `${key.table}.${key.column}` === name && key.references === 'users');
        // The account's own rows, and every column that refers to the user: each needs a row here.
        return (direct || 'shownIn' in place) && (found.get(name)?.length ?? 0) === 0;
      })
      .map(([name]) => name);
    expect(empty).toEqual([]);
  });

  it('shows every row the account owns in its export, where the map says', async () => {
    const res = await call(walker, 'GET', '/api/account/export');
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json<AccountExport>();
    const { found } = await walk(t, keys, walker.id);
    const missing: string[] = [];
    for (const [name, rows] of found) {
      const place = USER_DATA[name]!;
      if (!('shownIn' in place)) continue;
      for (const row of rows) {
        if (!place.shows(data, row)) missing.push(`${name} → ${place.shownIn}: ${JSON.stringify(row).slice(0, 160)}`);
      }
    }
    expect(missing).toEqual([]);
    // What has no key to the account, found by its address: its messages to the team.
    expect(data.contactMessages.map((m) => m.text)).toEqual(['A question of mine']);
  });

  it('exports every view of the resume, not the first page of them', async () => {
    const teacher = await createUser(t, 'much-viewed@teachers.example');
    const base = t.clock.now();
    for (let i = 0; i < 205; i++) {
      const viewer = await createUser(t, `viewer-${i}@viewers.example`);
      await t.db
        .insertInto('resume_views')
        .values({ owner_id: teacher.id, viewer_id: viewer.id, day: iso(base).slice(0, 10), at: base - i * 1000 })
        .execute();
    }
    const res = await call(teacher, 'GET', '/api/account/export');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<AccountExport>().resumeViews).toHaveLength(205);
    // The control: the owner's list answers (as many as it is meant to show).
    const list = await call(teacher, 'GET', `/api/post-resume/views/${teacher.id}`);
    expect(list.json<ResumeViewsAnswer>().views.length).toBeGreaterThan(0);
  });

  it('leaves, once the account is deleted, no row that refers to it, and no trace of its id or address but those explained', async () => {
    // The control: before, the search finds the account in every column that refers to it.
    const before = await tracesOf(t, walker.id, walker.email);
    const toUsers = keys.filter((key) => key.references === 'users').map((key) => `${key.table}.${key.column}`);
    expect(toUsers.filter((name) => !before.includes(name))).toEqual([]);

    const deleted = await call(walker, 'DELETE', '/api/account', { password: TEST_PASSWORD });
    expect(deleted.statusCode, deleted.body).toBe(200);

    // No row refers to it (a column set to null counts as erased).
    const left: string[] = [];
    for (const key of keys.filter((k) => k.references === 'users')) {
      const rows = await rowsWhere(t, key.table, key.column, [walker.id]);
      if (rows.length > 0) left.push(`${key.table}.${key.column}: ${rows.length}`);
    }
    expect(left).toEqual([]);
    expect(await rowsWhere(t, 'users', 'id', [walker.id])).toEqual([]);

    // No column of any table still holds its id or its address, but the traces kept on purpose.
    const after = await tracesOf(t, walker.id, walker.email);
    expect(after.filter((name) => !(name in TRACES_KEPT))).toEqual([]);
    // And each trace said to be kept is there: the list says no more than what is true.
    expect(Object.keys(TRACES_KEPT).filter((name) => !after.includes(name))).toEqual([]);
    // The published job stays, without its owner.
    const job = await t.db.selectFrom('jobs').select('user_id').where('id', '=', walkerJob).executeTakeFirstOrThrow();
    expect(job.user_id).toBeNull();
  });
});
