import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MAX_TIME_REPORT_SECONDS, MESSAGES } from '@teacheast/shared';
import {
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import {
  CLICK_LIMIT_PER_HOUR,
  JOB_COUNTERS_PER_ADDRESS_PER_HOUR,
  TIME_REPORT_LIMIT_PER_HOUR,
  dayOf,
} from './service.js';

const DAY = 86_400_000;

describe(`job postings, saved jobs and metrics (${dialect})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    other = await createUser(t);
  });

  // A test that moves the clock leaves it as it found it, whether it passes or fails.
  let startOfTest: number;
  beforeEach(() => {
    startOfTest = t.clock.now();
  });
  afterEach(() => {
    t.clock.set(startOfTest);
  });
  afterAll(async () => t.close());

  async function addImages(jobId: string, urls: string[]) {
    await t.db
      .insertInto('job_images')
      .values(
        urls.map((url, position) => ({ id: randomUUID(), job_id: jobId, position, url, created_at: t.clock.now() })),
      )
      .execute();
  }

  async function metricsRows(jobId: string) {
    return t.db.selectFrom('job_metrics_daily').selectAll().where('job_id', '=', jobId).orderBy('day').execute();
  }

  async function favoritesOf(jobId: string) {
    return t.db.selectFrom('favorites').select('user_id').where('job_id', '=', jobId).execute();
  }

  describe('GET /api/job/{uuid}', () => {
    it('shows a published job with its images, savers and status to anyone', async () => {
      const id = await createPublishedJob(t, owner.id, { thumbnail: '/media/img/h.webp' });
      await addImages(id, ['/media/img/b.webp', '/media/img/a.webp']);
      await t.db.insertInto('favorites').values({ user_id: other.id, job_id: id, created_at: t.clock.now() }).execute();
      const res = await t.inject({ method: 'GET', url: `/api/job/${id}` });
      expect(res.statusCode).toBe(200);
      const { job } = res.json() as { job: Record<string, unknown> };
      expect(job).toMatchObject({
        uuid: id,
        companyName: 'Sunrise Academy',
        email: 'jobs@sunrise.example',
        country: 'japan',
        city: 'Tokyo',
        thumbnail: '/media/img/h.webp',
        descriptionHTML: '<p>Teach English to happy children.</p>',
        images: ['/media/img/b.webp', '/media/img/a.webp'],
        favoritedBy: [other.id],
        status: 'published',
        phone: '',
        link: '',
      });
      expect((await t.inject({ method: 'GET', url: `/api/job/images/${id}` })).json()).toEqual({
        images: ['/media/img/b.webp', '/media/img/a.webp'],
      });
    });

    it('lists photos in carousel order and savers in the order they saved, and none as empty lists', async () => {
      const id = await createPublishedJob(t, owner.id);
      const photos = ['/media/img/third.webp', '/media/img/first.webp', '/media/img/second.webp'];
      await t.db
        .insertInto('job_images')
        .values(
          photos.map((url, i) => ({
            id: randomUUID(),
            job_id: id,
            position: [2, 0, 1][i]!,
            url,
            created_at: t.clock.now(),
          })),
        )
        .execute();
      const savers = [other.id, owner.id];
      for (const [i, userId] of savers.entries()) {
        await t.db
          .insertInto('favorites')
          .values({ user_id: userId, job_id: id, created_at: t.clock.now() + (savers.length - i) * 1000 })
          .execute();
      }
      const { job } = (await t.inject({ method: 'GET', url: `/api/job/${id}` })).json<{
        job: Record<string, unknown>;
      }>();
      expect(job.images).toEqual(['/media/img/first.webp', '/media/img/second.webp', '/media/img/third.webp']);
      expect(job.favoritedBy).toEqual([owner.id, other.id]);

      const bare = await createPublishedJob(t, owner.id);
      const { job: none } = (await t.inject({ method: 'GET', url: `/api/job/${bare}` })).json<{
        job: Record<string, unknown>;
      }>();
      expect(none.images).toEqual([]);
      expect(none.favoritedBy).toEqual([]);
    });

    it('keeps an expired job readable so the page can say it is closed', async () => {
      const id = await createPublishedJob(t, owner.id, { published_at: t.clock.now() - 46 * DAY });
      const res = await t.inject({ method: 'GET', url: `/api/job/${id}`, headers: other.auth });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { job: { status: string } }).job.status).toBe('expired');
    });

    it('hides an unpublished job from everyone but its owner', async () => {
      const id = await createPublishedJob(t, owner.id, { published_at: null });
      await addImages(id, ['/media/img/draft.webp']);
      for (const headers of [{}, other.auth]) {
        const res = await t.inject({ method: 'GET', url: `/api/job/${id}`, headers });
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ error: true, message: expect.any(String) as string });
        expect((await t.inject({ method: 'GET', url: `/api/job/images/${id}`, headers })).statusCode).toBe(404);
      }
      const mine = await t.inject({ method: 'GET', url: `/api/job/${id}`, headers: owner.auth });
      expect(mine.statusCode).toBe(200);
      expect((mine.json() as { job: { status: string } }).job.status).toBe('unpublished');
      expect((await t.inject({ method: 'GET', url: `/api/job/images/${id}`, headers: owner.auth })).json()).toEqual({
        images: ['/media/img/draft.webp'],
      });
    });

    it('answers 404 for an unknown job and 400 for a malformed id', async () => {
      expect((await t.inject({ method: 'GET', url: `/api/job/${randomUUID()}` })).statusCode).toBe(404);
      expect((await t.inject({ method: 'GET', url: '/api/job/not-a-uuid' })).statusCode).toBe(400);
      expect((await t.inject({ method: 'GET', url: '/api/job/images/1%27%20or%201=1' })).statusCode).toBe(400);
    });
  });

  describe('visit counting', () => {
    it('counts a click per opening into the day of the visit', async () => {
      const id = await createPublishedJob(t, owner.id);
      const res = await t.inject({ method: 'POST', url: '/api/job/clicks', payload: { uuid: id } });
      expect(res.statusCode).toBe(200);
      await t.inject({ method: 'POST', url: '/api/job/clicks', payload: { uuid: id } });
      const rows = await metricsRows(id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ day: dayOf(t.clock.now()), clicks: 2 });
    });

    it('does not count visits of unpublished, expired, unknown or malformed jobs', async () => {
      const draft = await createPublishedJob(t, owner.id, { published_at: null });
      const expired = await createPublishedJob(t, owner.id, { published_at: t.clock.now() - 50 * DAY });
      for (const uuid of [draft, expired, randomUUID()]) {
        expect((await t.inject({ method: 'POST', url: '/api/job/clicks', payload: { uuid } })).statusCode).toBe(404);
        expect(
          (await t.inject({ method: 'POST', url: '/api/job/time', payload: { uuid, timeSpent: 5 } })).statusCode,
        ).toBe(404);
      }
      for (const payload of [{}, { uuid: 'nope' }, { uuid: 42 }]) {
        expect((await t.inject({ method: 'POST', url: '/api/job/clicks', payload })).statusCode).toBe(400);
      }
      expect(await metricsRows(draft)).toEqual([]);
      expect(await metricsRows(expired)).toEqual([]);
    });

    it('adds whole seconds, refuses bad reports and caps one report at an hour', async () => {
      const id = await createPublishedJob(t, owner.id);
      const post = (payload: unknown, remoteAddress = '10.0.0.1') =>
        t.inject({ method: 'POST', url: '/api/job/time', payload: payload as Record<string, unknown>, remoteAddress });
      for (const timeSpent of [-1, 1.5, 'abc', '-5', { s: 1 }]) {
        const res = await post({ uuid: id, timeSpent });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({ error: true, fields: { timeSpent: expect.any(String) as string } });
      }
      expect(await metricsRows(id)).toEqual([]);
      expect((await post({ uuid: id, timeSpent: 42 })).json()).toMatchObject({ timeSpent: 42 });
      expect((await post({ uuid: id, timeSpent: 10 * MAX_TIME_REPORT_SECONDS })).json()).toMatchObject({
        timeSpent: MAX_TIME_REPORT_SECONDS,
      });
      expect((await post({ uuid: id, timeSpent: 0 })).statusCode).toBe(200);
      const rows = await metricsRows(id);
      expect(rows[0]).toMatchObject({ time_spent: 42 + MAX_TIME_REPORT_SECONDS, clicks: 0 });
    });

    it('accepts a beacon sent as application/json text', async () => {
      const id = await createPublishedJob(t, owner.id);
      const res = await t.inject({
        method: 'POST',
        url: '/api/job/time',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ uuid: id, timeSpent: 7 }),
        remoteAddress: '10.0.0.9',
      });
      expect(res.statusCode).toBe(200);
      expect((await metricsRows(id))[0]).toMatchObject({ time_spent: 7 });
    });

    it('rate limits clicks and time per client and job, so nobody can inflate the numbers', async () => {
      const id = await createPublishedJob(t, owner.id);
      const click = (remoteAddress: string) =>
        t.inject({ method: 'POST', url: '/api/job/clicks', payload: { uuid: id }, remoteAddress });
      const time = (remoteAddress: string) =>
        t.inject({ method: 'POST', url: '/api/job/time', payload: { uuid: id, timeSpent: 100 }, remoteAddress });
      for (let i = 0; i < CLICK_LIMIT_PER_HOUR; i++) expect((await click('10.1.1.1')).statusCode).toBe(200);
      for (let i = 0; i < TIME_REPORT_LIMIT_PER_HOUR; i++) expect((await time('10.1.1.1')).statusCode).toBe(200);
      const refused = await click('10.1.1.1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({ error: true, errorType: 'RATE_LIMITED' });
      expect((await time('10.1.1.1')).statusCode).toBe(429);
      let rows = await metricsRows(id);
      expect(rows[0]).toMatchObject({ clicks: CLICK_LIMIT_PER_HOUR, time_spent: 100 * TIME_REPORT_LIMIT_PER_HOUR });

      // Another client still counts, and the first one counts again after the window.
      expect((await click('10.2.2.2')).statusCode).toBe(200);
      t.clock.advance(61 * 60_000);
      expect((await click('10.1.1.1')).statusCode).toBe(200);
      rows = await metricsRows(id);
      expect(rows.reduce((sum, r) => sum + r.clicks, 0)).toBe(CLICK_LIMIT_PER_HOUR + 2);
    });

    it("refuses an address new counters past its hour's allowance, keeping none, and still counts the ones it has", async () => {
      const [first, second] = [await createPublishedJob(t, owner.id), await createPublishedJob(t, owner.id)];
      const address = '10.9.9.9';
      const HOUR = 3_600_000;
      // The address has started all its counters but one this hour.
      for (let i = 1; i < JOB_COUNTERS_PER_ADDRESS_PER_HOUR; i++) {
        await t.deps.limiter.hit(`job-visits:ip:${address}`, JOB_COUNTERS_PER_ADDRESS_PER_HOUR, HOUR);
      }
      const click = (uuid: string) =>
        t.inject({ method: 'POST', url: '/api/job/clicks', payload: { uuid }, remoteAddress: address });
      expect((await click(first)).statusCode).toBe(200);
      const refused = await click(second);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        errorType: 'RATE_LIMITED',
        message: 'Too many visits from your address. Please try again later.',
      });
      const time = await t.inject({
        method: 'POST',
        url: '/api/job/time',
        payload: { uuid: first, timeSpent: 30 },
        remoteAddress: address,
      });
      expect(time.statusCode).toBe(429);
      expect(await t.deps.limiter.peek(`job-click:${address}:${second}`)).toBe(0);
      expect(await t.deps.limiter.peek(`job-time:${address}:${first}`)).toBe(0);
      // The counter it made before the allowance ran out still counts.
      expect((await click(first)).statusCode).toBe(200);
      expect(await metricsRows(second)).toEqual([]);
      expect((await metricsRows(first))[0]).toMatchObject({ clicks: 2, time_spent: 0 });
      // Another address is not held back.
      const other = await t.inject({
        method: 'POST',
        url: '/api/job/clicks',
        payload: { uuid: second },
        remoteAddress: '10.9.9.10',
      });
      expect(other.statusCode).toBe(200);
    });
  });

  describe('saved jobs', () => {
    it('saves idempotently, lists the saved tiles and unsaves idempotently', async () => {
      const id = await createPublishedJob(t, owner.id, { company_name: 'Blue Sky School' });
      const user = await createUser(t);
      const save = () => t.inject({ method: 'POST', url: `/api/favorites/${user.id}/${id}`, headers: user.auth });
      const first = await save();
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual({ message: expect.any(String) as string, favoritedBy: [user.id] });
      expect((await save()).json()).toMatchObject({ favoritedBy: [user.id] });
      expect(await favoritesOf(id)).toHaveLength(1);
      // Saved twice, counted once on the owner's chart.
      const metrics = await t.inject({ method: 'GET', url: `/api/job/metrics/${id}`, headers: owner.auth });
      const { daily } = metrics.json() as { daily: { saves: number }[] };
      expect(daily.reduce((n, day) => n + day.saves, 0)).toBe(1);

      const list = await t.inject({ method: 'GET', url: `/api/favorites/${user.id}`, headers: user.auth });
      expect(list.statusCode).toBe(200);
      const { jobs } = list.json() as { jobs: Record<string, unknown>[] };
      expect(jobs).toHaveLength(1);
      expect(jobs[0]).toMatchObject({ uuid: id, companyName: 'Blue Sky School' });
      expect(jobs[0]).not.toHaveProperty('email');
      expect(jobs[0]).not.toHaveProperty('descriptionHTML');
      expect((await t.inject({ method: 'GET', url: `/api/job/${id}` })).json()).toMatchObject({
        job: { favoritedBy: [user.id] },
      });

      const unsave = () =>
        t.inject({ method: 'POST', url: `/api/favorites/remove/${user.id}/${id}`, headers: user.auth });
      expect((await unsave()).json()).toEqual({ message: expect.any(String) as string, favoritedBy: [] });
      expect((await unsave()).statusCode).toBe(200);
      expect(await favoritesOf(id)).toHaveLength(0);
      expect((await t.inject({ method: 'GET', url: `/api/favorites/${user.id}`, headers: user.auth })).json()).toEqual({
        jobs: [],
      });
    });

    it("answers a save and an unsave with the posting's savers, oldest save first", async () => {
      const id = await createPublishedJob(t, owner.id);
      const [first, second, third, never] = [
        await createUser(t),
        await createUser(t),
        await createUser(t),
        await createUser(t),
      ];
      const save = (u: typeof first) =>
        t.inject({ method: 'POST', url: `/api/favorites/${u.id}/${id}`, headers: u.auth });
      const unsave = (u: typeof first) =>
        t.inject({ method: 'POST', url: `/api/favorites/remove/${u.id}/${id}`, headers: u.auth });
      for (const u of [third, first, second]) {
        await save(u);
        t.clock.advance(60_000);
      }
      // Saved again, a save keeps its first time and place.
      expect((await save(third)).json()).toMatchObject({ favoritedBy: [third.id, first.id, second.id] });
      expect((await unsave(first)).json()).toMatchObject({ favoritedBy: [third.id, second.id] });
      expect((await unsave(never)).json()).toMatchObject({ favoritedBy: [third.id, second.id] });
      expect((await save(first)).json()).toMatchObject({ favoritedBy: [third.id, second.id, first.id] });
      expect((await unsave(third)).json()).toMatchObject({ favoritedBy: [second.id, first.id] });
    });

    it('refuses anonymous savers with 401 "Must be logged in to save", changing nothing', async () => {
      const id = await createPublishedJob(t, owner.id);
      for (const url of [`/api/favorites/${other.id}/${id}`, `/api/favorites/remove/${other.id}/${id}`]) {
        const res = await t.inject({ method: 'POST', url });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ error: true, message: MESSAGES.mustLogInToSave });
      }
      expect((await t.inject({ method: 'GET', url: `/api/favorites/${other.id}` })).statusCode).toBe(401);
      expect(await favoritesOf(id)).toEqual([]);
    });

    it("refuses another user's saved-jobs paths with 403, changing nothing", async () => {
      const id = await createPublishedJob(t, owner.id);
      await t.inject({ method: 'POST', url: `/api/favorites/${other.id}/${id}`, headers: other.auth });
      const intruder = await createUser(t);
      const save = await t.inject({ method: 'POST', url: `/api/favorites/${other.id}/${id}`, headers: intruder.auth });
      expect(save.statusCode).toBe(403);
      const remove = await t.inject({
        method: 'POST',
        url: `/api/favorites/remove/${other.id}/${id}`,
        headers: intruder.auth,
      });
      expect(remove.statusCode).toBe(403);
      const list = await t.inject({ method: 'GET', url: `/api/favorites/${other.id}`, headers: intruder.auth });
      expect(list.statusCode).toBe(403);
      expect(list.body).not.toContain(id);
      expect((await favoritesOf(id)).map((f) => f.user_id)).toEqual([other.id]);
    });

    it('cannot save an unpublished, expired or unknown job', async () => {
      const user = await createUser(t);
      const draft = await createPublishedJob(t, owner.id, { published_at: null });
      const expired = await createPublishedJob(t, owner.id, { published_at: t.clock.now() - 46 * DAY });
      for (const id of [draft, expired, randomUUID()]) {
        const res = await t.inject({ method: 'POST', url: `/api/favorites/${user.id}/${id}`, headers: user.auth });
        expect(res.statusCode).toBe(404);
      }
      expect(
        (await t.inject({ method: 'POST', url: `/api/favorites/${user.id}/not-a-job`, headers: user.auth })).statusCode,
      ).toBe(400);
      expect(await t.db.selectFrom('favorites').selectAll().where('user_id', '=', user.id).execute()).toEqual([]);
    });

    it('unsaves from a closed job it was never saved to, and answers 404 for an unpublished or unknown one', async () => {
      const user = await createUser(t);
      const draft = await createPublishedJob(t, owner.id, { published_at: null });
      const expired = await createPublishedJob(t, owner.id, { published_at: t.clock.now() - 46 * DAY });
      const unsave = (id: string) =>
        t.inject({ method: 'POST', url: `/api/favorites/remove/${user.id}/${id}`, headers: user.auth });
      for (const id of [draft, randomUUID()]) {
        const res = await unsave(id);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toEqual({ error: true, message: expect.any(String) as string });
      }
      expect((await unsave(expired)).json()).toEqual({ message: expect.any(String) as string, favoritedBy: [] });
    });

    it('keeps an expired saved job in the list, so the user can still open it', async () => {
      const user = await createUser(t);
      const id = await createPublishedJob(t, owner.id, { published_at: t.clock.now() - 44 * DAY });
      await t.inject({ method: 'POST', url: `/api/favorites/${user.id}/${id}`, headers: user.auth });
      t.clock.advance(2 * DAY);
      const list = await t.inject({ method: 'GET', url: `/api/favorites/${user.id}`, headers: user.auth });
      expect((list.json() as { jobs: { uuid: string }[] }).jobs.map((j) => j.uuid)).toEqual([id]);
      // Saving it again keeps it saved, as it was.
      const again = await t.inject({ method: 'POST', url: `/api/favorites/${user.id}/${id}`, headers: user.auth });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toMatchObject({ favoritedBy: [user.id] });
      // It stays removable.
      const res = await t.inject({ method: 'POST', url: `/api/favorites/remove/${user.id}/${id}`, headers: user.auth });
      expect(res.json()).toMatchObject({ favoritedBy: [] });
    });
  });

  describe('GET /api/job/metrics/{uuid}', () => {
    it('gives the owner totals, the save count and 45 days of daily numbers', async () => {
      const id = await createPublishedJob(t, owner.id, { published_at: t.clock.now() - 10 * DAY });
      const start = t.clock.now();
      await t.db
        .insertInto('job_metrics_daily')
        .values([
          { job_id: id, day: dayOf(start - 60 * DAY), clicks: 5, time_spent: 50 },
          { job_id: id, day: dayOf(start - 2 * DAY), clicks: 3, time_spent: 30 },
        ])
        .execute();
      // A save made two days ago and kept, and one made then and taken back: a day's saves are those kept.
      const earlier = await createUser(t);
      const changedMind = await createUser(t);
      t.clock.advance(-2 * DAY);
      for (const u of [earlier, changedMind]) {
        await t.inject({ method: 'POST', url: `/api/favorites/${u.id}/${id}`, headers: u.auth });
      }
      t.clock.advance(2 * DAY);
      await t.inject({
        method: 'POST',
        url: `/api/favorites/remove/${changedMind.id}/${id}`,
        headers: changedMind.auth,
      });
      await t.inject({ method: 'POST', url: '/api/job/clicks', payload: { uuid: id }, remoteAddress: '10.3.3.3' });
      await t.inject({
        method: 'POST',
        url: '/api/job/time',
        payload: { uuid: id, timeSpent: 20 },
        remoteAddress: '10.3.3.3',
      });
      const saver = await createUser(t);
      await t.inject({ method: 'POST', url: `/api/favorites/${saver.id}/${id}`, headers: saver.auth });

      const res = await t.inject({ method: 'GET', url: `/api/job/metrics/${id}`, headers: owner.auth });
      expect(res.statusCode).toBe(200);
      const m = res.json() as {
        timeSpent: number;
        numberOfClicks: number;
        favoritedBy: number;
        daily: { date: string; clicks: number; timeSpent: number; saves: number }[];
      };
      expect(m.numberOfClicks).toBe(9);
      expect(m.timeSpent).toBe(100);
      expect(m.favoritedBy).toBe(2);
      expect(m.daily).toHaveLength(45);
      expect(m.daily[44]).toEqual({ date: dayOf(start), clicks: 1, timeSpent: 20, saves: 1, applications: 0 });
      expect(m.daily[42]).toEqual({
        date: dayOf(start - 2 * DAY),
        clicks: 3,
        timeSpent: 30,
        saves: 1,
        applications: 0,
      });
      expect(m.daily[0]!.date).toBe(dayOf(start - 44 * DAY));
      expect(m.daily.reduce((s, d) => s + d.clicks, 0)).toBe(4);

      // Unsaving takes the save off the day it was made.
      await t.inject({ method: 'POST', url: `/api/favorites/remove/${saver.id}/${id}`, headers: saver.auth });
      const after = (
        await t.inject({ method: 'GET', url: `/api/job/metrics/${id}`, headers: owner.auth })
      ).json() as typeof m;
      expect(after.favoritedBy).toBe(1);
      expect(after.daily[44]!.saves).toBe(0);
      expect(after.daily[42]!.saves).toBe(1);
      expect(after.daily.reduce((n, d) => n + d.saves, 0)).toBe(after.favoritedBy);
    });

    it('answers 401 to anonymous callers and 403 to other users, and 404 for unknown jobs', async () => {
      const id = await createPublishedJob(t, owner.id);
      const anonymous = await t.inject({ method: 'GET', url: `/api/job/metrics/${id}` });
      expect(anonymous.statusCode).toBe(401);
      const intruder = await t.inject({ method: 'GET', url: `/api/job/metrics/${id}`, headers: other.auth });
      expect(intruder.statusCode).toBe(403);
      expect(intruder.json()).toMatchObject({ error: true, message: expect.any(String) as string });
      expect(intruder.body).not.toContain('numberOfClicks');
      const unknown = await t.inject({ method: 'GET', url: `/api/job/metrics/${randomUUID()}`, headers: owner.auth });
      expect(unknown.statusCode).toBe(404);
      expect((await t.inject({ method: 'GET', url: '/api/job/metrics/xyz', headers: owner.auth })).statusCode).toBe(
        400,
      );
    });

    it('shows metrics of the owner’s expired and unpublished jobs too', async () => {
      const expired = await createPublishedJob(t, owner.id, { published_at: t.clock.now() - 60 * DAY });
      const draft = await createPublishedJob(t, owner.id, { published_at: null });
      for (const id of [expired, draft]) {
        const res = await t.inject({ method: 'GET', url: `/api/job/metrics/${id}`, headers: owner.auth });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ numberOfClicks: 0, timeSpent: 0, favoritedBy: 0 });
      }
    });
  });
});
