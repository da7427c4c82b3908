import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { MESSAGES, type ErrorBody, type Resume } from '@teacheast/shared';
import { createTestApp, createUser, dialect, type TestApp, type TestUser } from '../../../test/harness.js';
import { createSubscription } from '../subscriptions/test-factories.js';
import { PDF_LINK_TTL_MS } from './signed-links.js';
import { COMPLETE_DETAILS, createResume, imageDataUrl, pdfBytes, pdfDataUrl } from './test-factories.js';

describe(`resumes (${dialect})`, () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    owner = await createUser(t);
    other = await createUser(t);
  });

  const resumeRow = (userId: string) =>
    t.db.selectFrom('resumes').selectAll().where('user_id', '=', userId).executeTakeFirst();

  async function putDetails(user: TestUser, body: object = COMPLETE_DETAILS) {
    return t.inject({ method: 'PUT', url: `/api/post-resume/details/${user.id}`, headers: user.auth, payload: body });
  }

  async function patchResume(user: TestUser, body: object) {
    return t.inject({ method: 'PATCH', url: `/api/post-resume/resume/${user.id}`, headers: user.auth, payload: body });
  }

  async function publishFullResume(user: TestUser) {
    expect((await putDetails(user)).statusCode).toBe(200);
    expect((await patchResume(user, { resumeUrl: pdfDataUrl() })).statusCode).toBe(200);
    expect(
      (await t.inject({ method: 'POST', url: `/api/post-resume/publish/${user.id}`, headers: user.auth })).statusCode,
    ).toBe(200);
    return (await resumeRow(user.id))!;
  }

  describe('every wizard route is the owner’s only', () => {
    const routes = [
      { method: 'GET', path: 'details' },
      { method: 'PUT', path: 'details', body: COMPLETE_DETAILS },
      { method: 'GET', path: 'profile-image' },
      { method: 'PATCH', path: 'profile-image', body: { profileImage: 'data:image/png;base64,AAAA' } },
      { method: 'GET', path: 'resume' },
      { method: 'PATCH', path: 'resume', body: { resumeHtml: '<p>Hello there, schools</p>' } },
      { method: 'GET', path: 'preview' },
      { method: 'POST', path: 'publish' },
    ] as const;

    for (const route of routes) {
      it(`${route.method} ${route.path}: 401 anonymous, 403 for another user, nothing changed`, async () => {
        await putDetails(owner);
        const before = await resumeRow(owner.id);
        const payload = 'body' in route ? route.body : undefined;
        const url = `/api/post-resume/${route.path}/${owner.id}`;
        const anon = await t.inject({ method: route.method, url, payload });
        expect(anon.statusCode).toBe(401);
        expect(anon.json()).toMatchObject({ error: true, message: expect.any(String) as string });
        const foreign = await t.inject({ method: route.method, url, payload, headers: other.auth });
        expect(foreign.statusCode).toBe(403);
        expect(foreign.json()).toMatchObject({ error: true });
        expect(await resumeRow(owner.id)).toEqual(before);
        expect(await resumeRow(other.id)).toBeUndefined();
      });
    }
  });

  describe('details', () => {
    it('answers empty values with the account e-mail before the first save', async () => {
      const res = await t.inject({ method: 'GET', url: `/api/post-resume/details/${owner.id}`, headers: owner.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        name: '',
        email: owner.email,
        nationality: '',
        education: '',
        experience: '',
        desiredCountry: '',
        desiredStartDate: '',
        desiredAgeGroup: '',
      });
      expect(await resumeRow(owner.id)).toBeUndefined();
    });

    it('creates the resume on the first save and updates it on the next', async () => {
      const first = await putDetails(owner);
      expect(first.statusCode).toBe(200);
      expect(first.json()).toEqual(COMPLETE_DETAILS);
      const created = await resumeRow(owner.id);
      expect(created).toMatchObject({ name: 'Alex Teacher', desired_country: 'Japan', published_at: null });

      const second = await putDetails(owner, { ...COMPLETE_DETAILS, name: 'Alex T.', experience: '10+' });
      expect(second.json()).toMatchObject({ name: 'Alex T.', experience: '10+' });
      const updated = await resumeRow(owner.id);
      expect(updated!.id).toBe(created!.id);
      const count = await t.db
        .selectFrom('resumes')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', owner.id)
        .executeTakeFirst();
      expect(Number(count!.n)).toBe(1);
    });

    it('requires every field and only known values', async () => {
      const res = await putDetails(owner, { ...COMPLETE_DETAILS, name: '  ', nationality: 'Mars', email: 'nope' });
      expect(res.statusCode).toBe(400);
      const body = res.json<ErrorBody>();
      expect(body.errorType).toBe('VALIDATION');
      expect(body.fields).toMatchObject({ name: 'Required', nationality: 'Required', email: 'Invalid email address' });

      const missing = await putDetails(owner, { name: 'A' });
      expect(missing.statusCode).toBe(400);
      expect(Object.keys(missing.json<ErrorBody>().fields ?? {})).toEqual(
        expect.arrayContaining([
          'email',
          'nationality',
          'education',
          'experience',
          'desiredCountry',
          'desiredStartDate',
          'desiredAgeGroup',
        ]),
      );
      const wrongAge = await putDetails(owner, { ...COMPLETE_DETAILS, desiredAgeGroup: 'College' });
      expect(wrongAge.statusCode).toBe(400);
      expect(await resumeRow(owner.id)).toBeUndefined();
    });

    it('moves lastUpdatedAt forward when a published resume is edited', async () => {
      const published = await publishFullResume(owner);
      t.clock.advance(60_000);
      await putDetails(owner, { ...COMPLETE_DETAILS, education: 'Masters' });
      const edited = (await resumeRow(owner.id))!;
      expect(edited.last_updated_at).toBe(published.last_updated_at + 60_000);
      expect(edited.published_at).toBe(published.published_at);
    });
  });

  describe('profile image', () => {
    it('re-encodes a square 400x400 WebP without metadata under a private key', async () => {
      const res = await t.inject({
        method: 'PATCH',
        url: `/api/post-resume/profile-image/${owner.id}`,
        headers: owner.auth,
        payload: { profileImage: await imageDataUrl('jpeg') },
      });
      expect(res.statusCode).toBe(200);
      const row = (await resumeRow(owner.id))!;
      expect(row.profile_image).toMatch(/^private\/resume-photo-[0-9a-f-]+\.webp$/);
      const url = res.json<{ profileImage: string }>().profileImage;
      expect(url).toMatch(new RegExp(`^/api/resume-image/${row.id}\\?expires=\\d+&sig=[0-9a-f]{64}$`));

      const image = await t.inject({ method: 'GET', url });
      expect(image.statusCode).toBe(200);
      expect(image.headers['content-type']).toBe('image/webp');
      expect(image.headers['x-content-type-options']).toBe('nosniff');
      expect(String(image.headers['cache-control'])).toMatch(/^private, max-age=\d+$/);
      const meta = await sharp(image.rawPayload).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 });
      expect(meta.exif).toBeUndefined();

      // Never reachable as public media.
      const publicTry = await t.inject({ method: 'GET', url: `/media/${row.profile_image}` });
      expect(publicTry.statusCode).toBe(404);
    });

    it('replaces the old photo and deletes its file', async () => {
      const patch = async () =>
        t.inject({
          method: 'PATCH',
          url: `/api/post-resume/profile-image/${owner.id}`,
          headers: owner.auth,
          payload: { profileImage: await imageDataUrl() },
        });
      await patch();
      const firstKey = (await resumeRow(owner.id))!.profile_image!;
      expect(fs.existsSync(path.join(t.mediaDir, firstKey))).toBe(true);
      await patch();
      const secondKey = (await resumeRow(owner.id))!.profile_image!;
      expect(secondKey).not.toBe(firstKey);
      expect(fs.existsSync(path.join(t.mediaDir, firstKey))).toBe(false);
      expect(fs.existsSync(path.join(t.mediaDir, secondKey))).toBe(true);
    });

    it('refuses what is not an image, by its bytes', async () => {
      const res = await t.inject({
        method: 'PATCH',
        url: `/api/post-resume/profile-image/${owner.id}`,
        headers: owner.auth,
        payload: { profileImage: `data:image/png;base64,${Buffer.from('<svg onload=alert(1)>').toString('base64')}` },
      });
      expect(res.statusCode).toBe(415);
      expect((await resumeRow(owner.id))?.profile_image ?? null).toBeNull();
    });
  });

  describe('resume text or PDF', () => {
    it('stores a PDF privately and serves it through a signed link with safe headers', async () => {
      const res = await patchResume(owner, { resumeUrl: pdfDataUrl() });
      expect(res.statusCode).toBe(200);
      const row = (await resumeRow(owner.id))!;
      expect(row.resume_pdf_key).toMatch(/^private\/resume-[0-9a-f-]+\.pdf$/);
      expect(res.json<Resume>().resumeHtml).toBe('');
      const link = res.json<Resume>().resumeUrl;
      expect(link).toMatch(new RegExp(`^/api/resume-pdf/${row.id}\\?expires=\\d+&sig=[0-9a-f]{64}$`));
      const pdf = await t.inject({ method: 'GET', url: link });
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe('inline; filename="resume.pdf"');
      expect(pdf.headers['x-content-type-options']).toBe('nosniff');
      expect(pdf.rawPayload.equals(pdfBytes())).toBe(true);
    });

    it('accepts exactly 1,000,000 bytes and refuses one more with 413', async () => {
      expect((await patchResume(owner, { resumeUrl: pdfDataUrl(pdfBytes(1_000_000)) })).statusCode).toBe(200);
      const keyBefore = (await resumeRow(owner.id))!.resume_pdf_key;
      const big = await patchResume(owner, { resumeUrl: pdfDataUrl(pdfBytes(1_000_001)) });
      expect(big.statusCode).toBe(413);
      expect(big.json()).toMatchObject({ error: true, message: MESSAGES.fileTooLarge });
      expect((await resumeRow(owner.id))!.resume_pdf_key).toBe(keyBefore);
    });

    it('refuses files that are not PDFs with 415, by bytes and by type', async () => {
      await patchResume(owner, { resumeHtml: '<p>My existing resume text</p>' });
      const before = await resumeRow(owner.id);
      const fake = await patchResume(owner, { resumeUrl: pdfDataUrl(Buffer.from('MZ not a pdf at all')) });
      expect(fake.statusCode).toBe(415);
      const png = await patchResume(owner, { resumeUrl: pdfDataUrl(pdfBytes(), 'image/png') });
      expect(png.statusCode).toBe(415);
      const notData = await patchResume(owner, { resumeUrl: 'https://evil.example/resume.pdf' });
      expect(notData.statusCode).toBe(400);
      expect(await resumeRow(owner.id)).toEqual(before);
    });

    it('saving text clears the PDF and saving a PDF clears the text', async () => {
      await patchResume(owner, { resumeUrl: pdfDataUrl() });
      const pdfRow = (await resumeRow(owner.id))!;
      const oldLink: string = (
        await t.inject({ method: 'GET', url: `/api/post-resume/resume/${owner.id}`, headers: owner.auth })
      ).json<Resume>().resumeUrl;

      const text = await patchResume(owner, { resumeHtml: '<p>I have taught for <b>five</b> years.</p>' });
      expect(text.json()).toEqual({ resumeHtml: '<p>I have taught for <b>five</b> years.</p>', resumeUrl: '' });
      expect((await resumeRow(owner.id))!.resume_pdf_key).toBeNull();
      expect(fs.existsSync(path.join(t.mediaDir, pdfRow.resume_pdf_key!))).toBe(false);
      expect((await t.inject({ method: 'GET', url: oldLink })).statusCode).toBe(403);

      const pdf = await patchResume(owner, { resumeUrl: pdfDataUrl() });
      expect(pdf.json<Resume>().resumeHtml).toBe('');
      expect((await resumeRow(owner.id))!.resume_html).toBe('');
    });

    it('ignores text of 8 characters or fewer and sanitises the rest', async () => {
      await patchResume(owner, { resumeUrl: pdfDataUrl() });
      const before = await resumeRow(owner.id);
      const short = await patchResume(owner, { resumeHtml: '<p><b>12345678</b></p>' });
      expect(short.statusCode).toBe(200);
      expect(short.json<Resume>().resumeUrl).not.toBe('');
      expect(await resumeRow(owner.id)).toEqual(before);

      const saved = await patchResume(owner, {
        resumeHtml: '<p onclick="x()">123456789</p><script>alert(1)</script><a href="javascript:alert(1)">x</a>',
      });
      expect(saved.json<Resume>().resumeHtml).toBe(
        '<p>123456789</p><a rel="noopener noreferrer nofollow" target="_blank">x</a>',
      );
    });

    it('needs exactly one of text or PDF', async () => {
      expect((await patchResume(owner, {})).statusCode).toBe(400);
      expect(
        (await patchResume(owner, { resumeHtml: '<p>long enough text</p>', resumeUrl: pdfDataUrl() })).statusCode,
      ).toBe(400);
    });
  });

  describe('preview and publish', () => {
    it('refuses an incomplete resume, naming what is missing', async () => {
      const none = await t.inject({ method: 'POST', url: `/api/post-resume/publish/${owner.id}`, headers: owner.auth });
      expect(none.statusCode).toBe(400);
      expect(none.json<ErrorBody>().message).toContain('name');
      await putDetails(owner);
      const noResume = await t.inject({
        method: 'POST',
        url: `/api/post-resume/publish/${owner.id}`,
        headers: owner.auth,
      });
      expect(noResume.statusCode).toBe(400);
      expect(noResume.json()).toMatchObject({
        errorType: 'INCOMPLETE_RESUME',
        fields: { resume: expect.any(String) as string },
      });
      expect(noResume.json<ErrorBody>().message).toContain('a resume (rich text or a PDF)');
      expect(noResume.json<ErrorBody>().message).not.toContain('nationality');
      expect((await resumeRow(owner.id))!.published_at).toBeNull();
    });

    it('publishes a complete resume and shows it in the preview', async () => {
      const emptyPreview = await t.inject({
        method: 'GET',
        url: `/api/post-resume/preview/${owner.id}`,
        headers: owner.auth,
      });
      expect(emptyPreview.statusCode).toBe(404);
      await putDetails(owner);
      await patchResume(owner, { resumeHtml: '<p>Ten years in Osaka.</p>' });
      t.clock.advance(1000);
      const res = await t.inject({ method: 'POST', url: `/api/post-resume/publish/${owner.id}`, headers: owner.auth });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: expect.any(String) as string });
      const row = (await resumeRow(owner.id))!;
      expect(row.published_at).toBe(t.clock.now());
      expect(row.last_updated_at).toBe(t.clock.now());
      const preview = await t.inject({
        method: 'GET',
        url: `/api/post-resume/preview/${owner.id}`,
        headers: owner.auth,
      });
      expect(preview.json()).toMatchObject({
        uuid: row.id,
        name: 'Alex Teacher',
        email: 'alex@example.com',
        resumeHtml: '<p>Ten years in Osaka.</p>',
        resumeUrl: '',
        published: true,
        lastUpdatedAt: new Date(t.clock.now()).toISOString(),
      });
    });
  });

  describe('resume page', () => {
    it('is refused to anonymous visitors and to users without a subscription', async () => {
      const id = await createResume(t, owner.id);
      const anon = await t.inject({ method: 'GET', url: `/api/resume-details/${id}` });
      expect(anon.statusCode).toBe(401);
      const res = await t.inject({ method: 'GET', url: `/api/resume-details/${id}`, headers: other.auth });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({
        error: true,
        errorType: 'SUBSCRIPTION_REQUIRED',
        message: expect.any(String) as string,
      });
    });

    it('is shown to its owner, even unpublished, and to subscribers when published', async () => {
      const id = await createResume(t, owner.id, { published_at: null });
      const mine = await t.inject({ method: 'GET', url: `/api/resume-details/${id}`, headers: owner.auth });
      expect(mine.statusCode).toBe(200);
      expect(mine.json()).toMatchObject({ uuid: id, published: false });

      await createSubscription(t, other.id);
      const hidden = await t.inject({ method: 'GET', url: `/api/resume-details/${id}`, headers: other.auth });
      expect(hidden.statusCode).toBe(404);
      const missing = await t.inject({
        method: 'GET',
        url: '/api/resume-details/00000000-0000-4000-8000-000000000000',
        headers: other.auth,
      });
      expect(missing.statusCode).toBe(404);

      await t.db.updateTable('resumes').set({ published_at: t.clock.now() }).where('id', '=', id).execute();
      const shown = await t.inject({ method: 'GET', url: `/api/resume-details/${id}`, headers: other.auth });
      expect(shown.statusCode).toBe(200);
      expect(shown.json()).toEqual({
        uuid: id,
        name: 'Sam Example',
        email: 'sam@example.com',
        nationality: 'Canada',
        education: 'Bachelors',
        experience: '3',
        desiredCountry: 'Japan',
        desiredStartDate: 'March',
        desiredAgeGroup: 'Children',
        profileImage: null,
        resumeHtml: '<p>Five years of teaching English.</p>',
        resumeUrl: '',
        published: true,
        lastUpdatedAt: new Date(t.clock.now()).toISOString(),
      });
      expect(shown.headers['cache-control']).toBe('private, no-store');
    });

    it('gives subscribers a PDF link that expires after a few minutes', async () => {
      const row = await publishFullResume(owner);
      await createSubscription(t, other.id, { currentPeriodEnd: t.clock.now() + 365 * 86_400_000 });
      const res = await t.inject({ method: 'GET', url: `/api/resume-details/${row.id}`, headers: other.auth });
      const link = res.json<Resume>().resumeUrl;
      expect((await t.inject({ method: 'GET', url: link })).statusCode).toBe(200);

      const tampered = link.replace(/sig=([0-9a-f])/, (_, c: string) => `sig=${c === '0' ? '1' : '0'}`);
      expect((await t.inject({ method: 'GET', url: tampered })).statusCode).toBe(403);
      const otherResume = link.replace(row.id, '00000000-0000-4000-8000-000000000000');
      expect((await t.inject({ method: 'GET', url: otherResume })).statusCode).toBe(403);
      const later = link.replace(/expires=(\d+)/, (_, e: string) => `expires=${Number(e) + 3_600_000}`);
      expect((await t.inject({ method: 'GET', url: later })).statusCode).toBe(403);

      t.clock.advance(PDF_LINK_TTL_MS - 1000);
      expect((await t.inject({ method: 'GET', url: link })).statusCode).toBe(200);
      t.clock.advance(2000);
      const expired = await t.inject({ method: 'GET', url: link });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toMatchObject({ error: true, message: expect.stringContaining('expired') as string });
    });
  });

  describe('resume board', () => {
    const board = (user: TestUser, query = '', asUser: TestUser = user) =>
      t.inject({ method: 'GET', url: `/api/resume-board/filter/${user.id}?${query}`, headers: asUser.auth });

    it('is refused anonymously, for another user, and without a subscription (even to resume owners)', async () => {
      await createResume(t, owner.id);
      expect((await t.inject({ method: 'GET', url: `/api/resume-board/filter/${owner.id}?page=1` })).statusCode).toBe(
        401,
      );
      await createSubscription(t, other.id);
      expect((await board(owner, 'page=1', other)).statusCode).toBe(403);
      const mine = await board(owner, 'page=1');
      expect(mine.statusCode).toBe(403);
      expect(mine.json()).toMatchObject({ errorType: 'SUBSCRIPTION_REQUIRED' });
    });

    describe('with a subscription', () => {
      let school: TestUser;
      beforeEach(async () => {
        // Only this test's resumes, so the counts are exact.
        await t.db.deleteFrom('resumes').execute();
        school = await createUser(t);
        await createSubscription(t, school.id);
      });

      it('lists published resumes only, newest update first, 12 per page: 25 give 12, 12, 1', async () => {
        const base = t.clock.now();
        const ids: string[] = [];
        for (let i = 0; i < 25; i++) {
          const teacher = await createUser(t);
          ids.push(await createResume(t, teacher.id, { name: `Teacher ${i}`, last_updated_at: base - i * 1000 }));
        }
        const drafter = await createUser(t);
        await createResume(t, drafter.id, { published_at: null, last_updated_at: base + 5000 });

        const pages = await Promise.all([1, 2, 3, 4].map((p) => board(school, `page=${p}`)));
        const results = pages.map((p) => p.json<{ results: { uuid: string; name: string }[] }>().results);
        expect(results.map((r) => r.length)).toEqual([12, 12, 1, 0]);
        expect(results.flat().map((r) => r.uuid)).toEqual(ids);
        expect(results[0]![0]).toMatchObject({ name: 'Teacher 0', lastUpdatedAt: new Date(base).toISOString() });
        expect(results[0]![0]).not.toHaveProperty('email');
      });

      it('filters by each field and by all of them together', async () => {
        const make = async (fields: Parameters<typeof createResume>[2]) =>
          createResume(t, (await createUser(t)).id, fields);
        const a = await make({
          nationality: 'Ireland',
          education: 'Masters',
          experience: '10+',
          desired_country: 'South Korea',
          desired_start_date: 'September',
          desired_age_group: 'Adults',
        });
        const b = await make({
          nationality: 'Ireland',
          education: 'Bachelors',
          experience: '2',
          desired_country: 'Japan',
          desired_start_date: 'March',
          desired_age_group: 'Children',
        });
        const c = await make({
          nationality: 'Australia',
          education: 'Masters',
          experience: '10+',
          desired_country: 'South Korea',
          desired_start_date: 'September',
          desired_age_group: 'University',
        });
        const uuids = async (query: string) =>
          (await board(school, query))
            .json<{ results: { uuid: string }[] }>()
            .results.map((r) => r.uuid)
            .sort();

        expect(await uuids('nationality=Ireland')).toEqual([a, b].sort());
        expect(await uuids('education=Masters')).toEqual([a, c].sort());
        expect(await uuids('experience=10%2B')).toEqual([a, c].sort());
        expect(await uuids('desiredCountry=South%20Korea')).toEqual([a, c].sort());
        expect(await uuids('desiredStartDate=March')).toEqual([b]);
        expect(await uuids('desiredAgeGroup=University')).toEqual([c]);
        expect(
          await uuids(
            'nationality=Ireland&education=Masters&experience=10%2B&desiredCountry=South%20Korea&desiredStartDate=September&desiredAgeGroup=Adults&page=1',
          ),
        ).toEqual([a]);
        expect(await uuids('nationality=Ireland&desiredAgeGroup=University')).toEqual([]);
        expect(await uuids('nationality=&education=&page=')).toEqual([a, b, c].sort());
        const bad = await board(school, 'nationality=Mars');
        expect(bad.statusCode).toBe(400);
      });

      it('serves tile photos through signed links only', async () => {
        const teacher = await createUser(t);
        await t.inject({
          method: 'PATCH',
          url: `/api/post-resume/profile-image/${teacher.id}`,
          headers: teacher.auth,
          payload: { profileImage: await imageDataUrl() },
        });
        await t.inject({
          method: 'PUT',
          url: `/api/post-resume/details/${teacher.id}`,
          headers: teacher.auth,
          payload: COMPLETE_DETAILS,
        });
        await patchResume(teacher, { resumeHtml: '<p>Long enough resume</p>' });
        await t.inject({ method: 'POST', url: `/api/post-resume/publish/${teacher.id}`, headers: teacher.auth });
        const [tile] = (await board(school, 'page=1')).json<{ results: { profileImage: string }[] }>().results;
        expect(tile!.profileImage).toMatch(/^\/api\/resume-image\/[0-9a-f-]+\?expires=\d+&sig=[0-9a-f]{64}$/);
        expect((await t.inject({ method: 'GET', url: tile!.profileImage })).statusCode).toBe(200);
        const unsigned = tile!.profileImage.split('?')[0]!;
        expect((await t.inject({ method: 'GET', url: unsigned })).statusCode).toBe(400);
      });
    });
  });
});
