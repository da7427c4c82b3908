// Passwords, tokens and reset links never reach the logs, at the most verbose level.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../harness.js';

describe(`secrets stay out of the logs (${dialect})`, () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => t.close());

  it('logs requests of the account flows without any secret', async () => {
    const email = 'secretive@example.com';
    const password = 'Sup3r-Secret-Pw';
    const secrets: string[] = [password];

    await t.inject({ method: 'POST', url: '/api/register', payload: { email, password } });
    const confirmLink = (await t.mailbox.waitFor(email, /Confirm/)).links[0]!;
    const confirmToken = confirmLink.split('/confirmation/')[1]!;
    secrets.push(confirmToken);
    await t.inject({ method: 'POST', url: '/api/confirmation/', payload: { token: confirmToken } });
    // The web app's own page for the link is requested too, with the token in its path.
    await t.inject({ method: 'GET', url: `/confirmation/${confirmToken}` });

    const login = await t.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
    const session = String(login.headers['auth-token']);
    secrets.push(session);
    await t.inject({ method: 'GET', url: '/api/current_user', headers: { authorization: `Bearer ${session}` } });
    await t.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Wrong-Password-1' } });
    secrets.push('Wrong-Password-1');

    await t.inject({ method: 'GET', url: `/api/forgot-password?email=${email}` });
    const resetToken = (await t.mailbox.waitFor(email, /Reset/)).links[0]!.split('/change-password/')[1]!;
    secrets.push(resetToken);
    await t.inject({ method: 'GET', url: `/change-password/${resetToken}` });
    await t.inject({
      method: 'POST',
      url: '/api/set-forgot-password',
      payload: { token: resetToken, password: 'NewSecret-9', confirmPassword: 'NewSecret-9' },
    });
    secrets.push('NewSecret-9');
    await t.deps.mail.flush();

    const log = lines.join('');
    expect(log).toContain('/api/login'); // the requests were logged at all
    expect(log).toContain('/confirmation/[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/authorization/i);
    expect(log).not.toContain(email); // the forgot-password query string is dropped
  });
});
