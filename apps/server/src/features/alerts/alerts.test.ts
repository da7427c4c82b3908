import { JOB_ALERTS_MAX, type JobAlert } from '@teacheast/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createDb } from '../../db/create-db.js';
import { createMailer } from '../../integrations/mail/mailer.js';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { sendDueAlerts } from './service.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;

describe(`job alerts (${dialect})`, () => {
  let t: TestApp;
  let ip = 0;
  /** Each request from its own address, so the per-address limit is met only where a test means it. */
  const from = () => ({ remoteAddress: `198.51.100.${(ip++ % 250) + 1}` });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  afterEach(async () => {
    await t.deps.mail.flush();
    t.mailbox.messages.length = 0;
    await t.db.deleteFrom('job_alerts').execute();
    await t.db.deleteFrom('jobs').execute();
  });

  const create = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: '/api/job-alerts', payload, headers, ...from() });

  async function anonymousAlert(email: string, search: Record<string, unknown> = { country: 'vietnam' }) {
    const res = await create({ frequency: 'daily', ...search, email });
    expect(res.statusCode).toBe(201);
    await t.deps.mail.flush();
    const mail = await t.mailbox.waitFor(email, /Confirm your TeachEast job alert/);
    const link = mail.links.find((l) => l.includes('/job-alerts/confirm/'))!;
    return { alert: res.json<{ alert: JobAlert }>().alert, token: link.split('/job-alerts/confirm/')[1]! };
  }

  async function send(options: { everyAlert?: boolean } = { everyAlert: true }) {
    const report = await sendDueAlerts(t.deps, options);
    await t.deps.mail.flush();
    return report;
  }

  const alertMails = (to: string) => t.mailbox.to(to).filter((m) => /new job/.test(m.subject));

  describe('creating', () => {
    it('with a session: on at once, for the account, whatever e-mail the body names', async () => {
      const user = await createUser(t);
      const res = await create(
        {
          country: 'vietnam',
          city: 'Hanoi',
          ageGroup: 'Adults',
          q: 'business',
          frequency: 'weekly',
          email: 'x@else.example',
        },
        user.auth,
      );
      expect(res.statusCode).toBe(201);
      const { alert } = res.json<{ alert: JobAlert }>();
      expect(alert).toMatchObject({
        country: 'vietnam',
        city: 'Hanoi',
        ageGroup: 'Adults',
        q: 'business',
        frequency: 'weekly',
        active: true,
      });
      const list = await t.inject({ method: 'GET', url: '/api/job-alerts', headers: user.auth });
      expect(list.json<{ alerts: JobAlert[] }>().alerts.map((a) => a.id)).toEqual([alert.id]);
      expect(list.headers['cache-control']).toBe('private, no-store');
      await t.deps.mail.flush();
      expect(t.mailbox.to('x@else.example')).toHaveLength(0);
    });

    it('without a session: needs an address, starts off, and starts once its mailed link is opened', async () => {
      const missing = await create({ country: 'vietnam', frequency: 'daily' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ errorType: 'VALIDATION', fields: { email: 'Required' } });

      const { alert, token } = await anonymousAlert('teacher@example.com');
      expect(alert.active).toBe(false);
      const confirmed = await t.inject({ method: 'POST', url: '/api/job-alerts/confirm', payload: { token } });
      expect(confirmed.statusCode).toBe(200);
      expect(confirmed.json()).toMatchObject({ alert: { id: alert.id, active: true } });
      const again = await t.inject({ method: 'POST', url: '/api/job-alerts/confirm', payload: { token } });
      expect(again.statusCode).toBe(404);
      const forged = await t.inject({
        method: 'POST',
        url: '/api/job-alerts/confirm',
        payload: { token: 'x'.repeat(43) },
      });
      expect(forged.statusCode).toBe(404);
    });

    it('answers an address the same whether it is new, known, or full, and mails a full one nothing', async () => {
      const shape = (body: { alert: JobAlert }) => ({ ...body.alert, id: '', createdAt: '' });
      const first = await create({ country: 'japan', frequency: 'daily', email: 'known@example.com' });
      const known = await create({ country: 'japan', frequency: 'daily', email: 'known@example.com' });
      const fresh = await create({ country: 'japan', frequency: 'daily', email: 'new@example.com' });
      expect([first, known, fresh].map((r) => r.statusCode)).toEqual([201, 201, 201]);
      expect(shape(known.json())).toEqual(shape(fresh.json()));
      for (let i = 2; i < JOB_ALERTS_MAX; i++) {
        expect((await create({ country: 'japan', frequency: 'daily', email: 'known@example.com' })).statusCode).toBe(
          201,
        );
      }
      await t.deps.mail.flush();
      expect(t.mailbox.to('known@example.com')).toHaveLength(JOB_ALERTS_MAX);
      const full = await create({ country: 'japan', frequency: 'daily', email: 'known@example.com' });
      expect(full.statusCode).toBe(201);
      expect(shape(full.json())).toEqual(shape(fresh.json()));
      await t.deps.mail.flush();
      expect(t.mailbox.to('known@example.com')).toHaveLength(JOB_ALERTS_MAX);
      const rows = await t.db.selectFrom('job_alerts').select('id').where('email', '=', 'known@example.com').execute();
      expect(rows).toHaveLength(JOB_ALERTS_MAX);
    });

    it(`refuses an account's ${JOB_ALERTS_MAX + 1}st alert`, async () => {
      const user = await createUser(t);
      for (let i = 0; i < JOB_ALERTS_MAX; i++) {
        expect((await create({ country: 'china', frequency: 'daily' }, user.auth)).statusCode).toBe(201);
      }
      const over = await create({ country: 'china', frequency: 'daily' }, user.auth);
      expect(over.statusCode).toBe(409);
      expect(over.json()).toMatchObject({ error: true, errorType: 'TOO_MANY_ALERTS' });
    });

    it('refuses searches the job search would refuse', async () => {
      for (const payload of [
        { country: 'atlantis', frequency: 'daily', email: 'a@example.com' },
        { country: 'japan', frequency: 'hourly', email: 'a@example.com' },
        { country: 'japan', ageGroup: 'Toddlers', frequency: 'daily', email: 'a@example.com' },
        { country: 'japan', q: 'x'.repeat(101), frequency: 'daily', email: 'a@example.com' },
        { country: 'japan', q: 'a\u0000b', frequency: 'daily', email: 'a@example.com' },
        { country: 'japan', frequency: 'daily', email: 'not-an-address' },
      ]) {
        const res = await create(payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json()).toMatchObject({ error: true });
      }
    });

    it('limits creation per client address and per e-mail address, 30 an hour each', async () => {
      const address = { remoteAddress: '203.0.113.9' };
      for (let i = 0; i < 30; i++) {
        const res = await t.inject({
          method: 'POST',
          url: '/api/job-alerts',
          payload: { country: 'japan', frequency: 'daily', email: `ip-${i}@example.com` },
          ...address,
        });
        expect(res.statusCode).toBe(201);
      }
      const flood = await t.inject({
        method: 'POST',
        url: '/api/job-alerts',
        payload: { country: 'japan', frequency: 'daily', email: 'ip-31@example.com' },
        ...address,
      });
      expect(flood.statusCode).toBe(429);
      expect(flood.json()).toMatchObject({ errorType: 'RATE_LIMITED' });
      await t.db.deleteFrom('job_alerts').execute();
      for (let i = 0; i < 30; i++) {
        expect((await create({ country: 'japan', frequency: 'weekly', email: 'one@example.com' })).statusCode).toBe(
          201,
        );
      }
      expect((await create({ country: 'japan', frequency: 'weekly', email: 'one@example.com' })).statusCode).toBe(429);
      t.clock.advance(HOUR + 1);
    });
  });

  describe('listing and deleting', () => {
    it('needs a session, and only the owner may delete (404 for anyone else)', async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      const { alert } = (await create({ country: 'japan', frequency: 'daily' }, owner.auth)).json<{
        alert: JobAlert;
      }>();
      expect((await t.inject({ method: 'GET', url: '/api/job-alerts' })).statusCode).toBe(401);
      expect((await t.inject({ method: 'DELETE', url: `/api/job-alerts/${alert.id}` })).statusCode).toBe(401);
      const list = await t.inject({ method: 'GET', url: '/api/job-alerts', headers: other.auth });
      expect(list.json()).toEqual({ alerts: [] });
      const stolen = await t.inject({ method: 'DELETE', url: `/api/job-alerts/${alert.id}`, headers: other.auth });
      expect(stolen.statusCode).toBe(404);
      expect(
        await t.db.selectFrom('job_alerts').select('id').where('id', '=', alert.id).executeTakeFirst(),
      ).toBeDefined();
      const bad = await t.inject({ method: 'DELETE', url: '/api/job-alerts/not-a-uuid', headers: owner.auth });
      expect(bad.statusCode).toBe(400);
      const gone = await t.inject({ method: 'DELETE', url: `/api/job-alerts/${alert.id}`, headers: owner.auth });
      expect(gone.statusCode).toBe(204);
      const after = await t.inject({ method: 'GET', url: '/api/job-alerts', headers: owner.auth });
      expect(after.json()).toEqual({ alerts: [] });
    });
  });

  describe('sending', () => {
    it('mails the new live jobs that match country, city, age group and keywords, once each', async () => {
      const user = await createUser(t);
      await create(
        { country: 'vietnam', city: 'Hanoi', ageGroup: 'Adults', q: 'business', frequency: 'daily' },
        user.auth,
      );
      // Published before the alert: not new to it.
      t.clock.advance(-HOUR);
      await createPublishedJob(t, null, {
        country: 'vietnam',
        city: 'Hanoi',
        age_group: 'Adults',
        title: 'Business English Old',
      });
      t.clock.advance(HOUR + 1000);
      const match = await createPublishedJob(t, null, {
        country: 'vietnam',
        city: 'Hanoi',
        age_group: 'Adults',
        title: 'Business English Trainer',
        company_name: 'Lotus Centre',
      });
      await createPublishedJob(t, null, {
        country: 'vietnam',
        city: 'Hanoi',
        age_group: 'Adults',
        title: 'Kindergarten Teacher',
      });
      await createPublishedJob(t, null, {
        country: 'vietnam',
        city: 'Da Nang',
        age_group: 'Adults',
        title: 'Business English',
      });
      await createPublishedJob(t, null, {
        country: 'vietnam',
        city: 'Hanoi',
        age_group: 'Children',
        title: 'Business English',
      });
      await createPublishedJob(t, null, {
        country: 'thailand',
        city: 'Bangkok',
        age_group: 'Adults',
        title: 'Business English',
      });
      await createPublishedJob(t, null, {
        country: 'vietnam',
        city: 'Hanoi',
        age_group: 'Adults',
        title: 'Business English Draft',
        published_at: null,
      });

      expect(await send()).toEqual({ mails: 1, jobs: 1 });
      const [mail] = alertMails(user.email);
      expect(mail!.subject).toBe('1 new job: “business” jobs in Hanoi, Vietnam, teaching adults');
      expect(mail!.text).toContain('Business English Trainer at Lotus Centre');
      expect(mail!.text).toContain('Hanoi, Vietnam · 300,000 JPY');
      expect(mail!.links).toContain(`${t.config.publicUrl}/posting/${match}`);
      expect(mail!.text).toContain('<a href=');

      // Nothing new: no mail; a new match later: only that one.
      expect(await send()).toEqual({ mails: 0, jobs: 0 });
      t.clock.advance(1000);
      await createPublishedJob(t, null, {
        country: 'vietnam',
        city: 'Hanoi',
        age_group: 'Adults',
        title: 'Business Writing Coach',
      });
      expect(await send()).toEqual({ mails: 1, jobs: 1 });
      expect(alertMails(user.email)[1]!.text).toContain('Business Writing Coach');
      expect(alertMails(user.email)[1]!.text).not.toContain('Business English Trainer');
    });

    it('never mails a job that has closed, and lists at most 20 with a link to the rest', async () => {
      const user = await createUser(t);
      await create({ country: 'japan', frequency: 'daily' }, user.auth);
      t.clock.advance(1000);
      await createPublishedJob(t, null, { country: 'japan', title: 'Closed Before Sending' });
      t.clock.advance(46 * DAY);
      expect(await send()).toEqual({ mails: 0, jobs: 0 });

      for (let i = 0; i < 25; i++) {
        t.clock.advance(1000);
        await createPublishedJob(t, null, { country: 'japan', title: `Teacher number ${i}` });
      }
      expect(await send()).toEqual({ mails: 1, jobs: 20 });
      const [mail] = alertMails(user.email);
      expect(mail!.subject).toMatch(/^20 new jobs/);
      expect(mail!.text).toContain('More new jobs like these: ');
      expect(mail!.text).toContain('Teacher number 24');
      expect(mail!.text).not.toContain('Teacher number 4\n');
      expect(mail!.text).not.toContain('Closed Before Sending');
    });

    it('mails a daily alert at most once a day and a weekly one once a week', async () => {
      const user = await createUser(t);
      await create({ country: 'taiwan', frequency: 'daily' }, user.auth);
      await create({ country: 'taiwan', city: 'Taipei', frequency: 'weekly' }, user.auth);
      const job = async () => {
        t.clock.advance(1000);
        await createPublishedJob(t, null, { country: 'taiwan', city: 'Taipei' });
      };
      await job();
      expect(await send({})).toEqual({ mails: 2, jobs: 2 });
      await job();
      t.clock.advance(HOUR);
      expect((await send({})).mails).toBe(0);
      t.clock.advance(DAY);
      expect(await send({})).toEqual({ mails: 1, jobs: 1 });
      t.clock.advance(6 * DAY);
      expect(await send({})).toEqual({ mails: 1, jobs: 1 });
    });

    it('reaches an alert behind more than a page of due alerts that have nothing new', async () => {
      const now = t.clock.now();
      const row = (id: string, email: string, country: string) => ({
        id,
        user_id: null,
        email,
        country,
        frequency: 'daily',
        created_at: now,
        confirmed_at: now,
        unsubscribed_at: null,
        new_since: now,
        last_mailed_at: null,
      });
      const idle = Array.from({ length: 250 }, (_, i) =>
        row(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`, `idle-${i}@example.com`, 'indonesia'),
      );
      for (let i = 0; i < idle.length; i += 50)
        await t.db
          .insertInto('job_alerts')
          .values(idle.slice(i, i + 50))
          .execute();
      await t.db
        .insertInto('job_alerts')
        .values(row('ffffffff-0000-4000-8000-000000000000', 'last@example.com', 'taiwan'))
        .execute();
      t.clock.advance(1000);
      await createPublishedJob(t, null, { country: 'taiwan', city: 'Tainan', title: 'Tainan Teacher' });
      expect(await send({})).toEqual({ mails: 1, jobs: 1 });
      expect(alertMails('last@example.com')).toHaveLength(1);
    });

    it('sends nothing for an alert not yet confirmed', async () => {
      const { token } = await anonymousAlert('waiting@example.com', { country: 'indonesia' });
      t.clock.advance(1000);
      await createPublishedJob(t, null, { country: 'indonesia', city: 'Jakarta' });
      expect(await send()).toEqual({ mails: 0, jobs: 0 });
      await t.inject({ method: 'POST', url: '/api/job-alerts/confirm', payload: { token } });
      t.clock.advance(1000);
      await createPublishedJob(t, null, { country: 'indonesia', city: 'Jakarta', title: 'After Confirming' });
      expect(await send()).toEqual({ mails: 1, jobs: 1 });
      expect(alertMails('waiting@example.com')[0]!.text).toContain('After Confirming');
    });

    it('two senders at once never mail one job twice to one alert', async () => {
      const users = await Promise.all(Array.from({ length: 6 }, () => createUser(t)));
      for (const user of users) await create({ country: 'south-korea', frequency: 'daily' }, user.auth);
      for (let i = 0; i < 5; i++) {
        t.clock.advance(1000);
        await createPublishedJob(t, null, { country: 'south-korea', city: 'Seoul', title: `Seoul job ${i}` });
      }
      // A second server: its own connections to the same database.
      const db2 = createDb(t.config.databaseUrl);
      const mail2 = createMailer({
        db: db2,
        smtpUrl: t.config.smtpUrl,
        from: t.config.mailFrom,
        log: t.deps.log,
        now: () => t.clock.now(),
      });
      try {
        const [a, b] = await Promise.all([
          sendDueAlerts(t.deps, { everyAlert: true }),
          sendDueAlerts({ ...t.deps, db: db2, mail: mail2 }, { everyAlert: true }),
        ]);
        await Promise.all([t.deps.mail.flush(), mail2.flush()]);
        expect(a.mails + b.mails).toBe(6);
        expect(a.jobs + b.jobs).toBe(30);
      } finally {
        await mail2.close();
        await db2.destroy();
      }
      for (const user of users) expect(alertMails(user.email), user.email).toHaveLength(1);
      const rows = await t.db.selectFrom('job_alert_jobs').select(['alert_id', 'job_id']).execute();
      expect(rows).toHaveLength(30);
    });

    it('loses no job and mails none twice when the sender stops between its steps', async () => {
      const user = await createUser(t);
      await create({ country: 'china', city: 'Shanghai', frequency: 'daily' }, user.auth);
      t.clock.advance(1000);
      await createPublishedJob(t, null, { country: 'china', city: 'Shanghai', title: 'Shanghai Lecturer' });

      // Stopped before the mail was stored: the rows of that transaction are gone with it.
      const failing = { ...t.deps.mail, store: () => Promise.reject(new Error('stopped')) };
      expect(await sendDueAlerts({ ...t.deps, mail: failing }, { everyAlert: true })).toEqual({ mails: 0, jobs: 0 });
      expect(await t.db.selectFrom('job_alert_jobs').selectAll().execute()).toHaveLength(0);

      // Stopped after the transaction, before SMTP: the mail waits in the outbox, and the next start sends it once.
      const stopped = { ...t.deps.mail, deliver: () => undefined };
      expect(await sendDueAlerts({ ...t.deps, mail: stopped }, { everyAlert: true })).toEqual({ mails: 1, jobs: 1 });
      expect(await send()).toEqual({ mails: 0, jobs: 0 });
      expect(alertMails(user.email)).toHaveLength(0);
      t.clock.advance(6 * 60_000);
      const restarted = createMailer({
        db: t.db,
        smtpUrl: t.config.smtpUrl,
        from: t.config.mailFrom,
        log: t.deps.log,
        now: () => t.clock.now(),
      });
      const other = createMailer({
        db: t.db,
        smtpUrl: t.config.smtpUrl,
        from: t.config.mailFrom,
        log: t.deps.log,
        now: () => t.clock.now(),
      });
      await Promise.all([restarted.sendLeftBehind(), other.sendLeftBehind()]);
      await Promise.all([restarted.close(), other.close()]);
      const mails = alertMails(user.email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toContain('Shanghai Lecturer');
      expect(mails[0]!.headers['list-unsubscribe']).toMatch(/^<http.*\/api\/job-alerts\/unsubscribe\?token=/);
    });
  });

  describe('unsubscribing', () => {
    async function mailedAlert(user: Awaited<ReturnType<typeof createUser>>, city: string) {
      await create({ country: 'thailand', city, frequency: 'daily' }, user.auth);
      t.clock.advance(1000);
      await createPublishedJob(t, null, { country: 'thailand', city, title: `${city} job` });
      await send();
      const mail = alertMails(user.email).find((m) => m.text.includes(`${city} job`))!;
      const unsubscribe = /^<(.*)>$/.exec(mail.headers['list-unsubscribe']!)![1]!;
      return { mail, url: unsubscribe.slice(t.config.publicUrl.length) };
    }

    it('carries one-click headers, and the link in its text', async () => {
      const user = await createUser(t);
      const { mail, url } = await mailedAlert(user, 'Bangkok');
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
      expect(mail.links).toContain(`${t.config.publicUrl}${url}`);
    });

    it('GET shows a page with a button and changes nothing; POST one-click stops only that alert', async () => {
      const user = await createUser(t);
      const bangkok = await mailedAlert(user, 'Bangkok');
      const phuket = await mailedAlert(user, 'Phuket');

      const page = await t.inject({ method: 'GET', url: bangkok.url });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('<button type="submit">Stop this alert</button>');
      expect(page.body).toContain('name="List-Unsubscribe" value="One-Click"');
      const active = async () =>
        (await t.inject({ method: 'GET', url: '/api/job-alerts', headers: user.auth }))
          .json<{ alerts: JobAlert[] }>()
          .alerts.map((a) => `${a.city}:${a.active}`)
          .sort();
      expect(await active()).toEqual(['Bangkok:true', 'Phuket:true']);

      const noBody = await t.inject({ method: 'POST', url: bangkok.url });
      expect(noBody.statusCode).toBe(400);
      expect(await active()).toEqual(['Bangkok:true', 'Phuket:true']);

      // No session, as a mail provider posts it.
      const oneClick = await t.inject({
        method: 'POST',
        url: bangkok.url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(oneClick.statusCode).toBe(200);
      expect(oneClick.body).toContain('Job alert stopped');
      expect(await active()).toEqual(['Bangkok:false', 'Phuket:true']);

      t.clock.advance(2 * DAY);
      await createPublishedJob(t, null, { country: 'thailand', city: 'Bangkok', title: 'Bangkok later' });
      await createPublishedJob(t, null, { country: 'thailand', city: 'Phuket', title: 'Phuket later' });
      await send();
      const texts = alertMails(user.email)
        .map((m) => m.text)
        .join('\n');
      expect(texts).toContain('Phuket later');
      expect(texts).not.toContain('Bangkok later');
      expect(phuket.url).not.toBe(bangkok.url);

      const unknown = await t.inject({ method: 'GET', url: '/api/job-alerts/unsubscribe?token=nothing-here' });
      expect(unknown.statusCode).toBe(404);
      const noToken = await t.inject({ method: 'GET', url: '/api/job-alerts/unsubscribe' });
      expect(noToken.statusCode).toBe(400);
    });
  });
});
