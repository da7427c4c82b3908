// Passwords, tokens and reset links never reach the logs, at the most verbose level.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendDueAlerts } from '../../src/features/alerts/service.js';
import { createPublishedJob, createTestApp, dialect, type TestApp } from '../harness.js';

describe(`secrets stay out of the logs (${dialect})`, () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => t.close());

  it('logs requests of the account and payment flows without any secret', async () => {
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

    // A payment: the card number and the client secret must not be logged either, even when declined.
    const login2 = await t.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'NewSecret-9' } });
    const auth = { authorization: `Bearer ${String(login2.headers['auth-token'])}` };
    secrets.push(String(login2.headers['auth-token']));
    const me = (login2.json() as { currentUser: { uuid: string } }).currentUser.uuid;
    const intent = await t.inject({
      method: 'POST',
      url: '/api/payments-jobs/',
      headers: auth,
      payload: { quantity: 'one', userUuid: me },
    });
    const clientSecret = (intent.json() as { client_secret: string }).client_secret;
    secrets.push(clientSecret, '4000000000000002', '4000 0000 0000 0002', '4242424242424242', '4242 4242 4242 4242');
    const declined = await t.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: auth,
      payload: { client_secret: clientSecret, card: { number: '4000 0000 0000 0002', exp: '12/34', cvc: '123' } },
    });
    expect(declined.statusCode).toBe(402);
    const paid = await t.inject({
      method: 'POST',
      url: '/api/test-payments/confirm',
      headers: auth,
      payload: { client_secret: clientSecret, card: { number: '4242 4242 4242 4242', exp: '12/34', cvc: '123' } },
    });
    expect(paid.statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('/api/test-payments/confirm');
    expect(log).toContain('/api/login'); // the requests were logged at all
    expect(log).toContain('/confirmation/[redacted]');
    for (const secret of secrets) expect(log).not.toContain(secret);
    expect(log).not.toMatch(/authorization/i);
    expect(log).not.toContain(email); // the forgot-password query string is dropped
  });

  it('logs the job alert confirmation and unsubscribe requests without their tokens', async () => {
    const email = 'alerted@example.com';
    const created = await t.inject({
      method: 'POST',
      url: '/api/job-alerts',
      payload: { country: 'thailand', frequency: 'daily', email },
    });
    expect(created.statusCode).toBe(201);
    const confirmLink = (await t.mailbox.waitFor(email, /Confirm your TeachEast job alert/)).links.find((l) =>
      l.includes('/job-alerts/confirm/'),
    )!;
    const confirmToken = confirmLink.split('/job-alerts/confirm/')[1]!;
    // The web app's page for the link, then the page's POST.
    await t.inject({ method: 'GET', url: `/job-alerts/confirm/${confirmToken}` });
    const confirmed = await t.inject({
      method: 'POST',
      url: '/api/job-alerts/confirm',
      payload: { token: confirmToken },
    });
    expect(confirmed.statusCode).toBe(200);

    t.clock.advance(1000);
    await createPublishedJob(t, null, { country: 'thailand', title: 'Vientiane Teacher' });
    await sendDueAlerts(t.deps, { everyAlert: true });
    await t.deps.mail.flush();
    const alertMail = await t.mailbox.waitFor(email, /new job/);
    const unsubscribeUrl = /^<(.*)>$/
      .exec(alertMail.headers['list-unsubscribe']!)![1]!
      .slice(t.config.publicUrl.length);
    const unsubscribeToken = new URL(unsubscribeUrl, 'http://x').searchParams.get('token')!;
    await t.inject({ method: 'GET', url: unsubscribeUrl });
    const stopped = await t.inject({
      method: 'POST',
      url: unsubscribeUrl,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.statusCode).toBe(200);

    const log = lines.join('');
    expect(log).toContain('/job-alerts/confirm/[redacted]');
    expect(log).toContain('/api/job-alerts/unsubscribe'); // the requests were logged at all
    for (const secret of [confirmToken, unsubscribeToken]) {
      expect(secret.length).toBeGreaterThan(20);
      expect(log).not.toContain(secret);
      expect(log).not.toContain(encodeURIComponent(secret));
    }
  });
});
