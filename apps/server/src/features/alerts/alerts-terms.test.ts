// Job alerts with the contract-sheet filters (BEYOND §6 and §4): made with them, answered with them,
// and mailing only the new jobs whose sheet meets them.
import type { JobAlert, JobTerms } from '@teacheast/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { termsColumns } from '../../db/job-terms.js';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { sendDueAlerts } from './service.js';

const HOUR = 3_600_000;

/** A sheet in Japan paying `monthly` yen a month at the top of its range, with housing or not. */
function sheet(monthly: number, housing: JobTerms['housing']): JobTerms {
  return {
    salary: { currency: 'JPY', min: monthly - 20_000, max: monthly, period: 'month', basis: 'gross' },
    teachingHoursPerWeek: 25,
    housing,
    ...(housing === 'allowance' ? { housingAllowance: 30_000 } : {}),
    flights: 'none',
    visa: { sponsored: false },
    vacationDays: 10,
    healthInsurance: 'partial',
    splitShift: false,
    saturdays: 'never',
  };
}

describe(`job alerts with sheet filters (${dialect})`, () => {
  let t: TestApp;
  let ip = 0;
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
    t.clock.advance(HOUR + 1);
  });

  const create = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: '/api/job-alerts', payload, headers, ...from() });

  async function send() {
    const report = await sendDueAlerts(t.deps, { everyAlert: true });
    await t.deps.mail.flush();
    return report;
  }

  const alertMails = (to: string) => t.mailbox.to(to).filter((m) => /new job/.test(m.subject));

  /** A job published now in Japan with this title and sheet (or none). */
  async function publish(title: string, terms: JobTerms | null, country = 'japan') {
    const id = await createPublishedJob(t, null, { country, title, company_name: 'Sakura School' });
    await t.db.updateTable('jobs').set(termsColumns(terms, country)).where('id', '=', id).execute();
    return id;
  }

  it('mails only the new jobs that meet housing=1 and minPay, and answers and lists the alert with its filters', async () => {
    const user = await createUser(t);
    const res = await create({ country: 'japan', frequency: 'daily', housing: '1', minPay: '300000' }, user.auth);
    expect(res.statusCode, res.body).toBe(201);
    const { alert } = res.json<{ alert: JobAlert }>();
    expect(alert.filters).toEqual({ housing: '1', minPay: 300_000 });
    const list = await t.inject({ method: 'GET', url: '/api/job-alerts', headers: user.auth });
    expect(list.json<{ alerts: JobAlert[] }>().alerts).toEqual([alert]);

    t.clock.advance(1000);
    await publish('Meets Both Provided', sheet(300_000, 'provided'));
    await publish('Meets Both Allowance', sheet(350_000, 'allowance'));
    await publish('Pay One Yen Short', sheet(299_999, 'provided'));
    await publish('No Housing Given', sheet(400_000, 'help_finding'));
    await publish('No Sheet At All', null);
    await publish('Paid In Dollars', {
      ...sheet(300_000, 'provided'),
      salary: { currency: 'USD', min: 3_000, period: 'month', basis: 'gross' },
    });
    // Elsewhere: another country's job, whatever it pays, is not this alert's.
    await publish(
      'Korean Job',
      { ...sheet(300_000, 'provided'), salary: { currency: 'KRW', min: 3_000_000, period: 'month', basis: 'gross' } },
      'south-korea',
    );

    expect(await send()).toEqual({ mails: 1, jobs: 2 });
    const [mail] = alertMails(user.email);
    expect(mail!.text).toContain('Meets Both Provided at Sakura School');
    expect(mail!.text).toContain('Meets Both Allowance at Sakura School');
    for (const title of ['Pay One Yen Short', 'No Housing Given', 'No Sheet At All', 'Paid In Dollars', 'Korean Job']) {
      expect(mail!.text, title).not.toContain(title);
    }
    // The mail names the search with its filters, and links back to it with them.
    expect(mail!.subject).toContain('Teaching jobs in Japan, with housing, at least 300,000 JPY a month');
    expect(mail!.text).toContain('/jobs?country=japan&minPay=300000&housing=1&page=1');

    // A later match only is mailed next; a later miss is not.
    t.clock.advance(1000);
    await publish('Later Match', sheet(320_000, 'provided'));
    await publish('Later Miss', sheet(320_000, 'none'));
    expect(await send()).toEqual({ mails: 1, jobs: 1 });
    expect(alertMails(user.email)[1]!.text).toContain('Later Match');
    expect(alertMails(user.email)[1]!.text).not.toContain('Later Miss');
    expect(await send()).toEqual({ mails: 0, jobs: 0 });
  });

  it('keeps each filter it was made with, only those that are on, and matches with them and keywords', async () => {
    const user = await createUser(t);
    const res = await create(
      {
        country: 'japan',
        frequency: 'weekly',
        q: 'phonics',
        flights: '1',
        visa: '1',
        maxTeachingHours: 25,
        noSplitShift: '1',
        noSaturdays: '1',
        housing: '0',
        minPay: '',
      },
      user.auth,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ alert: JobAlert }>().alert.filters).toEqual({
      flights: '1',
      visa: '1',
      maxTeachingHours: 25,
      noSplitShift: '1',
      noSaturdays: '1',
    });

    t.clock.advance(1000);
    const every: JobTerms = {
      ...sheet(300_000, 'none'),
      flights: 'paid',
      visa: { sponsored: true, permit: 'JP-INSTRUCTOR', costsPaidBy: 'school' },
    };
    await publish('Phonics Everything', every);
    await publish('Phonics Long Hours', { ...every, teachingHoursPerWeek: 26 });
    await publish('Phonics Saturdays', { ...every, saturdays: 'some' });
    await publish('Phonics Split', { ...every, splitShift: true });
    await publish('Phonics No Flights', { ...every, flights: 'none' });
    await publish('Phonics No Visa', { ...every, visa: { sponsored: false } });
    await publish('Grammar Everything', every);

    expect(await send()).toEqual({ mails: 1, jobs: 1 });
    const [mail] = alertMails(user.email);
    expect(mail!.text).toContain('Phonics Everything');
    // By their full titles: the mail's own words name the filters ("no Saturdays", "no split shift").
    for (const title of ['Long Hours', 'Saturdays', 'Split', 'No Flights', 'No Visa']) {
      expect(mail!.text, title).not.toContain(`Phonics ${title}`);
    }
    expect(mail!.text).not.toContain('Grammar Everything');
  });

  it('without a session: confirmed by mail, then mails by its filters', async () => {
    const email = 'filters@example.com';
    const res = await create({ country: 'japan', frequency: 'daily', minPay: 310_000, email });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ alert: JobAlert }>().alert).toMatchObject({ active: false, filters: { minPay: 310_000 } });
    await t.deps.mail.flush();
    const confirm = await t.mailbox.waitFor(email, /Confirm your TeachEast job alert/);
    const token = confirm.links.find((l) => l.includes('/job-alerts/confirm/'))!.split('/job-alerts/confirm/')[1]!;
    const confirmed = await t.inject({ method: 'POST', url: '/api/job-alerts/confirm', payload: { token } });
    expect(confirmed.json()).toMatchObject({ alert: { active: true, filters: { minPay: 310_000 } } });

    t.clock.advance(1000);
    await publish('Pays Enough', sheet(310_000, 'none'));
    await publish('Pays Too Little', sheet(309_999, 'none'));
    expect(await send()).toEqual({ mails: 1, jobs: 1 });
    expect(alertMails(email)[0]!.text).toContain('Pays Enough');
    expect(alertMails(email)[0]!.text).not.toContain('Pays Too Little');
  });

  it.each([
    [{ minPay: 'abc' }, 'minPay'],
    [{ minPay: 0 }, 'minPay'],
    [{ minPay: 2.5 }, 'minPay'],
    [{ minPay: -300_000 }, 'minPay'],
    [{ maxTeachingHours: 41 }, 'maxTeachingHours'],
    [{ maxTeachingHours: 0 }, 'maxTeachingHours'],
    [{ housing: 'yes' }, 'housing'],
    [{ housing: '2' }, 'housing'],
    [{ flights: true }, 'flights'],
    [{ visa: 'on' }, 'visa'],
    [{ noSplitShift: 'x' }, 'noSplitShift'],
    [{ noSaturdays: '11' }, 'noSaturdays'],
  ])('refuses the malformed filter %j with 400 VALIDATION naming it, and makes no alert', async (filter, field) => {
    const user = await createUser(t);
    const res = await create({ country: 'japan', frequency: 'daily', ...filter }, user.auth);
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json<{ errorType: string; fields: Record<string, string> }>();
    expect(body.errorType).toBe('VALIDATION');
    expect(Object.keys(body.fields)).toEqual([field]);
    expect(await t.db.selectFrom('job_alerts').select('id').execute()).toEqual([]);
  });
  it('keeps to the jobs its account can take by its saved facts (eligibleOnly), and needs those facts', async () => {
    const user = await createUser(t);
    // Without saved facts (or without an account) there is nothing to read the permits against.
    const early = await create({ country: 'south-korea', frequency: 'daily', eligibleOnly: '1' }, user.auth);
    expect(early.statusCode, early.body).toBe(400);
    expect(early.json()).toMatchObject({ errorType: 'NO_ELIGIBILITY_FACTS' });
    const anonymous = await create({
      country: 'south-korea',
      frequency: 'daily',
      eligibleOnly: '1',
      email: 'visitor@example.com',
    });
    expect(anonymous.json()).toMatchObject({ errorType: 'NO_ELIGIBILITY_FACTS' });
    const saved = await t.inject({
      method: 'PUT',
      url: `/api/post-resume/eligibility/${user.id}`,
      headers: user.auth,
      payload: { passports: ['PH'], degree: 'master' },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await create({ country: 'south-korea', frequency: 'daily', eligibleOnly: '1' }, user.auth);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<{ alert: JobAlert }>().alert.filters).toEqual({ eligibleOnly: '1' });

    t.clock.advance(1000);
    const korea = (permit: 'KR-E2' | 'KR-E1'): JobTerms => ({
      ...sheet(300_000, 'provided'),
      salary: { currency: 'KRW', min: 2_400_000, period: 'month', basis: 'gross' },
      visa: { sponsored: true, permit, costsPaidBy: 'school' },
      severance: 'legal',
    });
    await publish('Professor Post', korea('KR-E1'), 'south-korea');
    await publish('Hagwon Post', korea('KR-E2'), 'south-korea');
    await publish('Unsponsored Post', null, 'south-korea');
    expect(await send()).toEqual({ mails: 1, jobs: 2 });
    const [mail] = alertMails(user.email);
    expect(mail!.text).toContain('Professor Post');
    expect(mail!.text).toContain('Unsponsored Post');
    expect(mail!.text).not.toContain('Hagwon Post');
    expect(mail!.subject).toContain('only jobs you can take');
  });
});
