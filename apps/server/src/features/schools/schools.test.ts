// School profiles over HTTP (BEYOND §8): an employer's schools, the job posted under one, the public
// page and directory, the logo, registration checks as the owner sees them and as an operator decides
// them, the sitemap and the page's JSON-LD, and the account's export and deletion.
import fs from 'node:fs';
import path from 'node:path';
import {
  SCHOOLS_PER_ACCOUNT,
  SCHOOL_ABOUT_TEXT_MAX,
  type Job,
  type JobTile,
  type OwnSchool,
  type PageHead,
  type School,
  type SchoolDirectoryEntry,
  type SchoolPageAnswer,
} from '@teacheast/shared';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  TEST_PASSWORD,
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  grantCredits,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { createSession } from '../accounts/sessions.js';
import { headTags } from '../discovery/page-head.js';
import { POSTING_LIFETIME_MS } from '../jobs/lifecycle.js';
import { VALID_DETAILS, createCompleteDraft, createDraft, pngDataUrl } from '../jobs/test-factories.js';
import { CITY_OF, REGISTRATION_NUMBERS, createOperator, createSchool, pendingCheckOf } from './test-factories.js';

const DAY = 86_400_000;

describe(`school profiles (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());
  // Each test counts its own jobs and checks: none are left from the one before (schools stay, each
  // test makes its own under names of its own).
  afterEach(async () => {
    await t.db.deleteFrom('jobs').execute();
    await t.db.deleteFrom('school_verifications').execute();
  });

  const create = (payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.inject({ method: 'POST', url: '/api/schools', headers, payload });
  const patch = (slug: string, payload: Record<string, unknown>, headers: Record<string, string> = {}) =>
    t.inject({ method: 'PATCH', url: `/api/schools/${slug}`, headers, payload });
  const mySchools = async (user: TestUser) => {
    const res = await t.inject({ method: 'GET', url: '/api/my-schools', headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ schools: OwnSchool[] }>().schools;
  };
  const schoolPage = async (slug: string) => {
    const res = await t.inject({ method: 'GET', url: `/api/schools/${slug}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SchoolPageAnswer>();
  };
  /** Posts the job under the owner's school `schoolSlug` (null: under none) through the details step. */
  const postUnder = (user: TestUser, jobId: string, schoolSlug: string | null) =>
    t.inject({
      method: 'POST',
      url: `/api/jobs/details/${jobId}/${user.id}`,
      headers: user.auth,
      payload: { ...VALID_DETAILS, schoolSlug },
    });
  const postUnderOk = async (user: TestUser, jobId: string, schoolSlug: string | null) => {
    const res = await postUnder(user, jobId, schoolSlug);
    expect(res.statusCode, res.body).toBe(200);
  };
  /** The job's tile in the search of its country (japan: VALID_DETAILS and createPublishedJob). */
  const tileOf = async (jobId: string, country = 'japan') => {
    const res = await t.inject({ method: 'GET', url: `/api/filter-jobs?country=${country}&page=1` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ results: JobTile[] }>().results.find((j) => j.uuid === jobId);
  };
  const recordOf = async (jobId: string) => {
    const res = await t.inject({ method: 'GET', url: `/api/job/${jobId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ job: Job }>().job;
  };
  const publish = async (user: TestUser, jobId: string) => {
    const res = await t.inject({ method: 'POST', url: `/api/job/publish/${jobId}/${user.id}`, headers: user.auth });
    expect(res.statusCode, res.body).toBe(200);
  };
  /** Sessions last 30 days: after the clock moves further, a user logs in again. */
  const relogin = async (user: TestUser) => {
    user.token = await createSession(t.db, user.id, t.clock.now(), 30);
    user.auth = { authorization: `Bearer ${user.token}` };
  };
  const requestCheck = (user: TestUser, slug: string, registrationNumber: string) =>
    t.inject({
      method: 'POST',
      url: `/api/schools/${slug}/verification`,
      headers: user.auth,
      payload: { registrationNumber },
    });
  const decide = (operator: TestUser, id: string, action: 'approve' | 'reject', note?: string) =>
    t.inject({
      method: 'POST',
      url: `/api/operator/verifications/${id}/${action}`,
      headers: operator.auth,
      payload: note === undefined ? {} : { note },
    });
  /** The owner asks for a check of `number` and an operator approves it. */
  const verify = async (owner: TestUser, slug: string, number: string, operator: TestUser) => {
    const asked = await requestCheck(owner, slug, number);
    expect(asked.statusCode, asked.body).toBe(202);
    const check = await pendingCheckOf(t, operator, slug);
    const approved = await decide(operator, check.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    return approved.json<{ id: string; status: string; checkedAt: string }>();
  };

  describe('creating a school', () => {
    it('answers 201 with the school and a slug made of the name’s words, with a suffix when taken', async () => {
      const owner = await createUser(t);
      const res = await create(
        {
          name: '  Sunrise  English Academy (Gangnam)! ',
          country: 'south-korea',
          city: 'Seoul',
          kind: 'language_centre',
          website: 'https://sunrise.example/about',
          foundedYear: 2004,
          foreignTeachers: 12,
        },
        owner.auth,
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(res.headers['cache-control']).toContain('no-store');
      expect(res.json<{ school: OwnSchool }>().school).toEqual({
        slug: 'sunrise-english-academy-gangnam',
        name: 'Sunrise  English Academy (Gangnam)!',
        country: 'south-korea',
        city: 'Seoul',
        kind: 'language_centre',
        website: 'https://sunrise.example/about',
        aboutHTML: '',
        foundedYear: 2004,
        foreignTeachers: 12,
        logo: null,
        verified: false,
        registration: null,
      });
      // The same name again, by anyone: the next free suffix.
      const again = await createSchool(t, owner, { name: 'Sunrise English Academy Gangnam' });
      expect(again.slug).toBe('sunrise-english-academy-gangnam-2');
      const third = await createSchool(t, await createUser(t), { name: 'SUNRISE english academy, gangnam' });
      expect(third.slug).toBe('sunrise-english-academy-gangnam-3');
      // Letters with accents keep their letter.
      expect((await createSchool(t, owner, { name: 'École Française de Séoul' })).slug).toBe(
        'ecole-francaise-de-seoul',
      );
    });

    it('names a school of CJK characters only "school", then "school-2"', async () => {
      const owner = await createUser(t);
      const first = await createSchool(t, owner, { name: '東京英語学院', country: 'japan', city: 'Tokyo' });
      const second = await createSchool(t, owner, { name: '서울영어학원', country: 'south-korea', city: 'Seoul' });
      expect([first.slug, second.slug]).toEqual(['school', 'school-2']);
      expect(first.name).toBe('東京英語学院');
      expect((await schoolPage('school-2')).school.name).toBe('서울영어학원');
    });

    it('refuses bad fields with 400 and `fields`, and creates nothing', async () => {
      const owner = await createUser(t);
      const valid = { name: 'Field Test School', country: 'japan', city: 'Tokyo', kind: 'private_school' } as const;
      const cases: [Record<string, unknown>, string][] = [
        [{ ...valid, name: 'A' }, 'name'],
        [{ ...valid, name: ' A ' }, 'name'],
        [{ ...valid, name: 'x'.repeat(121) }, 'name'],
        [{ ...valid, city: 'Seoul' }, 'city'],
        [{ ...valid, city: 'Atlantis' }, 'city'],
        [{ ...valid, country: 'france', city: 'Paris' }, 'country'],
        [{ ...valid, kind: 'cram_school' }, 'kind'],
        [{ ...valid, website: 'http://field-test.example' }, 'website'],
        [{ ...valid, website: 'field-test.example' }, 'website'],
        [{ ...valid, foreignTeachers: 501 }, 'foreignTeachers'],
        [{ ...valid, foreignTeachers: -1 }, 'foreignTeachers'],
        [{ ...valid, foreignTeachers: 2.5 }, 'foreignTeachers'],
        [{ ...valid, foundedYear: 1700 }, 'foundedYear'],
        [{ ...valid, verified: true }, 'verified'],
        [{ ...valid, slug: 'chosen-slug' }, 'slug'],
        [{ country: 'japan', city: 'Tokyo', kind: 'private_school' }, 'name'],
        [{ ...valid, kind: undefined }, 'kind'],
      ];
      for (const [payload, field] of cases) {
        const res = await create(payload, owner.auth);
        expect([field, res.statusCode], res.body).toEqual([field, 400]);
        const body = res.json<{ error: boolean; fields: Record<string, string> }>();
        expect(body.error).toBe(true);
        expect(Object.keys(body.fields), res.body).toContain(field);
      }
      expect(
        (await create({ ...valid, verified: true }, owner.auth)).json<{ fields: Record<string, string> }>().fields
          .verified,
      ).toBe('Not a known field');
      // The limits themselves are accepted.
      const edge = await create(
        { ...valid, name: 'x'.repeat(120), foreignTeachers: 500, website: '', foundedYear: null },
        owner.auth,
      );
      expect(edge.statusCode, edge.body).toBe(201);
      expect(edge.json<{ school: OwnSchool }>().school).toMatchObject({ website: null, foreignTeachers: 500 });
      t.clock.advance(1);
      expect((await createSchool(t, owner, { ...valid, name: 'AB', foreignTeachers: 0 })).foreignTeachers).toBe(0);
      expect((await mySchools(owner)).map((s) => s.name)).toEqual(['x'.repeat(120), 'AB']);
    });

    it('sanitises the about as a job description: scripts, handlers and images go, links get rel', async () => {
      const owner = await createUser(t);
      const html =
        '<p onclick="steal()">We <strong>teach</strong> kids.</p><script>alert(1)</script>' +
        '<img src="x" onerror="alert(2)"><a href="javascript:alert(3)">bad</a>' +
        '<a href="https://about.example">our site</a><iframe src="https://evil.example"></iframe>';
      const school = await createSchool(t, owner, { name: 'Sanitised About School', about: html });
      expect(school.aboutHTML).toContain('<p>We <strong>teach</strong> kids.</p>');
      expect(school.aboutHTML).toContain(
        '<a href="https://about.example" rel="noopener noreferrer nofollow" target="_blank">our site</a>',
      );
      for (const gone of [
        '<script',
        'alert(1)',
        'onclick',
        'onerror',
        '<img',
        'javascript:',
        '<iframe',
        'evil.example',
      ]) {
        expect(school.aboutHTML).not.toContain(gone);
      }
      // Exactly as the job wizard cleans a description.
      const draft = await createDraft(t, owner);
      const description = await t.inject({
        method: 'POST',
        url: `/api/job/richtext/${draft}/${owner.id}`,
        headers: owner.auth,
        payload: { descriptionHTML: html },
      });
      expect(description.statusCode, description.body).toBe(200);
      expect(school.aboutHTML).toBe(description.json<{ descriptionHTML: string }>().descriptionHTML);
      expect((await schoolPage(school.slug)).school.aboutHTML).toBe(school.aboutHTML);
      // The same cleaning on PATCH.
      const patched = await patch(school.slug, { about: '<p>New</p><script>x()</script>' }, owner.auth);
      expect(patched.json<{ school: OwnSchool }>().school.aboutHTML).toBe('<p>New</p>');
    });

    it('counts the about’s text, not its markup: 5,000 characters pass, 5,001 are refused with fields.about', async () => {
      const owner = await createUser(t);
      // 5,000 characters of text in far more markup.
      const heavy = `<p>${'<strong>a</strong>'.repeat(SCHOOL_ABOUT_TEXT_MAX)}</p>`;
      expect((await createSchool(t, owner, { name: 'Heavy Markup School', about: heavy })).aboutHTML).toBe(heavy);
      t.clock.advance(1);
      const long = await create(
        {
          name: 'Too Long About School',
          country: 'japan',
          city: 'Tokyo',
          kind: 'university',
          about: `<p>${'a'.repeat(SCHOOL_ABOUT_TEXT_MAX + 1)}</p>`,
        },
        owner.auth,
      );
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ error: true, fields: { about: expect.stringContaining('5000') as string } });
      // A script's content is no text: it is removed before the text is counted.
      const script = await create(
        {
          name: 'Script About School',
          country: 'japan',
          city: 'Tokyo',
          kind: 'university',
          about: `<p>Hello</p><script>${'x'.repeat(SCHOOL_ABOUT_TEXT_MAX + 1)}</script>`,
        },
        owner.auth,
      );
      expect(script.statusCode, script.body).toBe(201);
      expect((await mySchools(owner)).map((s) => s.name)).toEqual(['Heavy Markup School', 'Script About School']);
    });

    it('counts an ampersand in the about as one character of text, not as its escape', async () => {
      const owner = await createUser(t);
      // 5,000 characters of text as the reader sees them ("Q&A " is four).
      const about = `<p>${'Q&amp;A '.repeat(SCHOOL_ABOUT_TEXT_MAX / 4 - 1)}Q&amp;A</p>`;
      const res = await create(
        { name: 'Ampersand About School', country: 'japan', city: 'Tokyo', kind: 'university', about },
        owner.auth,
      );
      expect(res.statusCode, res.body.slice(0, 200)).toBe(201);
    });

    it(`refuses school ${SCHOOLS_PER_ACCOUNT + 1} with 409 TOO_MANY_SCHOOLS`, async () => {
      const owner = await createUser(t);
      for (let n = 1; n <= SCHOOLS_PER_ACCOUNT; n++) await createSchool(t, owner, { name: `Branch Campus ${n}` });
      const res = await create(
        { name: 'One Branch Too Many', country: 'japan', city: 'Tokyo', kind: 'language_centre' },
        owner.auth,
      );
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: true, errorType: 'TOO_MANY_SCHOOLS' });
      expect(await mySchools(owner)).toHaveLength(SCHOOLS_PER_ACCOUNT);
      // Another account is not counted with this one.
      expect((await createSchool(t, await createUser(t), { name: 'One Branch Too Many' })).slug).toBe(
        'one-branch-too-many',
      );
    });

    it(`keeps to ${SCHOOLS_PER_ACCOUNT} schools when many are created at once`, async () => {
      const owner = await createUser(t);
      const results = await Promise.all(
        Array.from({ length: SCHOOLS_PER_ACCOUNT + 4 }, (_, n) =>
          create({ name: `Rush Campus ${n}`, country: 'japan', city: 'Tokyo', kind: 'language_centre' }, owner.auth),
        ),
      );
      expect(results.map((r) => r.statusCode).sort()).toEqual([
        ...Array<number>(SCHOOLS_PER_ACCOUNT).fill(201),
        ...Array<number>(4).fill(409),
      ]);
      expect(await mySchools(owner)).toHaveLength(SCHOOLS_PER_ACCOUNT);
    });

    it('gives schools of one name made at once by different accounts each their own slug', async () => {
      const users = await Promise.all([1, 2, 3, 4].map(() => createUser(t)));
      const results = await Promise.all(
        users.map((u) =>
          create({ name: 'Twin Name School', country: 'japan', city: 'Tokyo', kind: 'kindergarten' }, u.auth),
        ),
      );
      expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
      expect(results.map((r) => r.json<{ school: OwnSchool }>().school.slug).sort()).toEqual([
        'twin-name-school',
        'twin-name-school-2',
        'twin-name-school-3',
        'twin-name-school-4',
      ]);
    });

    it('answers 401 to anonymous callers and creates nothing', async () => {
      const res = await create({ name: 'Anonymous School', country: 'japan', city: 'Tokyo', kind: 'university' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: true });
      expect((await t.inject({ method: 'GET', url: '/api/my-schools' })).statusCode).toBe(401);
      expect((await t.inject({ method: 'GET', url: '/api/schools/anonymous-school' })).statusCode).toBe(404);
    });
  });

  describe('changing a school', () => {
    it('lets its owner change its fields (null clears an optional one); the slug stays', async () => {
      const owner = await createUser(t);
      const school = await createSchool(t, owner, {
        name: 'Patchable School',
        website: 'https://patchable.example',
        foundedYear: 1999,
      });
      const res = await patch(
        school.slug,
        {
          name: 'Patched School',
          kind: 'international_school',
          website: null,
          about: '<p>Now with an about.</p>',
          foundedYear: 2001,
          foreignTeachers: 40,
        },
        owner.auth,
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const expected = {
        ...school,
        name: 'Patched School',
        kind: 'international_school',
        website: null,
        aboutHTML: '<p>Now with an about.</p>',
        foundedYear: 2001,
        foreignTeachers: 40,
      };
      expect(res.json<{ school: OwnSchool }>().school).toEqual(expected);
      expect(await mySchools(owner)).toEqual([expected]);
      const { registration: _, ...shown } = expected;
      expect((await schoolPage('patchable-school')).school).toEqual(shown);
      // Moving to another country needs a city of it; both at once is fine.
      const moved = await patch(school.slug, { country: 'south-korea', city: 'Busan' }, owner.auth);
      expect(moved.statusCode, moved.body).toBe(200);
      expect(moved.json<{ school: OwnSchool }>().school).toMatchObject({ country: 'south-korea', city: 'Busan' });
    });

    it('refuses a city that is not of the new or the existing country with 400 fields.city', async () => {
      const owner = await createUser(t);
      const school = await createSchool(t, owner, { name: 'City Check School', country: 'japan', city: 'Osaka' });
      for (const payload of [
        { country: 'south-korea' }, // Osaka is not in Korea
        { city: 'Seoul' }, // Seoul is not in Japan
        { country: 'china', city: 'Seoul' },
      ]) {
        const res = await patch(school.slug, payload, owner.auth);
        expect([JSON.stringify(payload), res.statusCode]).toEqual([JSON.stringify(payload), 400]);
        expect(res.json<{ fields: Record<string, string> }>().fields).toHaveProperty('city');
      }
      expect((await mySchools(owner))[0]).toMatchObject({ country: 'japan', city: 'Osaka' });
      // Other bad fields, as on create.
      for (const [payload, field] of [
        [{ name: 'A' }, 'name'],
        [{ kind: 'cram_school' }, 'kind'],
        [{ website: 'http://x.example' }, 'website'],
        [{ foreignTeachers: 501 }, 'foreignTeachers'],
        [{ verified: true }, 'verified'],
        [{ about: `<p>${'a'.repeat(SCHOOL_ABOUT_TEXT_MAX + 1)}</p>` }, 'about'],
      ] as const) {
        const res = await patch(school.slug, payload, owner.auth);
        expect([field, res.statusCode]).toEqual([field, 400]);
        expect(res.json<{ fields: Record<string, string> }>().fields).toHaveProperty(field);
      }
      expect((await mySchools(owner))[0]).toEqual(school);
    });

    it('answers 404 to another user and for an unknown slug, 401 to anonymous callers, and changes nothing', async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      await createSchool(t, other, { name: 'Other Users School' });
      const school = await createSchool(t, owner, { name: 'Guarded School' });
      const asOther = await patch(school.slug, { name: 'Hijacked School' }, other.auth);
      expect(asOther.statusCode).toBe(404);
      const unknown = await patch('no-such-school', { name: 'Hijacked School' }, owner.auth);
      expect(unknown.statusCode).toBe(404);
      // Another user learns nothing a missing school would not tell.
      const missingForOther = await patch('no-such-school', { name: 'Hijacked School' }, other.auth);
      expect(asOther.body).toBe(missingForOther.body);
      expect((await patch(school.slug, { name: 'Hijacked School' })).statusCode).toBe(401);
      expect(await mySchools(owner)).toEqual([school]);
      expect((await mySchools(other)).map((s) => s.name)).toEqual(['Other Users School']);
    });

    it('rewrites the school on the tiles and records of its jobs when it is renamed or its kind changes', async () => {
      const owner = await createUser(t);
      const school = await createSchool(t, owner, { name: 'Before Rename School' });
      const other = await createSchool(t, owner, { name: 'Untouched Sister School' });
      const job = await createPublishedJob(t, owner.id);
      const sister = await createPublishedJob(t, owner.id);
      await postUnderOk(owner, job, school.slug);
      await postUnderOk(owner, sister, other.slug);
      const before = { slug: school.slug, name: 'Before Rename School', kind: 'language_centre', verified: false };
      expect((await tileOf(job))?.school).toEqual(before);

      const res = await patch(school.slug, { name: 'After Rename School', kind: 'recruiter' }, owner.auth);
      expect(res.statusCode, res.body).toBe(200);
      const after = { slug: school.slug, name: 'After Rename School', kind: 'recruiter', verified: false };
      expect((await tileOf(job))?.school).toEqual(after);
      expect((await recordOf(job)).school).toEqual(after);
      expect((await schoolPage(school.slug)).jobs.map((j) => j.school)).toEqual([after]);
      // The other school's job is as it was.
      expect((await tileOf(sister))?.school).toEqual({
        slug: other.slug,
        name: 'Untouched Sister School',
        kind: 'language_centre',
        verified: false,
      });
    });
  });

  describe('the owner’s schools', () => {
    it('lists only the caller’s own schools, oldest first, each with its registration status', async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      const operator = await createOperator(t);
      const first = await createSchool(t, owner, { name: 'First Own School', country: 'south-korea', city: 'Seoul' });
      t.clock.advance(1);
      const second = await createSchool(t, owner, {
        name: 'Second Own School',
        country: 'taiwan',
        city: 'Tainan City',
      });
      await createSchool(t, other, { name: 'Not Mine School' });
      expect(await mySchools(owner)).toEqual([first, second]);
      expect((await mySchools(other)).map((s) => s.name)).toEqual(['Not Mine School']);
      expect(await mySchools(await createUser(t))).toEqual([]);

      const asked = await requestCheck(owner, second.slug, REGISTRATION_NUMBERS.taiwan.valid);
      expect(asked.statusCode, asked.body).toBe(202);
      const listed = await mySchools(owner);
      expect(listed[0]!.registration).toBeNull();
      expect(listed[1]!.registration).toEqual({
        status: 'pending',
        registrationNumber: REGISTRATION_NUMBERS.taiwan.compact,
        requestedAt: new Date(t.clock.now()).toISOString(),
        checkedAt: null,
        note: null,
      });
      t.clock.advance(60_000);
      await decide(operator, (await pendingCheckOf(t, operator, second.slug)).id, 'approve', 'Matches the register');
      expect((await mySchools(owner))[1]).toMatchObject({
        verified: true,
        registration: {
          status: 'approved',
          checkedAt: new Date(t.clock.now()).toISOString(),
          note: 'Matches the register',
        },
      });
      const res = await t.inject({ method: 'GET', url: '/api/my-schools', headers: owner.auth });
      expect(res.headers['cache-control']).toContain('no-store');
    });
  });

  describe('a job posted under a school', () => {
    it('saves the owner’s school on the details step, and the tile and record carry it once published', async () => {
      const owner = await createUser(t);
      const school = await createSchool(t, owner, { name: 'Wizard School', kind: 'private_school' });
      const id = await createCompleteDraft(t, owner);
      const details = async () => {
        const res = await t.inject({ method: 'GET', url: `/api/jobs/details/${id}/${owner.id}`, headers: owner.auth });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ job: { schoolSlug: string | null } }>().job;
      };
      expect((await details()).schoolSlug).toBeNull();
      const saved = await postUnder(owner, id, school.slug);
      expect(saved.statusCode, saved.body).toBe(200);
      expect(saved.json()).toMatchObject({ job: { schoolSlug: school.slug } });
      expect((await details()).schoolSlug).toBe(school.slug);
      // A draft is on no page yet.
      expect((await schoolPage(school.slug)).jobs).toEqual([]);
      await publish(owner, id);
      const carried = { slug: school.slug, name: 'Wizard School', kind: 'private_school', verified: false };
      expect((await tileOf(id))?.school).toEqual(carried);
      expect((await recordOf(id)).school).toEqual(carried);
      expect((await schoolPage(school.slug)).jobs.map((j) => j.uuid)).toEqual([id]);
      // Saved again without a school (empty or null), it is posted under none.
      await postUnderOk(owner, id, '');
      expect((await details()).schoolSlug).toBeNull();
      expect((await tileOf(id))?.school).toBeNull();
      expect((await recordOf(id)).school).toBeNull();
      expect((await schoolPage(school.slug)).jobs).toEqual([]);
    });

    it('refuses another account’s school, or one that does not exist, with 400 fields.schoolSlug', async () => {
      const owner = await createUser(t);
      const stranger = await createUser(t);
      const mine = await createSchool(t, owner, { name: 'Own Details School' });
      const theirs = await createSchool(t, stranger, { name: 'Stranger Details School' });
      const id = await createPublishedJob(t, owner.id);
      await postUnderOk(owner, id, mine.slug);
      for (const slug of [theirs.slug, 'no-such-school']) {
        const res = await postUnder(owner, id, slug);
        expect(res.statusCode, slug).toBe(400);
        expect(res.json()).toMatchObject({ error: true, fields: { schoolSlug: expect.any(String) as string } });
      }
      // Nothing of the refused step was saved: still under the owner's own school.
      expect((await tileOf(id))?.school?.slug).toBe(mine.slug);
      expect((await schoolPage(theirs.slug)).jobs).toEqual([]);
    });

    it('answers school: null for a job posted under none', async () => {
      const owner = await createUser(t);
      const id = await createPublishedJob(t, owner.id, { company_name: 'No School Academy' });
      expect((await tileOf(id))?.school).toBeNull();
      expect((await recordOf(id)).school).toBeNull();
    });

    it('keeps the school when an expired job is relisted', async () => {
      const owner = await createUser(t);
      const school = await createSchool(t, owner, { name: 'Relisting School', kind: 'kindergarten' });
      const id = await createCompleteDraft(t, owner);
      await postUnderOk(owner, id, school.slug);
      await publish(owner, id);
      t.clock.advance(POSTING_LIFETIME_MS + DAY);
      await relogin(owner);
      await grantCredits(t, owner.id, 1);
      const relist = await t.inject({ method: 'POST', url: `/api/jobs/relist/${id}/${owner.id}`, headers: owner.auth });
      expect(relist.statusCode, relist.body).toBe(201);
      const copy = relist.json<{ uuid: string }>().uuid;
      const details = await t.inject({
        method: 'GET',
        url: `/api/jobs/details/${copy}/${owner.id}`,
        headers: owner.auth,
      });
      expect(details.json()).toMatchObject({ job: { schoolSlug: school.slug } });
      await publish(owner, copy);
      expect((await tileOf(copy))?.school).toEqual({
        slug: school.slug,
        name: 'Relisting School',
        kind: 'kindergarten',
        verified: false,
      });
      const page = await schoolPage(school.slug);
      expect(page.jobs.map((j) => j.uuid)).toEqual([copy]);
      expect(page.jobsPosted).toBe(2);
    });
  });

  describe('the public page and the directory', () => {
    it('shows the school, its live jobs newest first, how many it posted, since when, to anyone', async () => {
      const owner = await createUser(t);
      const school = await createSchool(t, owner, {
        name: 'Public Page School',
        country: 'vietnam',
        city: 'Hanoi',
        website: 'https://public-page.example',
      });
      const empty = await t.inject({ method: 'GET', url: `/api/schools/${school.slug}` });
      expect(empty.statusCode).toBe(200);
      expect(empty.headers['cache-control']).toBe('public, no-cache');
      const { registration: _, ...shown } = school;
      expect(empty.json()).toEqual({ school: shown, jobs: [], jobsPosted: 0, since: null, verifications: [] });

      const now = t.clock.now();
      const oldest = await createPublishedJob(t, owner.id, { published_at: now - 44 * DAY });
      const middle = await createPublishedJob(t, owner.id, { published_at: now - 2 * DAY });
      const newest = await createPublishedJob(t, owner.id, { published_at: now - DAY });
      const draft = await createPublishedJob(t, owner.id, { published_at: null });
      const elsewhere = await createPublishedJob(t, owner.id);
      for (const id of [oldest, middle, draft, newest]) await postUnderOk(owner, id, school.slug);
      // The oldest expires: off the page, still counted as posted.
      t.clock.advance(1.5 * DAY);
      const page = await schoolPage(school.slug);
      expect(page.school).toEqual(shown);
      expect(page.jobs.map((j) => j.uuid)).toEqual([newest, middle]);
      expect(page.jobs.map((j) => j.uuid)).not.toContain(elsewhere);
      expect(page.jobs[0]).toMatchObject({
        uuid: newest,
        publishedDate: new Date(now - DAY).toISOString(),
        school: { slug: school.slug, name: 'Public Page School', kind: 'language_centre', verified: false },
      });
      expect(page.jobsPosted).toBe(3);
      expect(page.since).toBe(new Date(now - 44 * DAY).toISOString().slice(0, 10));
      expect(page.verifications).toEqual([]);
    });

    it('answers 404 for an unknown school', async () => {
      const res = await t.inject({ method: 'GET', url: '/api/schools/no-such-school-anywhere' });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ error: true, message: expect.any(String) as string });
    });

    it('lists the schools of a country (and city) with their live jobs, busiest first', async () => {
      const owner = await createUser(t);
      const busy = await createSchool(t, owner, { name: 'Directory Busy', country: 'thailand', city: 'Chiang Mai' });
      const some = await createSchool(t, owner, { name: 'Directory Some', country: 'thailand', city: 'Bangkok' });
      const quiet = await createSchool(t, owner, { name: 'Directory Quiet', country: 'thailand', city: 'Bangkok' });
      const abroad = await createSchool(t, owner, { name: 'Directory Abroad', country: 'indonesia', city: 'Jakarta' });
      const now = t.clock.now();
      for (const [slug, published] of [
        [busy.slug, now],
        [busy.slug, now - DAY],
        [some.slug, now],
        [some.slug, now - 44 * DAY], // expires below
        [quiet.slug, null], // a draft is no live job
        [abroad.slug, now],
      ] as const) {
        await postUnderOk(owner, await createPublishedJob(t, owner.id, { published_at: published }), slug);
      }
      t.clock.advance(1.5 * DAY);
      const directory = async (query: string) => {
        const res = await t.inject({ method: 'GET', url: `/api/schools${query}` });
        expect(res.statusCode, res.body).toBe(200);
        return res.json<{ schools: SchoolDirectoryEntry[] }>().schools;
      };
      const thailand = await directory('?country=thailand');
      expect(thailand.every((s) => s.country === 'thailand')).toBe(true);
      const ours = [busy.slug, some.slug, quiet.slug];
      expect(thailand.filter((s) => ours.includes(s.slug))).toEqual([
        {
          slug: busy.slug,
          name: 'Directory Busy',
          kind: 'language_centre',
          country: 'thailand',
          city: 'Chiang Mai',
          logo: null,
          verified: false,
          liveJobs: 2,
        },
        expect.objectContaining({ slug: some.slug, liveJobs: 1 }),
        expect.objectContaining({ slug: quiet.slug, liveJobs: 0 }),
      ]);
      const bangkok = await directory('?country=thailand&city=Bangkok');
      expect(bangkok.every((s) => s.city === 'Bangkok')).toBe(true);
      expect(bangkok.filter((s) => ours.includes(s.slug)).map((s) => s.slug)).toEqual([some.slug, quiet.slug]);
      expect((await directory('?country=indonesia')).map((s) => [s.slug, s.liveJobs])).toContainEqual([abroad.slug, 1]);
      expect((await directory('')).map((s) => s.slug)).toEqual(expect.arrayContaining([...ours, abroad.slug]));
      expect((await t.inject({ method: 'GET', url: '/api/schools?country=narnia' })).statusCode).toBe(400);
    });
  });

  describe('the logo', () => {
    it('stores a small PNG as /media/…, shows it on the school and in the directory, and replaces it', async () => {
      const owner = await createUser(t);
      const school = await createSchool(t, owner, { name: 'Logo School', country: 'china', city: 'Beijing' });
      const upload = (headers: Record<string, string>, logo: string, slug = school.slug) =>
        t.inject({ method: 'PUT', url: `/api/schools/${slug}/logo`, headers, payload: { logo } });
      const res = await upload(owner.auth, await pngDataUrl(400, 400, '#cc3366'));
      expect(res.statusCode, res.body).toBe(200);
      const { logo } = res.json<{ logo: string }>();
      expect(logo).toMatch(/^\/media\/img\/[^/]+$/);
      const file = await t.inject({ method: 'GET', url: logo });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toMatch(/^image\//);
      expect((await schoolPage(school.slug)).school.logo).toBe(logo);
      expect((await mySchools(owner))[0]!.logo).toBe(logo);
      const listed = (await t.inject({ method: 'GET', url: '/api/schools?country=china' })).json<{
        schools: SchoolDirectoryEntry[];
      }>();
      expect(listed.schools.find((s) => s.slug === school.slug)?.logo).toBe(logo);

      // A new logo replaces the old, whose file goes.
      const second = await upload(owner.auth, await pngDataUrl(200, 200, '#3366cc'));
      expect(second.statusCode).toBe(200);
      const newLogo = second.json<{ logo: string }>().logo;
      expect(newLogo).not.toBe(logo);
      expect((await schoolPage(school.slug)).school.logo).toBe(newLogo);
      expect((await t.inject({ method: 'GET', url: logo })).statusCode).toBe(404);

      // Not an image: refused as a job's header image is (415), and the logo stays.
      const bad = await upload(owner.auth, 'data:image/png;base64,bm90IGFuIGltYWdl');
      expect(bad.statusCode).toBe(415);
      expect((await schoolPage(school.slug)).school.logo).toBe(newLogo);
    });

    it('answers 404 to another user, 401 to anonymous callers, and stores no file for them', async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      const school = await createSchool(t, owner, { name: 'Guarded Logo School' });
      const files = () =>
        fs
          .readdirSync(t.mediaDir, { recursive: true })
          .map(String)
          .filter((f) => path.extname(f));
      const before = files();
      const logo = await pngDataUrl(300, 300);
      const asOther = await t.inject({
        method: 'PUT',
        url: `/api/schools/${school.slug}/logo`,
        headers: other.auth,
        payload: { logo },
      });
      expect(asOther.statusCode).toBe(404);
      const anonymous = await t.inject({ method: 'PUT', url: `/api/schools/${school.slug}/logo`, payload: { logo } });
      expect(anonymous.statusCode).toBe(401);
      expect(files()).toEqual(before);
      expect((await schoolPage(school.slug)).school.logo).toBeNull();
    });
  });

  describe('registration checks', () => {
    it('refuses a number with a wrong check digit in each of the seven countries, and takes a valid one (202, pending)', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      for (const [country, numbers] of Object.entries(REGISTRATION_NUMBERS) as [
        keyof typeof REGISTRATION_NUMBERS,
        (typeof REGISTRATION_NUMBERS)[keyof typeof REGISTRATION_NUMBERS],
      ][]) {
        const school = await createSchool(t, owner, {
          name: `Registered School ${country}`,
          country,
          city: CITY_OF[country],
        });
        const wrong = await requestCheck(owner, school.slug, numbers.wrong);
        expect([country, wrong.statusCode]).toEqual([country, 400]);
        expect(wrong.json()).toMatchObject({
          error: true,
          fields: { registrationNumber: expect.stringContaining(numbers.name) as string },
        });
        const right = await requestCheck(owner, school.slug, numbers.valid);
        expect([country, right.statusCode], right.body).toEqual([country, 202]);
        expect(right.headers['cache-control']).toContain('no-store');
        expect(right.json()).toEqual({
          message: expect.any(String) as string,
          registration: {
            status: 'pending',
            registrationNumber: numbers.compact,
            requestedAt: new Date(t.clock.now()).toISOString(),
            checkedAt: null,
            note: null,
          },
        });
        const check = await pendingCheckOf(t, operator, school.slug);
        expect(check).toMatchObject({
          registrationNumber: numbers.compact,
          school: { slug: school.slug, name: `Registered School ${country}`, country, city: CITY_OF[country] },
        });
        // Waiting is not verified, and shows nowhere in public.
        expect(await schoolPage(school.slug)).toMatchObject({ school: { verified: false }, verifications: [] });
      }
      // A number of another country is not this country's number.
      const korean = (await mySchools(owner)).find((s) => s.country === 'south-korea')!;
      const foreign = await requestCheck(owner, korean.slug, REGISTRATION_NUMBERS.japan.valid);
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json()).toMatchObject({ fields: { registrationNumber: expect.any(String) as string } });
    });

    it('keeps only the latest number waiting', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      const school = await createSchool(t, owner, {
        name: 'Second Thoughts School',
        country: 'vietnam',
        city: 'Hanoi',
      });
      expect((await requestCheck(owner, school.slug, '0100233488')).statusCode).toBe(202);
      t.clock.advance(1000);
      expect((await requestCheck(owner, school.slug, '0100109106')).statusCode).toBe(202);
      const queue = await t.inject({ method: 'GET', url: '/api/operator/verifications', headers: operator.auth });
      const ours = queue
        .json<{ verifications: { school: { slug: string }; registrationNumber: string }[] }>()
        .verifications.filter((v) => v.school.slug === school.slug);
      expect(ours.map((v) => v.registrationNumber)).toEqual(['0100109106']);
    });

    it('refuses with 404 a check of another user’s school or an unknown one, and 401 anonymous callers', async () => {
      const owner = await createUser(t);
      const other = await createUser(t);
      const school = await createSchool(t, owner, { name: 'Unasked School', country: 'south-korea', city: 'Seoul' });
      expect((await requestCheck(other, school.slug, REGISTRATION_NUMBERS['south-korea'].valid)).statusCode).toBe(404);
      expect((await requestCheck(owner, 'no-such-school', REGISTRATION_NUMBERS['south-korea'].valid)).statusCode).toBe(
        404,
      );
      const anonymous = await t.inject({
        method: 'POST',
        url: `/api/schools/${school.slug}/verification`,
        payload: { registrationNumber: REGISTRATION_NUMBERS['south-korea'].valid },
      });
      expect(anonymous.statusCode).toBe(401);
      expect(await t.db.selectFrom('school_verifications').selectAll().execute()).toEqual([]);
    });

    it('once approved: dated on the page, verified on the school, its jobs’ tiles and records, and in the directory', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      const school = await createSchool(t, owner, { name: 'Approved School', country: 'japan', city: 'Kyoto' });
      const job = await createPublishedJob(t, owner.id);
      const unrelated = await createPublishedJob(t, owner.id);
      await postUnderOk(owner, job, school.slug);
      t.clock.advance(5000);
      const decision = await verify(owner, school.slug, REGISTRATION_NUMBERS.japan.valid, operator);
      const checkedAt = new Date(t.clock.now()).toISOString();
      expect(decision).toMatchObject({ status: 'approved', checkedAt });
      const page = await schoolPage(school.slug);
      expect(page.verifications).toEqual([{ kind: 'registration', checkedAt }]);
      expect(page.school.verified).toBe(true);
      expect(page.jobs.map((j) => j.school?.verified)).toEqual([true]);
      const carried = { slug: school.slug, name: 'Approved School', kind: 'language_centre', verified: true };
      expect((await tileOf(job))?.school).toEqual(carried);
      expect((await recordOf(job)).school).toEqual(carried);
      expect((await tileOf(unrelated))?.school).toBeNull();
      const listed = (await t.inject({ method: 'GET', url: '/api/schools?country=japan&city=Kyoto' })).json<{
        schools: SchoolDirectoryEntry[];
      }>();
      expect(listed.schools.find((s) => s.slug === school.slug)?.verified).toBe(true);
      // A job posted under it later carries it verified too; a rename keeps it verified.
      const later = await createPublishedJob(t, owner.id);
      await postUnderOk(owner, later, school.slug);
      expect((await tileOf(later))?.school?.verified).toBe(true);
      await patch(school.slug, { name: 'Approved School Renamed' }, owner.auth);
      expect((await tileOf(job))?.school).toEqual({ ...carried, name: 'Approved School Renamed' });
      // Its own school may ask again for the number it holds.
      expect((await requestCheck(owner, school.slug, REGISTRATION_NUMBERS.japan.valid)).statusCode).toBe(202);
    });

    it('refuses with 409 REGISTRATION_CLAIMED a number another school holds approved, however it is typed', async () => {
      const holder = await createUser(t);
      const copier = await createUser(t);
      const operator = await createOperator(t);
      const held = await createSchool(t, holder, { name: 'Holder School', country: 'south-korea', city: 'Seoul' });
      const copy = await createSchool(t, copier, { name: 'Copier School', country: 'south-korea', city: 'Busan' });
      await verify(holder, held.slug, REGISTRATION_NUMBERS['south-korea'].valid, operator);
      for (const typed of [REGISTRATION_NUMBERS['south-korea'].valid, REGISTRATION_NUMBERS['south-korea'].compact]) {
        const res = await requestCheck(copier, copy.slug, typed);
        expect([typed, res.statusCode]).toEqual([typed, 409]);
        expect(res.json()).toMatchObject({ error: true, errorType: 'REGISTRATION_CLAIMED' });
      }
      expect((await mySchools(copier))[0]!.registration).toBeNull();
    });

    it('once rejected: the school stays unverified and its owner sees "rejected" with the note', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      const school = await createSchool(t, owner, { name: 'Rejected School', country: 'indonesia', city: 'Jakarta' });
      const job = await createPublishedJob(t, owner.id);
      await postUnderOk(owner, job, school.slug);
      expect((await requestCheck(owner, school.slug, REGISTRATION_NUMBERS.indonesia.valid)).statusCode).toBe(202);
      const check = await pendingCheckOf(t, operator, school.slug);
      const res = await decide(operator, check.id, 'reject', 'The register names another school');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ id: check.id, status: 'rejected' });
      expect(await schoolPage(school.slug)).toMatchObject({ school: { verified: false }, verifications: [] });
      expect((await tileOf(job))?.school?.verified).toBe(false);
      expect((await mySchools(owner))[0]).toMatchObject({
        verified: false,
        registration: {
          status: 'rejected',
          registrationNumber: REGISTRATION_NUMBERS.indonesia.compact,
          checkedAt: new Date(t.clock.now()).toISOString(),
          note: 'The register names another school',
        },
      });
      // A rejected number holds nothing: another school may ask for it.
      const nextOwner = await createUser(t);
      const next = await createSchool(t, nextOwner, {
        name: 'Next In Line School',
        country: 'indonesia',
        city: 'Bandung',
      });
      expect((await requestCheck(nextOwner, next.slug, REGISTRATION_NUMBERS.indonesia.valid)).statusCode).toBe(202);
    });
  });

  describe('found by search engines', () => {
    it('lists a school with a live job in /sitemap.xml and /sitemap-pages.xml, and not one without', async () => {
      const owner = await createUser(t);
      const hiring = await createSchool(t, owner, { name: 'Sitemap Hiring School' });
      const idle = await createSchool(t, owner, { name: 'Sitemap Idle School' });
      const expired = await createSchool(t, owner, { name: 'Sitemap Expired School' });
      const drafting = await createSchool(t, owner, { name: 'Sitemap Drafting School' });
      const now = t.clock.now();
      await postUnderOk(owner, await createPublishedJob(t, owner.id), hiring.slug);
      await postUnderOk(owner, await createPublishedJob(t, owner.id, { published_at: now - 44 * DAY }), expired.slug);
      await postUnderOk(owner, await createPublishedJob(t, owner.id, { published_at: null }), drafting.slug);
      t.clock.advance(1.5 * DAY);
      const loc = (slug: string) => `<loc>http://teacheast.test/schools/${slug}</loc>`;
      for (const url of ['/sitemap.xml', '/sitemap-pages.xml']) {
        const res = await t.inject({ method: 'GET', url });
        expect(res.statusCode).toBe(200);
        expect(res.body, url).toContain(loc(hiring.slug));
        for (const slug of [idle.slug, expired.slug, drafting.slug]) expect(res.body, url).not.toContain(loc(slug));
      }
    });
  });

  describe('the account’s data', () => {
    it('exports the account’s schools with their registration checks, and the school of each job', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      const school = await createSchool(t, owner, {
        name: 'Exported School',
        country: 'south-korea',
        city: 'Seoul',
        kind: 'recruiter',
        website: 'https://exported.example',
      });
      const job = await createPublishedJob(t, owner.id);
      await postUnderOk(owner, job, school.slug);
      const requestedAt = new Date(t.clock.now()).toISOString();
      expect((await requestCheck(owner, school.slug, REGISTRATION_NUMBERS['south-korea'].valid)).statusCode).toBe(202);
      t.clock.advance(60_000);
      const check = await pendingCheckOf(t, operator, school.slug);
      expect((await decide(operator, check.id, 'approve', 'Looked up')).statusCode).toBe(200);
      const res = await t.inject({ method: 'GET', url: '/api/account/export', headers: owner.auth });
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json<{
        schools: Record<string, unknown>[];
        jobs: { uuid: string; schoolSlug: string | null }[];
      }>();
      expect(data.schools).toEqual([
        expect.objectContaining({
          slug: school.slug,
          name: 'Exported School',
          country: 'south-korea',
          city: 'Seoul',
          kind: 'recruiter',
          website: 'https://exported.example',
          verified: true,
          registrations: [
            {
              registrationNumber: REGISTRATION_NUMBERS['south-korea'].compact,
              status: 'approved',
              requestedAt,
              checkedAt: new Date(t.clock.now()).toISOString(),
              note: 'Looked up',
            },
          ],
        }),
      ]);
      expect(data.jobs.find((j) => j.uuid === job)?.schoolSlug).toBe(school.slug);
      // Nobody else's schools.
      const other = await t.inject({ method: 'GET', url: '/api/account/export', headers: operator.auth });
      expect(other.json<{ schools: unknown[] }>().schools).toEqual([]);
    });

    it('deletes the account’s schools, checks and logos; the published jobs it keeps answer school: null', async () => {
      const owner = await createUser(t);
      const operator = await createOperator(t);
      const school = await createSchool(t, owner, { name: 'Departing School', country: 'taiwan', city: 'Taipei City' });
      const logo = (
        await t.inject({
          method: 'PUT',
          url: `/api/schools/${school.slug}/logo`,
          headers: owner.auth,
          payload: { logo: await pngDataUrl(300, 300) },
        })
      ).json<{ logo: string }>().logo;
      const job = await createPublishedJob(t, owner.id);
      await postUnderOk(owner, job, school.slug);
      await verify(owner, school.slug, REGISTRATION_NUMBERS.taiwan.valid, operator);
      expect((await tileOf(job))?.school?.verified).toBe(true);
      const res = await t.inject({
        method: 'DELETE',
        url: '/api/account',
        headers: owner.auth,
        payload: { password: TEST_PASSWORD },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await tileOf(job))?.school).toBeNull();
      expect((await recordOf(job)).school).toBeNull();
      expect((await t.inject({ method: 'GET', url: `/api/schools/${school.slug}` })).statusCode).toBe(404);
      expect(await t.db.selectFrom('schools').select('id').where('user_id', '=', owner.id).execute()).toEqual([]);
      expect(await t.db.selectFrom('school_verifications').select('id').execute()).toEqual([]);
      expect((await t.inject({ method: 'GET', url: logo })).statusCode).toBe(404);
      // Its number is free again for a school that can show it.
      const successor = await createUser(t);
      const next = await createSchool(t, successor, {
        name: 'Successor School',
        country: 'taiwan',
        city: 'Taipei City',
      });
      expect((await requestCheck(successor, next.slug, REGISTRATION_NUMBERS.taiwan.valid)).statusCode).toBe(202);
    });
  });
});

describe(`school changes through the response cache (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RESPONSE_CACHE_MS: '60000' } });
  });
  afterAll(async () => t.close());

  it('shows a rename and an approval on cached searches and records at once', async () => {
    const owner = await createUser(t);
    const operator = await createOperator(t);
    const school = await createSchool(t, owner, { name: 'Cached Name School', country: 'south-korea', city: 'Seoul' });
    const job = await createPublishedJob(t, owner.id);
    const details = await t.inject({
      method: 'POST',
      url: `/api/jobs/details/${job}/${owner.id}`,
      headers: owner.auth,
      payload: { ...VALID_DETAILS, schoolSlug: school.slug },
    });
    expect(details.statusCode, details.body).toBe(200);
    const shown = async () => {
      const search = await t.inject({ method: 'GET', url: '/api/filter-jobs?country=japan&page=1' });
      const record = await t.inject({ method: 'GET', url: `/api/job/${job}` });
      return [
        search.json<{ results: JobTile[] }>().results.find((j) => j.uuid === job)?.school,
        record.json<{ job: Job }>().job.school,
      ];
    };
    // Asked twice, so the answers are kept.
    await shown();
    const before = { slug: school.slug, name: 'Cached Name School', kind: 'language_centre', verified: false };
    expect(await shown()).toEqual([before, before]);
    const renamed = await t.inject({
      method: 'PATCH',
      url: `/api/schools/${school.slug}`,
      headers: owner.auth,
      payload: { name: 'Renamed Cached School' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const after = { ...before, name: 'Renamed Cached School' };
    expect(await shown()).toEqual([after, after]);
    const asked = await t.inject({
      method: 'POST',
      url: `/api/schools/${school.slug}/verification`,
      headers: owner.auth,
      payload: { registrationNumber: REGISTRATION_NUMBERS['south-korea'].valid },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const check = await pendingCheckOf(t, operator, school.slug);
    const approved = await t.inject({
      method: 'POST',
      url: `/api/operator/verifications/${check.id}/approve`,
      headers: operator.auth,
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    const verified = { ...after, verified: true };
    expect(await shown()).toEqual([verified, verified]);
  });
});

describe(`a school page's JSON-LD`, () => {
  const publicUrl = 'https://teacheast.example';
  const school: School = {
    slug: 'sakura-english',
    name: 'Sakura </script><script>alert(1)</script> English',
    country: 'south-korea',
    city: 'Seoul',
    kind: 'language_centre',
    website: 'https://sakura.example/about',
    aboutHTML: '<p>We teach <strong>children</strong>.</p>',
    foundedYear: 2004,
    foreignTeachers: 12,
    logo: null,
    verified: true,
  };
  const head = (overrides: Partial<PageHead> = {}): PageHead => ({
    title: 'Sakura English — TeachEast',
    description: 'A language centre in Seoul.',
    canonicalPath: '/schools/sakura-english',
    noindex: false,
    type: 'website',
    imagePath: null,
    feed: { path: '/feed.xml', title: 'TeachEast jobs' },
    job: null,
    school,
    ...overrides,
  });
  const structuredData = (html: string) =>
    [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map(
      (m) => JSON.parse(m[1]!) as Record<string, unknown>,
    );

  it('describes the school as an EducationalOrganization with name, url, address and sameAs', () => {
    const html = headTags(head(), publicUrl);
    const data = structuredData(html);
    expect(data).toHaveLength(1);
    expect(data[0]).toMatchObject({
      '@context': 'https://schema.org/',
      '@type': 'EducationalOrganization',
      name: school.name,
      url: 'https://teacheast.example/schools/sakura-english',
      address: { '@type': 'PostalAddress', addressLocality: 'Seoul', addressCountry: 'KR' },
      sameAs: 'https://sakura.example/about',
      foundingDate: '2004',
    });
    // The name cannot end the script element it is written in.
    expect(html.match(/<script/g)).toHaveLength(1);
    expect(html).not.toContain('alert(1)</script>');
  });

  it('leaves out sameAs without a website, and the whole object on a page not to be listed', () => {
    const [data] = structuredData(headTags(head({ school: { ...school, website: null } }), publicUrl));
    expect(data).toBeDefined();
    expect(data).not.toHaveProperty('sameAs');
    expect(structuredData(headTags(head({ noindex: true }), publicUrl))).toEqual([]);
    expect(structuredData(headTags(head({ school: null }), publicUrl))).toEqual([]);
    expect(structuredData(headTags(head({ school: undefined }), publicUrl))).toEqual([]);
  });

  it('describes the school in plain text: entities read as characters, paragraphs apart', () => {
    const [data] = structuredData(
      headTags(head({ school: { ...school, aboutHTML: '<p>Q&amp;A every week</p><p>Small classes</p>' } }), publicUrl),
    );
    const description = String(data?.description);
    // "Q&amp;A" would be shown as written: the text of the markup, not the markup's escapes.
    expect.soft(description).toContain('Q&A every week');
    expect.soft(description).not.toContain('&amp;');
    // Two paragraphs are two sentences, not one word "weekSmall".
    expect.soft(description).toMatch(/week\s+Small classes/);
  });
});
