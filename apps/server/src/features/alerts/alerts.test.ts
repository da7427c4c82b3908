import { JOB_ALERTS_MAX, type JobAlert } from '@teacheast/shared';
import { performance } from 'node:perf_hooks';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createDb } from '../../db/create-db.js';
import { createMailer } from '../../integrations/mail/mailer.js';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { isOneClickBody } from './one-click.js';
import {
  CONFIRMATIONS_PER_DOMAIN_PER_HOUR,
  CONFIRMATIONS_PER_HOUR,
  UNSUBSCRIBES_PER_ADDRESS_PER_MINUTE,
  sendDueAlerts,
  startAlertSender,
} from './service.js';

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
    // Every rate limit counts by the hour at most: each test starts with none of them used.
    t.clock.advance(HOUR + 1);
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
      const rows = await t.db.selectFrom('job_alerts').select('id').where('user_id', '=', user.id).execute();
      expect(rows).toHaveLength(JOB_ALERTS_MAX);
      // The cap is each account's own: another account's first alert is made.
      const other = await createUser(t);
      const first = await create({ country: 'japan', city: 'Tokyo', q: 'phonics', frequency: 'weekly' }, other.auth);
      expect(first.statusCode).toBe(201);
      expect(first.json()).toMatchObject({
        alert: { country: 'japan', city: 'Tokyo', q: 'phonics', frequency: 'weekly', active: true },
      });
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
          // Each at its own domain, so only the limit per client address is met.
          payload: { country: 'japan', frequency: 'daily', email: `ip-${i}@school-${i}.example` },
          ...address,
        });
        expect(res.statusCode).toBe(201);
      }
      const flood = await t.inject({
        method: 'POST',
        url: '/api/job-alerts',
        payload: { country: 'japan', frequency: 'daily', email: 'ip-31@school-31.example' },
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

    it("refuses a city that is not on the country's list, naming the field", async () => {
      for (const city of ['Hanoi', 'Tokyo\nClick https://evil.example to claim your prize', 'Atlantis']) {
        const res = await create({ country: 'japan', city, frequency: 'daily', email: 'city@example.com' });
        expect(res.statusCode, city).toBe(400);
        expect(res.json(), city).toMatchObject({
          error: true,
          errorType: 'VALIDATION',
          fields: { city: 'Choose a city from the list' },
        });
      }
      const listed = await create({ country: 'japan', city: 'Tokyo', frequency: 'daily', email: 'city@example.com' });
      expect(listed.statusCode).toBe(201);
      expect(await t.db.selectFrom('job_alerts').select('city').execute()).toEqual([{ city: 'Tokyo' }]);
    });

    it('takes keywords only as one line of printable text', async () => {
      for (const q of [
        'english\nVisit https://evil.example',
        'a\rb',
        'tab\there',
        'next\u0085line',
        'line\u2028sep',
        'bidi\u202Eevil',
        'esc\u001b[31m',
      ]) {
        const res = await create({ country: 'japan', q, frequency: 'daily', email: 'keywords@example.com' });
        expect(res.statusCode, JSON.stringify(q)).toBe(400);
        expect(res.json(), JSON.stringify(q)).toMatchObject({
          errorType: 'VALIDATION',
          fields: { q: 'Keywords must be one line of letters, numbers and punctuation' },
        });
      }
      const ok = await create({
        country: 'japan',
        q: '"business english" -kids, IELTS 7.0',
        frequency: 'daily',
        email: 'keywords@example.com',
      });
      expect(ok.statusCode).toBe(201);
      await t.deps.mail.flush();
      expect(t.mailbox.to('keywords@example.com')).toHaveLength(1);
    });

    it('names the search in the confirmation mail from the lists alone, never with the typed keywords', async () => {
      await create({
        country: 'vietnam',
        city: 'Hanoi',
        ageGroup: 'Adults',
        q: 'Your account is locked: call +1 555 0100 or visit evil.example/login',
        frequency: 'weekly',
        email: 'stranger@example.com',
      });
      await create({ country: 'china', frequency: 'daily', email: 'plain@example.com' });
      await t.deps.mail.flush();
      const [withWords] = t.mailbox.to('stranger@example.com');
      expect(withWords!.text).toContain(
        'Jobs matching your keywords in Hanoi, Vietnam, teaching adults, mailed weekly.',
      );
      for (const typed of ['locked', '555', 'evil', 'account']) expect(withWords!.text).not.toContain(typed);
      expect(withWords!.links.every((l) => l.startsWith(`${t.config.publicUrl}/job-alerts/confirm/`))).toBe(true);
      const [plain] = t.mailbox.to('plain@example.com');
      expect(plain!.text).toContain('Teaching jobs in China, mailed daily.');
      expect(plain!.text).not.toContain('keywords');
    });

    it('counts sub-addresses and Gmail dots as one address for its caps and limits, and mails each as typed', async () => {
      // A full address stays full whatever tag or dots are added to it.
      for (let i = 0; i < JOB_ALERTS_MAX; i++) {
        expect(
          (await create({ country: 'japan', frequency: 'daily', email: `jane+${i}@example.com` })).statusCode,
        ).toBe(201);
      }
      await t.deps.mail.flush();
      for (let i = 0; i < JOB_ALERTS_MAX; i++)
        expect(t.mailbox.to(`jane+${i}@example.com`), `jane+${i}`).toHaveLength(1);
      for (const email of ['jane@example.com', 'jane+more@example.com', 'JANE+x@Example.COM']) {
        const res = await create({ country: 'japan', frequency: 'daily', email });
        expect(res.statusCode, email).toBe(201);
        expect(res.json<{ alert: JobAlert }>().alert.active).toBe(false);
      }
      await t.deps.mail.flush();
      expect(t.mailbox.to('jane@example.com')).toHaveLength(0);
      expect(t.mailbox.to('jane+more@example.com')).toHaveLength(0);
      expect(t.mailbox.to('jane+x@example.com')).toHaveLength(0);
      // Another domain's dots are part of the address: a different mailbox.
      expect((await create({ country: 'japan', frequency: 'daily', email: 'ja.ne@example.com' })).statusCode).toBe(201);
      await t.deps.mail.flush();
      expect(t.mailbox.to('ja.ne@example.com')).toHaveLength(1);

      // Gmail ignores dots (and googlemail.com is gmail.com): 30 an hour for them all together.
      const spellings = ['j.o.e@gmail.com', 'joe+jobs@gmail.com', 'Jo.E@googlemail.com', 'joe@gmail.com'];
      for (let i = 0; i < 30; i++) {
        const email = spellings[i % spellings.length]!;
        expect((await create({ country: 'china', frequency: 'daily', email })).statusCode, `${i} ${email}`).toBe(201);
      }
      const over = await create({ country: 'china', frequency: 'daily', email: 'jo.e+again@gmail.com' });
      expect(over.statusCode).toBe(429);
      expect(over.json()).toMatchObject({ errorType: 'RATE_LIMITED' });
      await t.deps.mail.flush();
      const gmailMails = spellings.flatMap((s) => t.mailbox.to(s.toLowerCase()));
      expect(gmailMails).toHaveLength(JOB_ALERTS_MAX);
      const rows = await t.db.selectFrom('job_alerts').select('email').where('country', '=', 'china').execute();
      expect(rows).toHaveLength(JOB_ALERTS_MAX);
      expect(new Set(rows.map((r) => r.email))).toEqual(new Set(spellings.map((s) => s.toLowerCase())));
    });

    it(`sends at most ${CONFIRMATIONS_PER_DOMAIN_PER_HOUR} confirmation mails an hour to one domain, and ${CONFIRMATIONS_PER_HOUR} in all`, async () => {
      expect(CONFIRMATIONS_PER_DOMAIN_PER_HOUR).toBeLessThanOrEqual(50);
      expect(CONFIRMATIONS_PER_HOUR).toBeLessThanOrEqual(500);
      const ask = (email: string) => create({ country: 'japan', frequency: 'daily', email });
      for (let i = 0; i < CONFIRMATIONS_PER_DOMAIN_PER_HOUR; i++) {
        expect((await ask(`teacher-${i}@victim.example`)).statusCode).toBe(201);
      }
      const overDomain = await ask('one-more@victim.example');
      expect(overDomain.statusCode).toBe(429);
      expect(overDomain.json()).toMatchObject({ error: true, errorType: 'RATE_LIMITED' });
      // Googlemail is Gmail's other name: one domain.
      for (let i = 0; i < CONFIRMATIONS_PER_DOMAIN_PER_HOUR; i++) {
        expect((await ask(`gmail-${i}@${i % 2 ? 'gmail.com' : 'googlemail.com'}`)).statusCode).toBe(201);
      }
      expect((await ask('gmail-over@googlemail.com')).statusCode).toBe(429);
      expect((await ask('teacher@elsewhere.example')).statusCode).toBe(201);
      await t.deps.mail.flush();
      expect(t.mailbox.messages.filter((m) => m.to.some((to) => to.endsWith('@victim.example')))).toHaveLength(
        CONFIRMATIONS_PER_DOMAIN_PER_HOUR,
      );
      expect(t.mailbox.to('one-more@victim.example')).toHaveLength(0);
      expect(
        await t.db.selectFrom('job_alerts').select('id').where('email', '=', 'one-more@victim.example').execute(),
      ).toHaveLength(0);

      // In all: 101 counted so far (the refusals at a domain's cap are not). The rest of the hour's
      // total is counted as the other confirmations of a busy hour would count it, then the last one
      // allowed goes out and no domain gets one more.
      for (let n = 2 * CONFIRMATIONS_PER_DOMAIN_PER_HOUR + 1; n < CONFIRMATIONS_PER_HOUR - 1; n++) {
        await t.deps.limiter.hit('alert-confirmations:all', CONFIRMATIONS_PER_HOUR, HOUR);
      }
      expect((await ask('last@other-domain.example')).statusCode).toBe(201);
      const overAll = await ask('first@fresh-domain.example');
      expect(overAll.statusCode).toBe(429);
      expect(overAll.json()).toMatchObject({ errorType: 'RATE_LIMITED' });
      t.clock.advance(HOUR + 1);
      expect((await ask('first@fresh-domain.example')).statusCode).toBe(201);
      expect((await ask('again@victim.example')).statusCode).toBe(201);
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
      await create({ country: 'taiwan', city: 'Taipei City', frequency: 'weekly' }, user.auth);
      const job = async () => {
        t.clock.advance(1000);
        await createPublishedJob(t, null, { country: 'taiwan', city: 'Taipei City' });
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
      // On SQLite each sender's transaction reads an alert, then writes: the other's commit between
      // the two refuses it (SQLITE_BUSY_SNAPSHOT), and it is made again rather than left for an hour.
      const errors = vi.spyOn(t.deps.log, 'error');
      try {
        const [a, b] = await Promise.all([
          sendDueAlerts(t.deps, { everyAlert: true }),
          sendDueAlerts({ ...t.deps, db: db2, mail: mail2 }, { everyAlert: true }),
        ]);
        await Promise.all([t.deps.mail.flush(), mail2.flush()]);
        expect(errors).not.toHaveBeenCalled();
        expect(a.mails + b.mails).toBe(6);
        expect(a.jobs + b.jobs).toBe(30);
      } finally {
        errors.mockRestore();
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
    const active = async (user: Awaited<ReturnType<typeof createUser>>) =>
      (await t.inject({ method: 'GET', url: '/api/job-alerts', headers: user.auth }))
        .json<{ alerts: JobAlert[] }>()
        .alerts.map((a) => `${a.city}:${a.active}`)
        .sort();

    /**
     * The event loop's busy time (ms) while the server answers a request: the least of three tries, so
     * a garbage collection or another test process taking the CPU is not counted, while a stall, which
     * happens on every try, is.
     */
    async function busyTime(request: Parameters<TestApp['inject']>[0]) {
      const tries = [];
      for (let i = 0; i < 3; i++) {
        const before = performance.eventLoopUtilization();
        const res = await t.inject(request);
        tries.push({ res, ms: performance.eventLoopUtilization(before).active });
      }
      return tries.reduce((least, next) => (next.ms < least.ms ? next : least));
    }

    it('answers a 100 KB body of repeated List-Unsubscribe within milliseconds, whatever its token', async () => {
      const user = await createUser(t);
      const { url } = await mailedAlert(user, 'Bangkok');
      const payload = 'List-Unsubscribe'.repeat(6400);
      expect(payload.length).toBe(102_400);
      for (const [target, contentType] of [
        [url, 'multipart/form-data; boundary=x'],
        ['/api/job-alerts/unsubscribe?token=made-up', 'multipart/form-data; boundary=x'],
        [url, 'text/plain'],
        ['/api/job-alerts/unsubscribe?token=made-up', 'text/plain'],
      ] as const) {
        const { res, ms } = await busyTime({
          method: 'POST',
          url: target,
          headers: { 'content-type': contentType },
          payload,
          ...from(),
        });
        expect(ms, `${contentType} ${target}`).toBeLessThan(50);
        expect([413, 415], `${contentType} ${target}`).toContain(res.statusCode);
      }
      expect(await active(user)).toEqual(['Bangkok:true']);
    });

    it('reads a one-click body in time proportional to its length', () => {
      const boundary = 'b'.repeat(60);
      const multipart = `multipart/form-data; boundary=${boundary}`;
      // About 100 KB each, 25 times the most the route reads; the regular expression this replaced took
      // minutes over some of them.
      const hostile = [
        ['application/x-www-form-urlencoded', 'List-Unsubscribe='.repeat(6_000)],
        ['application/x-www-form-urlencoded', 'List-Unsubscribe'.repeat(6_400)],
        [multipart, 'List-Unsubscribe'.repeat(6_400)],
        [multipart, `--${boundary}\r\n`.repeat(1_600)],
        [multipart, 'Content-Disposition: form-data; name="List-Unsubscribe"\r\n'.repeat(1_800)],
        [
          multipart,
          `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\n${'One-Click'.repeat(11_000)}`,
        ],
      ] as const;
      for (const [type, body] of hostile) {
        const started = performance.now();
        expect(isOneClickBody(type, body)).toBe(false);
        expect(performance.now() - started, `${type} ${body.slice(0, 40)}`).toBeLessThan(50);
      }
    });

    it('stops the alert by a one-click POST as a form or as multipart, and refuses any other content type', async () => {
      const user = await createUser(t);
      const bangkok = await mailedAlert(user, 'Bangkok');
      const phuket = await mailedAlert(user, 'Phuket');
      const post = (url: string, contentType: string, payload: string) =>
        t.inject({ method: 'POST', url, headers: { 'content-type': contentType }, payload, ...from() });

      for (const [contentType, payload] of [
        ['application/json', JSON.stringify({ 'List-Unsubscribe': 'One-Click' })],
        ['text/plain', 'List-Unsubscribe=One-Click'],
        ['application/xml', '<List-Unsubscribe>One-Click</List-Unsubscribe>'],
      ] as const) {
        const res = await post(bangkok.url, contentType, payload);
        expect(res.statusCode, contentType).toBe(415);
        expect(res.json(), contentType).toMatchObject({ error: true, message: 'Unsupported content type' });
      }
      // The right type without the one-click pair changes nothing either.
      expect((await post(bangkok.url, 'application/x-www-form-urlencoded', 'List-Unsubscribe=Later')).statusCode).toBe(
        400,
      );
      expect(await active(user)).toEqual(['Bangkok:true', 'Phuket:true']);

      const boundary = '----TeachEastTestBoundary7MA4YWxkTrZu0gW';
      const multipart = await post(
        bangkok.url,
        `multipart/form-data; boundary=${boundary}`,
        `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
      );
      expect(multipart.statusCode).toBe(200);
      expect(multipart.body).toContain('Job alert stopped');
      expect(await active(user)).toEqual(['Bangkok:false', 'Phuket:true']);

      const form = await post(
        phuket.url,
        'application/x-www-form-urlencoded; charset=utf-8',
        'List-Unsubscribe=One-Click',
      );
      expect(form.statusCode).toBe(200);
      expect(await active(user)).toEqual(['Bangkok:false', 'Phuket:false']);
    });

    it('refuses a body of more than a few KB with 413 and the error body, and changes nothing', async () => {
      const user = await createUser(t);
      const { url } = await mailedAlert(user, 'Bangkok');
      const res = await t.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `List-Unsubscribe=One-Click&padding=${'x'.repeat(8 * 1024)}`,
        ...from(),
      });
      expect(res.statusCode).toBe(413);
      expect(res.json()).toEqual({ error: true, message: 'The request is too large' });
      expect(await active(user)).toEqual(['Bangkok:true']);
    });

    it(`answers one client address at most ${UNSUBSCRIBES_PER_ADDRESS_PER_MINUTE} unsubscribe requests a minute`, async () => {
      const user = await createUser(t);
      const { url } = await mailedAlert(user, 'Bangkok');
      const address = { remoteAddress: '203.0.113.77' };
      for (let i = 0; i < UNSUBSCRIBES_PER_ADDRESS_PER_MINUTE; i++) {
        const res = await t.inject({
          method: i % 2 ? 'GET' : 'POST',
          url: `/api/job-alerts/unsubscribe?token=guess-${i}`,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: i % 2 ? undefined : 'List-Unsubscribe=One-Click',
          ...address,
        });
        expect(res.statusCode, String(i)).toBe(404);
      }
      const refused = await t.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        ...address,
      });
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ errorType: 'RATE_LIMITED' });
      expect(await active(user)).toEqual(['Bangkok:true']);
      // Another address is not held back, and the first is let through again a minute later.
      const other = await t.inject({
        method: 'POST',
        url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
        remoteAddress: '203.0.113.78',
      });
      expect(other.statusCode).toBe(200);
      t.clock.advance(60_001);
      expect((await t.inject({ method: 'GET', url, ...address })).statusCode).toBe(200);
    });
  });

  describe('keeping', () => {
    it('deletes an alert made with an address and left unconfirmed for 7 days, in the hourly round', async () => {
      const user = await createUser(t);
      const { alert: waiting } = await anonymousAlert('waiting@example.com', { country: 'japan' });
      const { alert: confirmed, token } = await anonymousAlert('confirmed@example.com', { country: 'japan' });
      await t.inject({ method: 'POST', url: '/api/job-alerts/confirm', payload: { token } });
      const own = (await create({ country: 'japan', frequency: 'daily' }, user.auth)).json<{ alert: JobAlert }>().alert;
      const ids = async () => (await t.db.selectFrom('job_alerts').select('id').execute()).map((r) => r.id).sort();
      const tokens = async (alertId: string) =>
        (await t.db.selectFrom('job_alert_tokens').select('token_hash').where('alert_id', '=', alertId).execute())
          .length;

      /** One round of the hourly work, as main.ts starts it: the first a minute after start-up. */
      async function hourlyRound() {
        vi.useFakeTimers({ toFake: ['setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'] });
        let stop = () => {};
        const round = new Promise<void>((resolve) => {
          stop = startAlertSender(t.deps, resolve);
        });
        vi.advanceTimersByTime(60_000);
        vi.useRealTimers();
        await round;
        stop();
      }

      t.clock.advance(7 * DAY - 60_000);
      await hourlyRound();
      expect(await ids()).toEqual([waiting.id, confirmed.id, own.id].sort());
      t.clock.advance(2 * 60_000);
      await hourlyRound();
      expect(await ids()).toEqual([confirmed.id, own.id].sort());
      expect(await tokens(waiting.id)).toBe(0);
    });
  });
});
