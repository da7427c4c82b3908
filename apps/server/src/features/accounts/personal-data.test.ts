import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompleteDraft } from '../jobs/test-factories.js';
import { COMPLETE_DETAILS, imageDataUrl, pdfDataUrl } from '../resumes/test-factories.js';
import { createSubscription } from '../subscriptions/test-factories.js';
import type { exportAccount } from './personal-data.js';
import {
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  TEST_PASSWORD,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';

type AccountExport = Awaited<ReturnType<typeof exportAccount>>;

describe(`account export and deletion (${dialect})`, () => {
  let t: TestApp;
  let user: TestUser;
  let fan: TestUser;
  let draftId: string;
  let publishedId: string;
  let appliedId: string;
  let applicationId: string;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({ logStream: { write: (l) => void lines.push(l) } });
    user = await createUser(t, 'leaving@example.com');
    fan = await createUser(t, 'fan@example.com');
    draftId = await createCompleteDraft(t, user);
    publishedId = await createPublishedJob(t, user.id, { company_name: 'Kept School' });
    const saved = await createPublishedJob(t, null, { company_name: 'Saved School' });
    await t.inject({ method: 'POST', url: `/api/favorites/${user.id}/${saved}`, headers: user.auth });
    await t.inject({ method: 'POST', url: `/api/favorites/${fan.id}/${publishedId}`, headers: fan.auth });
    await t.inject({ method: 'POST', url: '/api/job/clicks', payload: { uuid: publishedId } });
    await t.inject({
      method: 'PUT',
      url: `/api/post-resume/details/${user.id}`,
      headers: user.auth,
      payload: COMPLETE_DETAILS,
    });
    await t.inject({
      method: 'PATCH',
      url: `/api/post-resume/profile-image/${user.id}`,
      headers: user.auth,
      payload: { profileImage: await imageDataUrl('png', 200, 200) },
    });
    await t.inject({
      method: 'PATCH',
      url: `/api/post-resume/resume/${user.id}`,
      headers: user.auth,
      payload: { resumeUrl: pdfDataUrl() },
    });
    await createSubscription(t, user.id);
    await t.inject({
      method: 'POST',
      url: '/api/contact-us',
      payload: { email: user.email, subject: 'Hi', text: 'A question for the team' },
    });
    // Job alerts: the account's own, one made with its address (tagged) before signing in, a stranger's
    // and another account's.
    const alert = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
      t.inject({ method: 'POST', url: '/api/job-alerts', payload: { frequency: 'daily', ...payload }, headers });
    expect(
      (await alert({ country: 'vietnam', city: 'Hanoi', q: 'business', frequency: 'weekly' }, user.auth)).statusCode,
    ).toBe(201);
    expect((await alert({ country: 'japan', city: 'Tokyo', email: 'Leaving+Alerts@example.com' })).statusCode).toBe(
      201,
    );
    expect((await alert({ country: 'japan', email: 'stranger@example.com' })).statusCode).toBe(201);
    expect((await alert({ country: 'china' }, fan.auth)).statusCode).toBe(201);
    // An application as a teacher, to another account's job, moved on by that school.
    await t.db.updateTable('resumes').set({ published_at: t.clock.now() }).where('user_id', '=', user.id).execute();
    appliedId = await createPublishedJob(t, fan.id, { company_name: 'Applied School', title: 'Kindergarten Lead' });
    const applied = await t.inject({
      method: 'POST',
      url: `/api/jobs/${appliedId}/applications`,
      headers: user.auth,
      payload: { coverLetter: 'Dear Applied School, I would love to teach with you.' },
    });
    expect(applied.statusCode).toBe(201);
    applicationId = applied.json<{ application: { id: string } }>().application.id;
    t.clock.advance(60_000);
    const decided = await t.inject({
      method: 'PATCH',
      url: `/api/applications/${applicationId}`,
      headers: fan.auth,
      payload: { status: 'shortlisted' },
    });
    expect(decided.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  const files = () =>
    fs
      .readdirSync(t.mediaDir, { recursive: true })
      .map(String)
      .filter((f) => path.extname(f));

  it('exports everything held about the user, to that user only', async () => {
    expect((await t.inject({ method: 'GET', url: '/api/account/export' })).statusCode).toBe(401);
    const res = await t.inject({ method: 'GET', url: '/api/account/export', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment');
    const data = res.json<AccountExport>();
    expect(data.account).toMatchObject({ uuid: user.id, email: 'leaving@example.com' });
    expect(data.jobs.map((j) => j.uuid).sort()).toEqual([draftId, publishedId].sort());
    expect(data.savedJobs).toEqual([expect.objectContaining({ companyName: 'Saved School' })]);
    expect(data.resume).toMatchObject({ name: COMPLETE_DETAILS.name, hasPdf: true, hasProfileImage: true });
    expect(data.subscriptions).toHaveLength(1);
    expect(data.contactMessages).toEqual([expect.objectContaining({ text: 'A question for the team' })]);
    expect(JSON.stringify(data)).not.toContain('password');
    const other = await t.inject({ method: 'GET', url: '/api/account/export', headers: fan.auth });
    expect(other.json<AccountExport>().account.email).toBe('fan@example.com');
    expect(other.json<AccountExport>().jobs.map((j) => j.uuid)).toEqual([appliedId]);
  });

  it("exports the account's job alerts, those made with its address before, and its applications", async () => {
    const data = (
      await t.inject({ method: 'GET', url: '/api/account/export', headers: user.auth })
    ).json<AccountExport>();
    const byCountry = [...data.jobAlerts].sort((a, b) => a.country.localeCompare(b.country));
    expect(byCountry).toEqual([
      expect.objectContaining({
        country: 'japan',
        city: 'Tokyo',
        email: 'leaving+alerts@example.com',
        active: false,
        confirmedAt: null,
      }),
      expect.objectContaining({
        country: 'vietnam',
        city: 'Hanoi',
        q: 'business',
        frequency: 'weekly',
        email: null,
        active: true,
        confirmedAt: expect.any(String) as string,
      }),
    ]);
    expect(data.applications).toEqual([
      expect.objectContaining({
        id: applicationId,
        jobUuid: appliedId,
        jobTitle: 'Kindergarten Lead',
        companyName: 'Applied School',
        status: 'shortlisted',
        coverLetter: 'Dear Applied School, I would love to teach with you.',
      }),
    ]);
    expect(data.applications[0]!.history.map((h) => h.status)).toEqual(['submitted', 'shortlisted']);
    // The school that received it exports its own alerts, and no one's application.
    const fanData = (
      await t.inject({ method: 'GET', url: '/api/account/export', headers: fan.auth })
    ).json<AccountExport>();
    expect(fanData.jobAlerts.map((a) => a.country)).toEqual(['china']);
    expect(fanData.applications).toEqual([]);
  });

  it('refuses deletion without the right password and changes nothing', async () => {
    const before = files().length;
    const wrong = await t.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: user.auth,
      payload: { password: 'not-it' },
    });
    expect(wrong.statusCode).toBe(403);
    expect(
      (await t.inject({ method: 'DELETE', url: '/api/account', payload: { password: TEST_PASSWORD } })).statusCode,
    ).toBe(401);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', user.id).executeTakeFirst()).toBeDefined();
    expect(files().length).toBe(before);
  });

  it('deletes the account with its sessions, resume, uploads, saves and drafts; keeps published jobs anonymous', async () => {
    const uploadsBefore = files();
    const res = await t.inject({
      method: 'DELETE',
      url: '/api/account',
      headers: user.auth,
      payload: { password: TEST_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    const gone = async (
      table: 'users' | 'sessions' | 'resumes' | 'favorites' | 'subscriptions' | 'credit_ledger',
      column: 'id' | 'user_id',
    ) => (await t.db.selectFrom(table).selectAll().where(column, '=', user.id).execute()).length;
    expect(await gone('users', 'id')).toBe(0);
    for (const table of ['sessions', 'resumes', 'favorites', 'subscriptions', 'credit_ledger'] as const)
      expect(await gone(table, 'user_id')).toBe(0);
    expect(await t.db.selectFrom('jobs').select('id').where('id', '=', draftId).executeTakeFirst()).toBeUndefined();
    const kept = await t.db
      .selectFrom('jobs')
      .select(['user_id', 'company_name'])
      .where('id', '=', publishedId)
      .executeTakeFirstOrThrow();
    expect(kept).toEqual({ user_id: null, company_name: 'Kept School' });
    const metrics = await t.db
      .selectFrom('job_metrics_daily')
      .select(['clicks', 'saves'])
      .where('job_id', '=', publishedId)
      .execute();
    expect(metrics.reduce((n, m) => n + m.clicks, 0)).toBe(1);
    expect(await t.db.selectFrom('favorites').select('user_id').where('job_id', '=', publishedId).execute()).toEqual([
      { user_id: fan.id },
    ]);
    // Its alerts go, and so do those made with its address before it signed up; no one else's.
    const alerts = await t.db.selectFrom('job_alerts').select(['user_id', 'email']).execute();
    expect(alerts).toEqual(
      expect.arrayContaining([
        { user_id: null, email: 'stranger@example.com' },
        { user_id: fan.id, email: null },
      ]),
    );
    expect(alerts).toHaveLength(2);
    expect(await t.db.selectFrom('applications').select('id').where('id', '=', applicationId).execute()).toEqual([]);
    expect(files().length).toBeLessThan(uploadsBefore.length);
    expect(files().some((f) => f.includes('private'))).toBe(false);
    expect((await t.inject({ method: 'GET', url: '/api/current_user', headers: user.auth })).statusCode).toBe(401);
    const log = lines.join('');
    expect(log).toContain('account_deleted');
    expect(log).not.toContain('leaving@example.com');
  });
});
