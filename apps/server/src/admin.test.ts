import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCompleteDraft } from './features/jobs/test-factories.js';
import { COMPLETE_DETAILS, imageDataUrl, pdfDataUrl } from './features/resumes/test-factories.js';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../test/harness.js';
import { AdminUsageError, runAdmin } from './admin.js';

describe(`admin command (${dialect})`, () => {
  let t: TestApp;
  let lines: string[];
  const run = (...args: string[]) =>
    runAdmin(args, {
      db: t.db,
      config: t.config,
      mail: t.deps.mail,
      blobs: t.deps.blobs,
      now: () => t.clock.now(),
      out: (l) => lines.push(l),
      log: t.deps.log,
    });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('creates coupons and prints their sign-up links', async () => {
    lines = [];
    expect(await run('coupons', 'create', '3')).toBe(0);
    expect(lines).toHaveLength(3);
    for (const line of lines)
      expect(line).toMatch(/^([0-9a-f-]{36}) {2}http:\/\/teacheast\.test\/special-register\/\1$/);
    const codes = lines.map((l) => l.split(' ')[0]!);
    expect(await t.db.selectFrom('coupons').select('code').where('code', 'in', codes).execute()).toHaveLength(3);
  });

  it('lists contact messages', async () => {
    await t.db
      .insertInto('contact_messages')
      .values({ email: 'x@example.com', subject: 'Hello', text: 'A question about posting', created_at: t.clock.now() })
      .execute();
    lines = [];
    expect(await run('contact', 'list')).toBe(0);
    expect(lines.join('\n')).toContain('x@example.com');
    expect(lines.join('\n')).toContain('A question about posting');
  });

  it('shows control characters in contact messages escaped, so they cannot drive the terminal', async () => {
    await t.db
      .insertInto('contact_messages')
      .values({
        email: 'evil@example.com',
        subject: 'Hi\u001b]0;owned\u0007',
        text: 'Line one\u001b[2J\u001b[1;1HFake line\rOverwrite\u202etxt.exe\nSecond line\u009b',
        created_at: t.clock.now() + 1,
      })
      .execute();
    lines = [];
    expect(await run('contact', 'list', '1')).toBe(0);
    const output = lines.join('\n');
    // eslint-disable-next-line no-control-regex -- asserting no control character survives
    expect(output).not.toMatch(/[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u202e]/);
    expect(output).toContain('Hi\\u001b]0;owned\\u0007');
    expect(output).toContain('Line one\\u001b[2J\\u001b[1;1HFake line\\u000dOverwrite\\u202etxt.exe');
    expect(output).toContain('  Second line\\u009b');
  });

  it('takes a job down for good: off the board, reason kept, not republishable, drafts untouched', async () => {
    const owner = await createUser(t);
    const id = await createPublishedJob(t, owner.id, { country: 'japan', city: 'Osaka' });
    const draft = await createCompleteDraft(t, owner);
    const search = async () =>
      (await t.inject({ method: 'GET', url: '/api/filter-jobs?country=japan&page=1' })).json<{
        results: { uuid: string }[];
      }>().results;
    expect((await search()).map((j) => j.uuid)).toContain(id);
    lines = [];
    expect(await run('jobs', 'unpublish', id, 'Misleading', 'pay')).toBe(0);
    expect(lines.join('\n')).toContain('Misleading pay');
    const row = await t.db
      .selectFrom('jobs')
      .select(['published_at', 'taken_down_at', 'taken_down_reason'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ taken_down_reason: 'Misleading pay', taken_down_at: t.clock.now() });
    expect(row.published_at).not.toBeNull();
    expect((await search()).map((j) => j.uuid)).not.toContain(id);
    // Its owner can neither publish it again nor relist it.
    for (const url of [`/api/job/publish/${id}/${owner.id}`, `/api/jobs/relist/${id}/${owner.id}`]) {
      const res = await t.inject({ method: 'POST', url, headers: owner.auth, payload: { userUuid: owner.id } });
      expect(res.statusCode, url).toBe(409);
      expect(res.json(), url).toMatchObject({ error: true, errorType: 'JOB_TAKEN_DOWN' });
    }
    // The owner's draft is as it was, and it is still their one draft.
    const drafts = await t.db
      .selectFrom('jobs')
      .select('id')
      .where('user_id', '=', owner.id)
      .where('published_at', 'is', null)
      .execute();
    expect(drafts.map((d) => d.id)).toEqual([draft]);
    // A draft or an unknown job cannot be taken down.
    expect(await run('jobs', 'unpublish', draft)).toBe(1);
    expect(await run('jobs', 'unpublish', '00000000-0000-4000-8000-000000000000')).toBe(1);
  });

  it('deletes a user with their jobs', async () => {
    const owner = await createUser(t, 'leaving@example.com');
    const id = await createPublishedJob(t, owner.id);
    lines = [];
    expect(await run('users', 'delete', 'Leaving@Example.com')).toBe(0);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', owner.id).execute()).toHaveLength(0);
    expect(await t.db.selectFrom('jobs').select('id').where('id', '=', id).execute()).toHaveLength(0);
    expect(await run('users', 'delete', 'leaving@example.com')).toBe(1);
  });

  it('deletes a user with the same path as the account page: resume photo and PDF files, drafts, queued mail', async () => {
    const owner = await createUser(t, 'closing@example.com');
    const other = await createUser(t, 'staying@example.com');
    const files = () =>
      fs
        .readdirSync(t.mediaDir, { recursive: true })
        .map(String)
        .filter((f) => path.extname(f))
        .sort();
    const before = files();
    const draft = await createCompleteDraft(t, owner);
    await t.inject({
      method: 'PUT',
      url: `/api/post-resume/details/${owner.id}`,
      headers: owner.auth,
      payload: COMPLETE_DETAILS,
    });
    for (const [part, payload] of [
      ['profile-image', { profileImage: await imageDataUrl('png', 200, 200) }],
      ['resume', { resumeUrl: pdfDataUrl() }],
    ] as const) {
      const res = await t.inject({
        method: 'PATCH',
        url: `/api/post-resume/${part}/${owner.id}`,
        headers: owner.auth,
        payload,
      });
      expect(res.statusCode).toBe(200);
    }
    await t.inject({ method: 'GET', url: '/api/forgot-password?email=closing@example.com' });
    await t.inject({ method: 'GET', url: '/api/forgot-password?email=staying@example.com' });
    await t.deps.mail.flush();
    const uploaded = files().filter((f) => !before.includes(f));
    expect(uploaded.length).toBeGreaterThanOrEqual(4); // the photo, the PDF, the draft's header and photos
    const otherFiles = files();

    lines = [];
    expect(await run('users', 'delete', 'closing@example.com')).toBe(0);
    expect(files().filter((f) => uploaded.includes(f))).toEqual([]);
    expect(files()).toEqual(otherFiles.filter((f) => !uploaded.includes(f)));
    expect(await t.db.selectFrom('resumes').select('id').where('user_id', '=', owner.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('jobs').select('id').where('id', '=', draft).execute()).toEqual([]);
    const outbox = await t.db.selectFrom('mail_outbox').select('to_address').execute();
    expect(outbox.map((m) => m.to_address)).not.toContain('closing@example.com');
    expect(outbox.map((m) => m.to_address)).toContain('staying@example.com');
    expect(await t.db.selectFrom('users').select('id').where('id', '=', other.id).execute()).toHaveLength(1);
  });

  it('sends every job alert with new jobs, whatever its frequency, and says how many mails went', async () => {
    const user = await createUser(t);
    const weekly = await t.inject({
      method: 'POST',
      url: '/api/job-alerts',
      headers: user.auth,
      payload: { country: 'taiwan', city: 'Taichung City', frequency: 'weekly' },
    });
    expect(weekly.statusCode).toBe(201);
    t.clock.advance(1000);
    await createPublishedJob(t, null, {
      country: 'taiwan',
      city: 'Taichung City',
      title: 'Taichung Cram School Teacher',
    });
    lines = [];
    expect(await run('alerts', 'send')).toBe(0);
    expect(lines).toEqual(['1 job alert mail sent, listing 1 jobs.']);
    const mail = await t.mailbox.waitFor(user.email, /new job/);
    expect(mail.text).toContain('Taichung Cram School Teacher');
    lines = [];
    expect(await run('alerts', 'send')).toBe(0);
    expect(lines).toEqual(['0 job alert mails sent, listing 0 jobs.']);
  });

  it('explains bad usage', async () => {
    await expect(run('coupons', 'create', 'many')).rejects.toBeInstanceOf(AdminUsageError);
    await expect(run('nonsense')).rejects.toBeInstanceOf(AdminUsageError);
  });
  it('makes an account an operator and takes the role away, each change in the audit log', async () => {
    const user = await createUser(t, 'future-operator@example.com');
    const queue = () => t.inject({ method: 'GET', url: '/api/operator/verifications', headers: user.auth });
    const auditOf = () =>
      t.db
        .selectFrom('audit_log')
        .select(['actor_id', 'actor_email', 'action', 'subject_kind', 'subject_id'])
        .where('subject_id', '=', user.id)
        .orderBy('at')
        .orderBy('id')
        .execute();
    expect((await queue()).statusCode).toBe(404);
    lines = [];
    expect(await run('operators', 'add', 'Future-Operator@Example.com')).toBe(0);
    expect(lines).toEqual(['future-operator@example.com is now an operator.']);
    expect((await queue()).statusCode).toBe(200);
    lines = [];
    expect(await run('operators', 'add', 'future-operator@example.com')).toBe(0);
    expect(lines).toEqual(['future-operator@example.com is already an operator.']);
    t.clock.advance(1);
    lines = [];
    expect(await run('operators', 'remove', 'future-operator@example.com')).toBe(0);
    expect(lines).toEqual(['future-operator@example.com is no longer an operator.']);
    expect((await queue()).statusCode).toBe(404);
    lines = [];
    expect(await run('operators', 'remove', 'future-operator@example.com')).toBe(0);
    expect(lines).toEqual(['future-operator@example.com is not an operator.']);
    // Only the changes are logged, by the command (no account acted).
    const command = { actor_id: null, actor_email: 'admin command', subject_kind: 'user', subject_id: user.id };
    expect(await auditOf()).toEqual([
      { ...command, action: 'operator.add' },
      { ...command, action: 'operator.remove' },
    ]);
    lines = [];
    expect(await run('operators', 'add', 'nobody-here@example.com')).toBe(1);
    expect(lines).toEqual(['No user nobody-here@example.com.']);
    await expect(run('operators', 'add')).rejects.toBeInstanceOf(AdminUsageError);
    await expect(run('operators', 'promote', 'future-operator@example.com')).rejects.toBeInstanceOf(AdminUsageError);
  });
});
