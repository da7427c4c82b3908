import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CurrentUser, ErrorBody } from '@teacheast/shared';
import { createTestApp, createUser, dialect, TEST_PASSWORD, type TestApp } from '../../../test/harness.js';
import { FORGOT_MESSAGE, REGISTER_MESSAGE } from './service.js';

let ipCounter = 0;
/** Each test speaks from its own address, so per-IP limits of one test don't leak into another. */
const nextIp = () => `10.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

describe(`accounts (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (url: string, payload: object, headers: Record<string, string> = {}, remoteAddress = nextIp()) =>
    t.inject({ method: 'POST', url, payload, headers, remoteAddress });

  async function registerAndConfirm(email: string, password = 'secret123') {
    const reg = await post('/api/register', { email, password });
    expect(reg.statusCode).toBe(201);
    const mail = await t.mailbox.waitFor(email, /Confirm your TeachEast account/);
    const token = mail.links.find((l) => l.includes('/confirmation/'))!.split('/confirmation/')[1]!;
    const conf = await post('/api/confirmation/', { token });
    expect(conf.statusCode).toBe(200);
    return token;
  }

  async function logIn(email: string, password: string, ip = nextIp()) {
    return post('/api/login', { email, password }, {}, ip);
  }

  describe('register', () => {
    it('creates an account, stores the e-mail lower-cased and mails a confirmation link', async () => {
      const res = await post('/api/register', { email: 'New.Teacher@Example.com', password: 'secret123' });
      expect(res.statusCode).toBe(201);
      expect(res.json()).toEqual({ message: REGISTER_MESSAGE });
      const row = await t.db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', 'new.teacher@example.com')
        .executeTakeFirst();
      expect(row?.confirmed_at).toBeNull();
      expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      const mail = await t.mailbox.waitFor('new.teacher@example.com', /Confirm/);
      expect(mail.links.some((l) => l.startsWith('http://teacheast.test/confirmation/'))).toBe(true);
    });

    it('answers a known e-mail exactly like a new one, and mails the owner instead', async () => {
      await createUser(t, 'known@example.com');
      const known = await post('/api/register', { email: 'known@example.com', password: 'whatever1' });
      const unknown = await post('/api/register', { email: 'unknown-reg@example.com', password: 'whatever1' });
      expect(known.statusCode).toBe(unknown.statusCode);
      expect(known.body).toBe(unknown.body);
      await t.mailbox.waitFor('known@example.com', /already have a TeachEast account/);
    });

    it.each([
      [{ email: '', password: 'secret123' }, 'email', 'Required'],
      [{ email: 'not-an-email', password: 'secret123' }, 'email', 'Invalid email address'],
      [{ email: 'a@b.co', password: '' }, 'password', 'Required'],
      [{ email: 'a@b.co', password: '12345' }, 'password', 'Must be at least 6 character'],
      [{ password: 'secret123' }, 'email', 'Required'],
    ])('refuses %j with 400 and the field message', async (payload, field, message) => {
      const res = await post('/api/register', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true, errorType: 'VALIDATION', fields: { [field]: message } });
    });

    it('refuses a filled honeypot and creates nothing', async () => {
      const res = await post('/api/register', {
        email: 'bot@example.com',
        password: 'secret123',
        password2: 'secret123',
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: true });
      const row = await t.db.selectFrom('users').select('id').where('email', '=', 'bot@example.com').executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it('limits sign-ups per IP', async () => {
      const ip = nextIp();
      const codes: number[] = [];
      for (let i = 0; i < 22; i++) {
        codes.push(
          (await post('/api/register', { email: `flood${i}@example.com`, password: 'secret123' }, {}, ip)).statusCode,
        );
      }
      expect(codes.slice(0, 20).every((c) => c === 201)).toBe(true);
      expect(codes.slice(20)).toEqual([429, 429]);
    });
  });

  describe('confirmation', () => {
    it('confirms once; the same link then fails', async () => {
      const token = await registerAndConfirm('confirm-once@example.com');
      const again = await post('/api/confirmation/', { token });
      expect(again.statusCode).toBe(400);
      expect(again.json()).toEqual({ error: true, message: 'This confirmation link is not valid or has expired.' });
    });

    it('refuses an expired link (24 h)', async () => {
      await post('/api/register', { email: 'late@example.com', password: 'secret123' });
      const mail = await t.mailbox.waitFor('late@example.com', /Confirm/);
      const token = mail.links[0]!.split('/confirmation/')[1]!;
      t.clock.advance(24 * 3_600_000 + 1);
      try {
        expect((await post('/api/confirmation/', { token })).statusCode).toBe(400);
      } finally {
        t.clock.advance(-(24 * 3_600_000 + 1));
      }
    });

    it('refuses an unknown token and a missing one', async () => {
      expect((await post('/api/confirmation/', { token: 'nope' })).statusCode).toBe(400);
      const missing = await post('/api/confirmation/', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json<ErrorBody>().fields).toEqual({ token: 'Required' });
    });
  });

  describe('login, current user and logout', () => {
    it('refuses an unconfirmed account with 403 only after checking the password', async () => {
      await post('/api/register', { email: 'unconfirmed@example.com', password: 'secret123' });
      const wrong = await logIn('unconfirmed@example.com', 'wrong-password');
      expect(wrong.statusCode).toBe(401);
      const right = await logIn('unconfirmed@example.com', 'secret123');
      expect(right.statusCode).toBe(403);
      expect(right.json()).toMatchObject({
        error: true,
        errorType: 'NOT_CONFIRMED',
        message: expect.stringMatching(/confirm/i) as string,
      });
      expect(right.headers['auth-token']).toBeUndefined();
    });

    it('logs in, returns the token in auth-token, and the token loads the current user', async () => {
      await registerAndConfirm('login@example.com');
      const res = await logIn('LOGIN@example.com', 'secret123');
      expect(res.statusCode).toBe(200);
      const token = String(res.headers['auth-token']);
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(res.json()).toEqual({
        currentUser: { uuid: expect.any(String) as string, email: 'login@example.com', subscriptionId: null },
      });
      // Stored hashed: the raw token is nowhere in the database.
      const stored = await t.db.selectFrom('sessions').select('token_hash').execute();
      expect(stored.some((s) => s.token_hash === token)).toBe(false);
      const me = await t.inject({
        method: 'GET',
        url: '/api/current_user',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.json<{ currentUser: CurrentUser }>().currentUser.email).toBe('login@example.com');
    });

    it('answers the anonymous caller and a bad token with 401', async () => {
      const anon = await t.inject({ method: 'GET', url: '/api/current_user' });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ error: true, message: 'You are not logged in' });
      const bad = await t.inject({
        method: 'GET',
        url: '/api/current_user',
        headers: { authorization: 'Bearer forged' },
      });
      expect(bad.statusCode).toBe(401);
    });

    it('gives the same status and body for a wrong password and an unknown e-mail', async () => {
      await createUser(t, 'exists@example.com');
      const wrong = await logIn('exists@example.com', 'not-the-password');
      const unknown = await logIn('nobody-here@example.com', 'not-the-password');
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(wrong.body).toBe(unknown.body);
    });

    it('expires sessions after SESSION_TTL_DAYS', async () => {
      const user = await createUser(t);
      t.clock.advance(31 * 86_400_000);
      try {
        const me = await t.inject({ method: 'GET', url: '/api/current_user', headers: user.auth });
        expect(me.statusCode).toBe(401);
      } finally {
        t.clock.advance(-31 * 86_400_000);
      }
    });

    it('logout revokes the token; anonymous logout is 401', async () => {
      const user = await createUser(t);
      const out = await t.inject({ method: 'POST', url: '/api/logout', headers: user.auth });
      expect(out.statusCode).toBe(200);
      expect((await t.inject({ method: 'GET', url: '/api/current_user', headers: user.auth })).statusCode).toBe(401);
      expect((await t.inject({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401);
    });

    it('refuses the honeypot on login', async () => {
      const user = await createUser(t);
      const res = await post('/api/login', { email: user.email, password: TEST_PASSWORD, password2: 'x' });
      expect(res.statusCode).toBe(400);
    });

    it('locks out after 10 failures per e-mail, whatever the IP, then answers 429', async () => {
      const user = await createUser(t, 'target@example.com');
      for (let i = 0; i < 10; i++) expect((await logIn(user.email, 'wrong-password')).statusCode).toBe(401);
      const locked = await logIn(user.email, TEST_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toMatchObject({
        error: true,
        errorType: 'RATE_LIMITED',
        message: expect.stringMatching(/15 minutes/) as string,
      });
      t.clock.advance(15 * 60_000 + 1);
      try {
        expect((await logIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
      } finally {
        t.clock.advance(-(15 * 60_000 + 1));
      }
    });

    it('checks at most 10 passwords of a flood at once: the other attempts get 429 without waiting', async () => {
      const user = await createUser(t, 'flooded@example.com');
      const ip = nextIp();
      const codes = await Promise.all(Array.from({ length: 50 }, () => logIn(user.email, 'wrong-password', ip)));
      expect(codes.filter((r) => r.statusCode === 401)).toHaveLength(10);
      expect(codes.filter((r) => r.statusCode === 429)).toHaveLength(40);
      // The refused attempts were taken back: the count is the ten failures, and the window still ends.
      expect(await t.deps.limiter.peek(`login:ip:${ip}`)).toBe(10);
      expect(await t.deps.limiter.peek('login:email:flooded@example.com')).toBe(10);
    });

    it('does not count a right password against the limit', async () => {
      const user = await createUser(t, 'careful@example.com');
      for (let i = 0; i < 9; i++) expect((await logIn(user.email, 'wrong-password')).statusCode).toBe(401);
      for (let i = 0; i < 3; i++) expect((await logIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
      expect((await logIn(user.email, 'wrong-password')).statusCode).toBe(401);
      expect((await logIn(user.email, TEST_PASSWORD)).statusCode).toBe(429);
    });

    it('locks out after 10 failures per IP, whatever the e-mail', async () => {
      const ip = nextIp();
      for (let i = 0; i < 10; i++)
        expect((await logIn(`spray${i}@example.com`, 'wrong-password', ip)).statusCode).toBe(401);
      const user = await createUser(t);
      expect((await logIn(user.email, TEST_PASSWORD, ip)).statusCode).toBe(429);
      expect((await logIn(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    });
  });

  describe('forgot and reset password', () => {
    it('answers known and unknown e-mails identically and mails only the known one', async () => {
      await createUser(t, 'forgetful@example.com');
      const known = await t.inject({
        method: 'GET',
        url: '/api/forgot-password?email=forgetful@example.com',
        remoteAddress: nextIp(),
      });
      const unknown = await t.inject({
        method: 'GET',
        url: '/api/forgot-password?email=ghost@example.com',
        remoteAddress: nextIp(),
      });
      expect(known.statusCode).toBe(200);
      expect(known.body).toBe(unknown.body);
      expect(known.json()).toEqual({ message: FORGOT_MESSAGE });
      await t.mailbox.waitFor('forgetful@example.com', /Reset your TeachEast password/);
      await t.deps.mail.flush();
      expect(t.mailbox.to('ghost@example.com')).toHaveLength(0);
    });

    it('validates the e-mail', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/forgot-password?email=nope' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().fields).toEqual({ email: 'Invalid email address' });
    });

    it('sets a new password once, revokes every session, and the new password logs in', async () => {
      const user = await createUser(t, 'reset-me@example.com');
      await t.inject({
        method: 'GET',
        url: '/api/forgot-password?email=reset-me@example.com',
        remoteAddress: nextIp(),
      });
      const mail = await t.mailbox.waitFor(user.email, /Reset/);
      const link = mail.links.find((l) => l.includes('/change-password/'))!;
      expect(link).toMatch(/^http:\/\/teacheast\.test\/change-password\//);
      const token = link.split('/change-password/')[1]!;

      const res = await post('/api/set-forgot-password', {
        password: 'brandnew1',
        confirmPassword: 'brandnew1',
        token,
      });
      expect(res.statusCode).toBe(200);
      expect((await t.inject({ method: 'GET', url: '/api/current_user', headers: user.auth })).statusCode).toBe(401);
      expect((await logIn(user.email, TEST_PASSWORD)).statusCode).toBe(401);
      expect((await logIn(user.email, 'brandnew1')).statusCode).toBe(200);

      const reuse = await post('/api/set-forgot-password', {
        password: 'another1',
        confirmPassword: 'another1',
        token,
      });
      expect(reuse.statusCode).toBe(400);
      expect((await logIn(user.email, 'another1')).statusCode).toBe(401);
    });

    it('refuses a reset link older than one hour', async () => {
      const user = await createUser(t, 'slow-reset@example.com');
      await t.inject({ method: 'GET', url: `/api/forgot-password?email=${user.email}`, remoteAddress: nextIp() });
      const token = (await t.mailbox.waitFor(user.email, /Reset/)).links[0]!.split('/change-password/')[1]!;
      t.clock.advance(3_600_001);
      try {
        expect(
          (await post('/api/set-forgot-password', { password: 'brandnew1', confirmPassword: 'brandnew1', token }))
            .statusCode,
        ).toBe(400);
      } finally {
        t.clock.advance(-3_600_001);
      }
    });

    it.each([
      [{ password: '12345', confirmPassword: '12345' }, 'password', 'Must be at least 6 characters in length'],
      [{ password: 'x'.repeat(23), confirmPassword: 'x'.repeat(23) }, 'password', 'No more than 22 characters'],
      [{ password: 'secret123', confirmPassword: 'secret124' }, 'confirmPassword', "Passwords don't match!"],
      [{ password: '', confirmPassword: '' }, 'password', 'Required'],
    ])('validates %j', async (body, field, message) => {
      const res = await post('/api/set-forgot-password', { ...body, token: 'whatever' });
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().fields?.[field]).toBe(message);
    });

    it('limits reset requests per e-mail', async () => {
      const codes: number[] = [];
      for (let i = 0; i < 6; i++) {
        codes.push(
          (
            await t.inject({
              method: 'GET',
              url: '/api/forgot-password?email=spam-me@example.com',
              remoteAddress: nextIp(),
            })
          ).statusCode,
        );
      }
      expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
    });
  });

  describe('contact', () => {
    it('stores the message and mails CONTACT_TO', async () => {
      const res = await post('/api/contact-us', {
        email: 'Parent@Example.com',
        subject: 'Hello',
        text: 'A question about jobs.',
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<{ message: string }>().message).toMatch(/sent/);
      const row = await t.db
        .selectFrom('contact_messages')
        .selectAll()
        .where('email', '=', 'parent@example.com')
        .executeTakeFirst();
      expect(row).toMatchObject({ subject: 'Hello', text: 'A question about jobs.' });
      const mail = await t.mailbox.waitFor('team@teacheast.test', /Hello/);
      expect(mail.text).toContain('A question about jobs.');
    });

    it.each([
      [{ email: 'a@b.co', subject: '', text: 'short' }, 'text', 'Must be at least 10 characters'],
      [{ email: 'a@b.co', subject: '' }, 'text', 'Required'],
      [{ email: 'nope', subject: '', text: 'long enough text' }, 'email', 'Invalid email address'],
      [{ subject: '', text: 'long enough text' }, 'email', 'Required'],
    ])('validates %j', async (body, field, message) => {
      const res = await post('/api/contact-us', body);
      expect(res.statusCode).toBe(400);
      expect(res.json<ErrorBody>().fields?.[field]).toBe(message);
    });

    it('limits messages per IP', async () => {
      const ip = nextIp();
      const codes: number[] = [];
      for (let i = 0; i < 11; i++) {
        codes.push(
          (
            await post(
              '/api/contact-us',
              { email: `c${i}@example.com`, subject: '', text: 'Hello there, friends' },
              {},
              ip,
            )
          ).statusCode,
        );
      }
      expect(codes.slice(0, 10).every((c) => c === 200)).toBe(true);
      expect(codes[10]).toBe(429);
    });
  });
});
