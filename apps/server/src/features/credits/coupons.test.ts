import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { createCoupons } from './coupons-service.js';

describe(`coupon sign-up (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const redeem = (code: string, email: string, extra: Record<string, string> = {}) =>
    t.inject({
      method: 'POST',
      url: '/api/coupon/create-account-with-job',
      remoteAddress: `10.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
      payload: { email, password: 'secret12', code, ...extra },
    });

  it('creates a confirmed account with its free job and logs it in', async () => {
    const [code] = await createCoupons(t.db, 1, t.clock.now());
    const res = await redeem(code!, 'New.School@Example.com');
    expect(res.statusCode).toBe(201);
    const body = res.json() as { message: string; currentUser: { uuid: string; email: string } };
    expect(body.currentUser).toMatchObject({ email: 'new.school@example.com', subscriptionId: null });
    const token = String(res.headers['auth-token']);
    const me = await t.inject({
      method: 'GET',
      url: '/api/current_user',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.json()).toMatchObject({ currentUser: { uuid: body.currentUser.uuid } });
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', body.currentUser.uuid)
      .executeTakeFirstOrThrow();
    expect(user.confirmed_at).not.toBeNull();
    const jobs = await t.inject({
      method: 'GET',
      url: `/api/jobs/unpublished/user/${user.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect((jobs.json() as { unpublishedJobs: unknown[] }).unpublishedJobs).toHaveLength(1);
    const credits = await t.inject({
      method: 'GET',
      url: `/api/credits/${user.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(credits.json()).toEqual({ credits: 0 });
    const login = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'new.school@example.com', password: 'secret12' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('redeems a code once under ten concurrent sign-ups', async () => {
    const [code] = await createCoupons(t.db, 1, t.clock.now());
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) => redeem(code!, `racer-${i}-${randomUUID().slice(0, 6)}@example.com`)),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    for (const r of results.filter((r) => r.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json()).toMatchObject({ message: 'This coupon has already been used.' });
    }
    const racers = await t.db.selectFrom('users').select('id').where('email', 'like', 'racer-%').execute();
    expect(racers).toHaveLength(1);
    const grants = await t.db
      .selectFrom('credit_ledger')
      .selectAll()
      .where('reason', '=', 'coupon')
      .where('reference', '=', code!)
      .execute();
    expect(grants).toHaveLength(1);
  });

  it('refuses an unknown code, a used code, a taken e-mail and a filled honeypot, changing nothing', async () => {
    const unknown = await redeem(randomUUID(), 'a@example.com');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ error: true, message: expect.stringContaining('not valid') as string });

    const [code] = await createCoupons(t.db, 1, t.clock.now());
    const existing = await createUser(t);
    const taken = await redeem(code!, existing.email);
    expect(taken.statusCode).toBe(409);
    const bot = await redeem(code!, 'bot@example.com', { password2: 'filled' });
    expect(bot.statusCode).toBe(400);
    const coupon = await t.db.selectFrom('coupons').selectAll().where('code', '=', code!).executeTakeFirstOrThrow();
    expect(coupon.redeemed_at).toBeNull();
    expect(await t.db.selectFrom('users').select('id').where('email', '=', 'bot@example.com').execute()).toHaveLength(
      0,
    );
  });

  it('rate limits sign-ups per IP', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await t.inject({
        method: 'POST',
        url: '/api/coupon/create-account-with-job',
        remoteAddress: '192.0.2.77',
        payload: { email: `limit-${i}@example.com`, password: 'secret12', code: randomUUID() },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 404)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
