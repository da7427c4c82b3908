// Password reset under attack: bad tokens are limited per address and per token, password hashing is
// capped server-wide (503 + Retry-After past the queue), and a used link revokes its siblings.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { AppError } from '../../errors.js';
import { HASH_QUEUE, HASH_SLOTS, hashPassword, verifyPassword } from './passwords.js';

// argon2's hash as it is, except that a test may hold every hash at a gate: the slots and the queue
// then stay taken for as long as the test needs, whatever the machine's speed.
const gate = vi.hoisted(() => ({ closed: null as Promise<void> | null }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  return {
    ...argon2,
    hash: async (...args: Parameters<typeof argon2.hash>) => {
      await gate.closed;
      return argon2.hash(...args);
    },
  };
});

describe(`password reset limits (${dialect})`, () => {
  let t: TestApp;
  let ip = 0;
  const nextIp = () => `198.51.100.${++ip}`;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const reset = (token: string, remoteAddress = nextIp(), password = 'brand-new-pass1') =>
    t.inject({
      method: 'POST',
      url: '/api/set-forgot-password',
      remoteAddress,
      payload: { token, password, confirmPassword: password },
    });

  async function resetLinks(email: string): Promise<string[]> {
    await t.inject({ method: 'GET', url: `/api/forgot-password?email=${email}`, remoteAddress: nextIp() });
    await t.deps.mail.flush();
    return t.mailbox.messages
      .filter((m) => m.to.includes(email))
      .flatMap((m) => m.links)
      .filter((l) => l.includes('/change-password/'))
      .map((l) => l.split('/').pop()!);
  }

  it('a successful reset revokes every other outstanding reset link of that user', async () => {
    const user = await createUser(t, 'twice@example.com');
    await resetLinks(user.email);
    const [first, second] = await resetLinks(user.email);
    expect(first && second && first !== second).toBe(true);
    expect((await reset(second!)).statusCode).toBe(200);
    const old = await reset(first!);
    expect(old.statusCode).toBe(400);
    expect(old.json()).toMatchObject({
      error: true,
      message: expect.stringMatching(/not valid or has expired/) as string,
    });
  });

  it('refuses bad tokens from one address after 20 an hour', async () => {
    const address = nextIp();
    for (let i = 0; i < 20; i++) expect((await reset(`bad-${i}`, address)).statusCode).toBe(400);
    const refused = await reset('bad-21', address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: true, errorType: 'RATE_LIMITED' });
  });

  it('refuses a token tried from many addresses after 5 tries', async () => {
    for (let i = 0; i < 5; i++) expect((await reset('one-token-many-hands')).statusCode).toBe(400);
    expect((await reset('one-token-many-hands')).statusCode).toBe(429);
  });

  it('checks the password of an account deletion at most 5 times an hour per user', async () => {
    const user = await createUser(t);
    const attempt = (password: string) =>
      t.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: user.auth,
        remoteAddress: nextIp(),
        payload: { password },
      });
    for (let i = 0; i < 5; i++) expect((await attempt(`guess-${i}-password`)).statusCode).toBe(403);
    const refused = await attempt('password1');
    expect(refused.statusCode).toBe(429);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', user.id).execute()).toHaveLength(1);
  });

  it('caps password hashes server-wide: past the queue the caller is told to come back', async () => {
    const attempts = HASH_SLOTS + HASH_QUEUE + 6;
    const results = await Promise.allSettled(Array.from({ length: attempts }, () => hashPassword('some-password-1')));
    const refused = results.filter((r) => r.status === 'rejected');
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(HASH_SLOTS + HASH_QUEUE);
    expect(refused).toHaveLength(6);
    const err = (refused[0] as PromiseRejectedResult).reason as AppError;
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ status: 503, errorType: 'BUSY', retryAfterSeconds: 5 });
    // Over HTTP: while every slot and the queue are taken, a log-in is told to come back with 503,
    // Retry-After and the error body; once they drain it is answered again. The slots and the queue
    // are held at the gate (a burst of log-ins alone reaches the hash at the pace of its database
    // reads, and real hashes drain the queue meanwhile), after the unknown e-mail's dummy hash is made.
    await verifyPassword(null, 'wrong-password');
    let open = () => {};
    gate.closed = new Promise<void>((resolve) => (open = resolve));
    const holding = Array.from({ length: HASH_SLOTS + HASH_QUEUE }, () => hashPassword('some-password-1'));
    const login = (i: number) =>
      t.inject({
        method: 'POST',
        url: '/api/login',
        remoteAddress: nextIp(),
        payload: { email: `burst${i}@example.com`, password: 'wrong-password' },
      });
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => login(i))).finally(() => {
      gate.closed = null;
      open();
    });
    await Promise.all(holding);
    expect(answers.map((a) => a.statusCode)).toEqual([503, 503, 503, 503, 503, 503]);
    expect(answers[0]!.headers['retry-after']).toBe('5');
    expect(answers[0]!.json()).toMatchObject({ error: true, errorType: 'BUSY' });
    expect((await login(6)).statusCode).toBe(401);
  });
});
