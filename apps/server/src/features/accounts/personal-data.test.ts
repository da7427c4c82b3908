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
    expect(other.json<AccountExport>().jobs).toEqual([]);
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
    expect(files().length).toBeLessThan(uploadsBefore.length);
    expect(files().some((f) => f.includes('private'))).toBe(false);
    expect((await t.inject({ method: 'GET', url: '/api/current_user', headers: user.auth })).statusCode).toBe(401);
    const log = lines.join('');
    expect(log).toContain('account_deleted');
    expect(log).not.toContain('leaving@example.com');
  });
});
