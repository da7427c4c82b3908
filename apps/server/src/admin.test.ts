import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../test/harness.js';
import { AdminUsageError, runAdmin } from './admin.js';

describe(`admin command (${dialect})`, () => {
  let t: TestApp;
  let lines: string[];
  const run = (...args: string[]) =>
    runAdmin(args, {
      db: t.db,
      config: t.config,
      blobs: t.deps.blobs,
      now: () => t.clock.now(),
      out: (l) => lines.push(l),
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

  it('unpublishes a job', async () => {
    const owner = await createUser(t);
    const id = await createPublishedJob(t, owner.id);
    lines = [];
    expect(await run('jobs', 'unpublish', id)).toBe(0);
    const row = await t.db.selectFrom('jobs').select('published_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.published_at).toBeNull();
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

  it('explains bad usage', async () => {
    await expect(run('coupons', 'create', 'many')).rejects.toBeInstanceOf(AdminUsageError);
    await expect(run('nonsense')).rejects.toBeInstanceOf(AdminUsageError);
  });
});
