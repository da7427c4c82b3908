import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGES } from '@teacheast/shared';
import {
  createTestApp,
  createUser,
  dialect,
  grantCredits,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { POSTING_LIFETIME_MS } from './lifecycle.js';
import { createSession } from '../accounts/sessions.js';
import { sendExpiryNotices } from './expiry-service.js';
import { VALID_DETAILS, createCompleteDraft, createDraft, jpegWithGps, pngDataUrl } from './test-factories.js';

const DAY = 86_400_000;

describe(`jobs (${dialect})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    other = await createUser(t);
  });
  afterAll(async () => t.close());

  const jobRow = (id: string) => t.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const balance = async (userId: string) =>
    (await t.db.selectFrom('credit_ledger').select('delta').where('user_id', '=', userId).execute()).reduce(
      (s, r) => s + r.delta,
      0,
    );
  /** Sessions last 30 days, and these tests move the clock further: log in again afterwards. */
  const relogin = async (user: TestUser) => {
    const token = await createSession(t.db, user.id, t.clock.now(), 30);
    user.token = token;
    user.auth = { authorization: `Bearer ${token}` };
  };
  const fileOf = (url: string) => path.join(t.mediaDir, url.slice('/media/'.length));
  const publish = async (user: TestUser, id: string) => {
    const res = await t.inject({ method: 'POST', url: `/api/job/publish/${id}/${user.id}`, headers: user.auth });
    expect(res.statusCode).toBe(200);
  };

  describe('creating a job', () => {
    it('uses one credit for an empty job, then refuses a second draft with HAS_JOB and no credit used', async () => {
      const user = await createUser(t);
      await grantCredits(t, user.id, 2);
      const first = await t.inject({ method: 'POST', url: `/api/jobs/create/${user.id}`, headers: user.auth });
      expect(first.statusCode).toBe(201);
      const { uuid } = first.json() as { uuid: string };
      expect(await jobRow(uuid)).toMatchObject({ user_id: user.id, company_name: '', published_at: null });
      expect(await balance(user.id)).toBe(1);
      const second = await t.inject({ method: 'POST', url: `/api/jobs/create/${user.id}`, headers: user.auth });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toMatchObject({ error: true, errorType: 'HAS_JOB', message: MESSAGES.hasJob });
      expect(await balance(user.id)).toBe(1);
    });

    it('answers 402 NO_CREDITS without a credit', async () => {
      const user = await createUser(t);
      const res = await t.inject({ method: 'POST', url: `/api/jobs/create/${user.id}`, headers: user.auth });
      expect(res.statusCode).toBe(402);
      expect(res.json()).toMatchObject({ errorType: 'NO_CREDITS' });
      expect(await t.db.selectFrom('jobs').select('id').where('user_id', '=', user.id).execute()).toHaveLength(0);
    });

    it('makes exactly one job from twenty concurrent creates with one credit', async () => {
      const user = await createUser(t);
      await grantCredits(t, user.id, 1);
      const results = await Promise.all(
        Array.from({ length: 20 }, () =>
          t.inject({ method: 'POST', url: `/api/jobs/create/${user.id}`, headers: user.auth }),
        ),
      );
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
      for (const r of results.filter((r) => r.statusCode !== 201)) expect([402, 409]).toContain(r.statusCode);
      expect(await t.db.selectFrom('jobs').select('id').where('user_id', '=', user.id).execute()).toHaveLength(1);
      expect(await balance(user.id)).toBe(0);
    });

    it('refuses anonymous callers and other users', async () => {
      await grantCredits(t, owner.id, 1);
      expect((await t.inject({ method: 'POST', url: `/api/jobs/create/${owner.id}` })).statusCode).toBe(401);
      expect(
        (await t.inject({ method: 'POST', url: `/api/jobs/create/${owner.id}`, headers: other.auth })).statusCode,
      ).toBe(403);
    });
  });

  describe('wizard routes belong to the job owner only', () => {
    const routes = (id: string, userId: string, thumbnail: string) => [
      { method: 'GET' as const, url: `/api/jobs/details/${id}/${userId}` },
      {
        method: 'POST' as const,
        url: `/api/jobs/details/${id}/${userId}`,
        payload: { ...VALID_DETAILS, companyName: 'Hijacked' },
      },
      { method: 'GET' as const, url: `/api/job/richtext/${id}/${userId}` },
      {
        method: 'POST' as const,
        url: `/api/job/richtext/${id}/${userId}`,
        payload: { descriptionHTML: '<p>Hijacked</p>' },
      },
      { method: 'GET' as const, url: `/api/job/image-crop/${id}/${userId}` },
      { method: 'POST' as const, url: `/api/job/image-crop/${id}/${userId}`, payload: { thumbnail } },
      { method: 'GET' as const, url: `/api/job/image-upload/${id}/${userId}` },
      { method: 'POST' as const, url: `/api/job/image-upload/${id}/${userId}`, payload: { images: [thumbnail] } },
      { method: 'GET' as const, url: `/api/job/preview/${id}/${userId}` },
      { method: 'POST' as const, url: `/api/job/publish/${id}/${userId}` },
      { method: 'POST' as const, url: `/api/jobs/relist/${id}/${userId}` },
    ];

    it('answers 401 to anonymous callers, 403 for another user\u2019s uuid and 404 for another user\u2019s job; nothing changes', async () => {
      const victim = await createUser(t);
      const id = await createCompleteDraft(t, victim);
      const before = await jobRow(id);
      const thumbnail = await pngDataUrl(320, 180);
      for (const route of routes(id, victim.id, thumbnail)) {
        const anon = await t.inject(route);
        expect(anon.statusCode, `${route.method} ${route.url} anonymous`).toBe(401);
        const asOther = await t.inject({ ...route, headers: other.auth });
        expect(asOther.statusCode, `${route.method} ${route.url} other user`).toBe(403);
      }
      // The other user's own uuid in the path, but the victim's job: not found for them.
      await grantCredits(t, other.id, 1);
      for (const route of routes(id, other.id, thumbnail)) {
        const res = await t.inject({ ...route, headers: other.auth });
        expect(res.statusCode, `${route.method} ${route.url} job of another user`).toBe(404);
      }
      expect(await jobRow(id)).toEqual(before);
      expect(await t.db.selectFrom('job_images').select('id').where('job_id', '=', id).execute()).toHaveLength(0);
      expect(await balance(other.id)).toBe(1);
    });
  });

  describe('details', () => {
    it('ignores status, dates, owner, images and counters sent with the form', async () => {
      const user = await createUser(t);
      const id = await createDraft(t, user);
      const res = await t.inject({
        method: 'POST',
        url: `/api/jobs/details/${id}/${user.id}`,
        headers: user.auth,
        payload: {
          ...VALID_DETAILS,
          published_at: 1,
          publishedDate: '2020-01-01T00:00:00.000Z',
          user_id: other.id,
          userId: other.id,
          thumbnail: '/media/img/evil.webp',
          images: ['/media/img/evil.webp'],
          favoritedBy: [other.id],
          status: 'published',
        },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({
        message: 'Job details saved.',
        job: { ...VALID_DETAILS, status: 'unpublished' },
      });
      const row = await jobRow(id);
      expect(row).toMatchObject({
        user_id: user.id,
        published_at: null,
        thumbnail: null,
        company_name: 'Blue Sky School',
      });
      const get = await t.inject({ method: 'GET', url: `/api/jobs/details/${id}/${user.id}`, headers: user.auth });
      expect(get.json()).toMatchObject({ job: { uuid: id, ...VALID_DETAILS } });
    });

    it('refuses invalid fields with their messages', async () => {
      const user = await createUser(t);
      const id = await createDraft(t, user);
      const res = await t.inject({
        method: 'POST',
        url: `/api/jobs/details/${id}/${user.id}`,
        headers: user.auth,
        payload: { ...VALID_DETAILS, companyName: '', city: 'Atlantis', link: 'http://x.example', pay: 'x' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        fields: { companyName: 'Required', link: 'Must include https://', pay: 'Must be at least 2 characters' },
      });
      expect((await jobRow(id)).company_name).toBe('');
    });

    it('keeps publishedDate when a published job is edited, and makes expired jobs read-only', async () => {
      const user = await createUser(t);
      const id = await createCompleteDraft(t, user);
      await publish(user, id);
      const { published_at } = await jobRow(id);
      t.clock.advance(DAY);
      const edit = await t.inject({
        method: 'POST',
        url: `/api/jobs/details/${id}/${user.id}`,
        headers: user.auth,
        payload: { ...VALID_DETAILS, companyName: 'Renamed School' },
      });
      expect(edit.statusCode).toBe(200);
      expect(await jobRow(id)).toMatchObject({ published_at, company_name: 'Renamed School' });
      t.clock.advance(POSTING_LIFETIME_MS);
      await relogin(user);
      const late = await t.inject({
        method: 'POST',
        url: `/api/jobs/details/${id}/${user.id}`,
        headers: user.auth,
        payload: { ...VALID_DETAILS, companyName: 'Too late' },
      });
      expect(late.statusCode).toBe(409);
      expect((await jobRow(id)).company_name).toBe('Renamed School');
    });
  });

  describe('description', () => {
    it('sanitises the HTML on save', async () => {
      const user = await createUser(t);
      const id = await createDraft(t, user);
      const res = await t.inject({
        method: 'POST',
        url: `/api/job/richtext/${id}/${user.id}`,
        headers: user.auth,
        payload: {
          descriptionHTML:
            '<h2 onclick="x()">Role</h2><script>alert(1)</script><p style="color:red">Hi <a href="javascript:alert(1)">bad</a> <a href="https://ok.example">ok</a><img src=x onerror=alert(1)></p>',
        },
      });
      expect(res.statusCode).toBe(200);
      const html = (res.json() as { descriptionHTML: string }).descriptionHTML;
      expect(html).not.toMatch(/script|onclick|onerror|style=|javascript:|<img/i);
      expect(html).toContain('<h2>Role</h2>');
      expect(html).toContain('href="https://ok.example"');
      expect((await jobRow(id)).description_html).toBe(html);
      const get = await t.inject({ method: 'GET', url: `/api/job/richtext/${id}/${user.id}`, headers: user.auth });
      expect(get.json()).toEqual({ descriptionHTML: html });
    });
  });

  describe('images', () => {
    it('stores the header crop as WebP in two sizes and deletes the old files on replacement', async () => {
      const user = await createUser(t);
      const id = await createDraft(t, user);
      const first = await t.inject({
        method: 'POST',
        url: `/api/job/image-crop/${id}/${user.id}`,
        headers: user.auth,
        payload: { thumbnail: await pngDataUrl(1600, 900) },
      });
      expect(first.statusCode).toBe(200);
      const body = first.json() as { success: boolean; message: string; thumbnail: string; tileThumbnail: string };
      expect(body).toMatchObject({ success: true, message: expect.any(String) as string });
      const large = await sharp(fileOf(body.thumbnail)).metadata();
      expect(large).toMatchObject({ format: 'webp', width: 1280, height: 720 });
      const tile = await sharp(fileOf(body.tileThumbnail)).metadata();
      expect(tile).toMatchObject({ format: 'webp', width: 480, height: 270 });
      expect(await jobRow(id)).toMatchObject({ thumbnail: body.thumbnail, tile_thumbnail: body.tileThumbnail });

      const second = await t.inject({
        method: 'POST',
        url: `/api/job/image-crop/${id}/${user.id}`,
        headers: user.auth,
        payload: { thumbnail: await pngDataUrl(800, 450, '#00aa00') },
      });
      expect(second.statusCode).toBe(200);
      expect(fs.existsSync(fileOf(body.thumbnail))).toBe(false);
      expect(fs.existsSync(fileOf(body.tileThumbnail))).toBe(false);
    });

    it('refuses bytes that are not an image, and images over 5,242,880 bytes', async () => {
      const user = await createUser(t);
      const id = await createDraft(t, user);
      const fake = `data:image/png;base64,${Buffer.from('<?php echo "not an image"; ?>').toString('base64')}`;
      const wrong = await t.inject({
        method: 'POST',
        url: `/api/job/image-crop/${id}/${user.id}`,
        headers: user.auth,
        payload: { thumbnail: fake },
      });
      expect(wrong.statusCode).toBe(415);
      const big = Buffer.alloc(5_242_881, 1);
      big.set([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      const tooBig = await t.inject({
        method: 'POST',
        url: `/api/job/image-upload/${id}/${user.id}`,
        headers: user.auth,
        payload: { images: [`data:image/png;base64,${big.toString('base64')}`] },
      });
      expect(tooBig.statusCode).toBe(413);
      expect(await jobRow(id)).toMatchObject({ thumbnail: null });
      expect(await t.db.selectFrom('job_images').select('id').where('job_id', '=', id).execute()).toHaveLength(0);
    });

    it('strips EXIF (GPS) from uploaded photos', async () => {
      const user = await createUser(t);
      const id = await createDraft(t, user);
      const jpeg = await jpegWithGps();
      expect((await sharp(jpeg).metadata()).exif).toBeDefined();
      const res = await t.inject({
        method: 'POST',
        url: `/api/job/image-upload/${id}/${user.id}`,
        headers: user.auth,
        payload: { images: [`data:image/jpeg;base64,${jpeg.toString('base64')}`] },
      });
      expect(res.statusCode).toBe(200);
      const [url] = (res.json() as { images: string[] }).images;
      const stored = fs.readFileSync(fileOf(url!));
      const meta = await sharp(stored).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(stored.includes(Buffer.from('Secret Phone'))).toBe(false);
    });

    it('keeps order, keeps listed URLs, deletes removed ones, fits 900x900 and refuses a 16th image', async () => {
      const user = await createUser(t);
      const id = await createDraft(t, user);
      const a = await pngDataUrl(1800, 1200, '#ff0000');
      const b = await pngDataUrl(200, 100, '#00ff00');
      const first = await t.inject({
        method: 'POST',
        url: `/api/job/image-upload/${id}/${user.id}`,
        headers: user.auth,
        payload: { images: [a, b] },
      });
      expect(first.statusCode).toBe(200);
      const [urlA, urlB] = (first.json() as { images: string[] }).images as [string, string];
      expect(await sharp(fileOf(urlA)).metadata()).toMatchObject({ width: 900, height: 600 });
      expect(await sharp(fileOf(urlB)).metadata()).toMatchObject({ width: 200, height: 100 });

      const c = await pngDataUrl(300, 300, '#0000ff');
      const second = await t.inject({
        method: 'POST',
        url: `/api/job/image-upload/${id}/${user.id}`,
        headers: user.auth,
        payload: { images: [c, urlB] },
      });
      expect(second.statusCode).toBe(200);
      const images = (second.json() as { images: string[] }).images;
      expect(images).toHaveLength(2);
      expect(images[1]).toBe(urlB);
      expect(fs.existsSync(fileOf(urlA))).toBe(false);
      const get = await t.inject({ method: 'GET', url: `/api/job/image-upload/${id}/${user.id}`, headers: user.auth });
      expect(get.json()).toEqual({ images });

      const sixteen = await t.inject({
        method: 'POST',
        url: `/api/job/image-upload/${id}/${user.id}`,
        headers: user.auth,
        payload: { images: [...images, ...Array.from({ length: 14 }, () => b)] },
      });
      expect(sixteen.statusCode).toBe(400);
      const foreign = await t.inject({
        method: 'POST',
        url: `/api/job/image-upload/${id}/${user.id}`,
        headers: user.auth,
        payload: { images: ['/media/img/someone-else.webp'] },
      });
      expect(foreign.statusCode).toBe(400);
      expect(
        (await t.inject({ method: 'GET', url: `/api/job/image-upload/${id}/${user.id}`, headers: user.auth })).json(),
      ).toEqual({ images });
    });
  });

  describe('preview and publish', () => {
    it('names what is missing, then publishes once', async () => {
      const user = await createUser(t);
      const id = await createDraft(t, user);
      const empty = await t.inject({ method: 'POST', url: `/api/job/publish/${id}/${user.id}`, headers: user.auth });
      expect(empty.statusCode).toBe(400);
      expect((empty.json() as { message: string }).message).toMatch(/company name.*a header image/);
      await t.inject({
        method: 'POST',
        url: `/api/jobs/details/${id}/${user.id}`,
        headers: user.auth,
        payload: VALID_DETAILS,
      });
      const noImage = await t.inject({ method: 'POST', url: `/api/job/publish/${id}/${user.id}`, headers: user.auth });
      expect(noImage.statusCode).toBe(400);
      expect((noImage.json() as { message: string }).message).toBe('Before publishing, please add: a header image.');
      expect((await jobRow(id)).published_at).toBeNull();

      await t.inject({
        method: 'POST',
        url: `/api/job/image-crop/${id}/${user.id}`,
        headers: user.auth,
        payload: { thumbnail: await pngDataUrl() },
      });
      const preview = await t.inject({ method: 'GET', url: `/api/job/preview/${id}/${user.id}`, headers: user.auth });
      expect(preview.statusCode).toBe(200);
      expect(preview.json()).toMatchObject({
        uuid: id,
        companyName: 'Blue Sky School',
        status: 'unpublished',
        publishedDate: null,
        images: [],
      });

      const results = await Promise.all(
        [1, 2].map(() => t.inject({ method: 'POST', url: `/api/job/publish/${id}/${user.id}`, headers: user.auth })),
      );
      for (const r of results) expect(r.statusCode).toBe(200);
      const messages = results.map((r) => (r.json() as { message: string }).message);
      expect(messages.filter((m) => m.startsWith('Your job is published'))).toHaveLength(1);
      const { published_at } = await jobRow(id);
      expect(published_at).toBe(t.clock.now());
      const search = await t.inject({ method: 'GET', url: '/api/filter-jobs?country=japan' });
      expect((search.json() as { results: { uuid: string }[] }).results.map((j) => j.uuid)).toContain(id);
    });
  });

  describe('account lists, expiry and relisting', () => {
    it('lists the user\u2019s own jobs by state, e-mails once before expiry, and relists an expired job with a credit', async () => {
      await relogin(other);
      const user = await createUser(t, `school-${Date.now()}@example.com`);
      const id = await createCompleteDraft(t, user);
      await t.inject({
        method: 'POST',
        url: `/api/job/image-upload/${id}/${user.id}`,
        headers: user.auth,
        payload: { images: [await pngDataUrl(400, 300)] },
      });
      const list = async (kind: 'unpublished/user' | 'published' | 'expired', key: string) => {
        const res = await t.inject({ method: 'GET', url: `/api/jobs/${kind}/${user.id}`, headers: user.auth });
        expect(res.statusCode).toBe(200);
        return ((res.json() as Record<string, { uuid: string }[]>)[key] ?? []).map((j) => j.uuid);
      };
      expect(await list('unpublished/user', 'unpublishedJobs')).toEqual([id]);
      await publish(user, id);
      expect(await list('unpublished/user', 'unpublishedJobs')).toEqual([]);
      expect(await list('published', 'publishedJobs')).toEqual([id]);
      for (const kind of ['unpublished/user', 'published', 'expired']) {
        expect((await t.inject({ method: 'GET', url: `/api/jobs/${kind}/${user.id}` })).statusCode).toBe(401);
        expect(
          (await t.inject({ method: 'GET', url: `/api/jobs/${kind}/${user.id}`, headers: other.auth })).statusCode,
        ).toBe(403);
      }

      // Relisting a live job is refused.
      await grantCredits(t, user.id, 1);
      expect(
        (await t.inject({ method: 'POST', url: `/api/jobs/relist/${id}/${user.id}`, headers: user.auth })).statusCode,
      ).toBe(409);

      // Day 39: not yet due. Day 41: due, and sent once however often the check runs.
      t.clock.advance(39 * DAY);
      await relogin(user);
      await sendExpiryNotices(t.deps);
      expect(await t.db.selectFrom('expiry_notices').selectAll().where('job_id', '=', id).execute()).toHaveLength(0);
      t.clock.advance(2 * DAY);
      await Promise.all([sendExpiryNotices(t.deps), sendExpiryNotices(t.deps), sendExpiryNotices(t.deps)]);
      expect(await sendExpiryNotices(t.deps)).toBe(0);
      expect(await t.db.selectFrom('expiry_notices').selectAll().where('job_id', '=', id).execute()).toHaveLength(1);
      const mail = await t.mailbox.waitFor(user.email, /expires on/);
      expect(mail.text).toContain('/account/expired');
      await t.deps.mail.flush();
      expect(t.mailbox.to(user.email).filter((m) => /expires on/.test(m.subject))).toHaveLength(1);

      t.clock.advance(5 * DAY);
      await relogin(user);
      expect(await list('published', 'publishedJobs')).toEqual([]);
      expect(await list('expired', 'expiredJobs')).toEqual([id]);
      const search = await t.inject({ method: 'GET', url: '/api/filter-jobs?country=japan' });
      expect((search.json() as { results: { uuid: string }[] }).results.map((j) => j.uuid)).not.toContain(id);

      const before = await balance(user.id);
      const relist = await t.inject({ method: 'POST', url: `/api/jobs/relist/${id}/${user.id}`, headers: user.auth });
      expect(relist.statusCode).toBe(201);
      const copyId = (relist.json() as { uuid: string }).uuid;
      expect(await balance(user.id)).toBe(before - 1);
      const copy = await jobRow(copyId);
      const old = await jobRow(id);
      expect(copy).toMatchObject({
        company_name: old.company_name,
        published_at: null,
        relisted_from: id,
        user_id: user.id,
      });
      expect(copy.thumbnail).not.toBe(old.thumbnail);
      expect(fs.existsSync(fileOf(copy.thumbnail!))).toBe(true);
      const copyImages = await t.inject({
        method: 'GET',
        url: `/api/job/image-upload/${copyId}/${user.id}`,
        headers: user.auth,
      });
      expect((copyImages.json() as { images: string[] }).images).toHaveLength(1);
      // HAS_JOB applies to relisting too.
      await grantCredits(t, user.id, 1);
      const again = await t.inject({ method: 'POST', url: `/api/jobs/relist/${id}/${user.id}`, headers: user.auth });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toMatchObject({ errorType: 'HAS_JOB' });
    });
  });
});
