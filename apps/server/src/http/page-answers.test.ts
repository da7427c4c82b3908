// A rendered landing page's answers are named by descriptors and read without HTTP (page-answers.ts):
// each kind must round-trip, the descriptor's apiPathOf answering through its route exactly what the
// table reads (but a posting's savers, which a page shows nobody); anything the table's readers do not take is left to the route, which answers it with
// its exact error; and a kind the table does not hold is refused loudly, never left silently unkept.
import { apiPathOf, type PageData, type PageDataKind, type PageDataOf } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../test/harness.js';
import { createPageAnswers, sourceOf, type PageAnswers } from './page-answers.js';
import { createRenderedPages } from './rendered-pages.js';
import { tileSchoolOf } from '../features/schools/service.js';

describe(`page answers read as the routes read them (${dialect})`, () => {
  let t: TestApp;
  let answers: PageAnswers;
  let live: string;
  let draft: string;
  let school: string;

  beforeAll(async () => {
    t = await createTestApp();
    answers = createPageAnswers(t.deps);
    const owner = await createUser(t);
    const saver = await createUser(t);
    live = await createPublishedJob(t, owner.id, {
      country: 'japan',
      city: 'Tokyo',
      title: 'English teacher <b>&amp;</b> "mentor"',
      age_group: 'Adults',
      description_html: '<p>Kids &amp; <strong>teens</strong></p><script>alert(1)</script>',
    });
    await createPublishedJob(t, owner.id, { country: 'japan', city: 'Osaka' });
    draft = await createPublishedJob(t, owner.id, { country: 'japan', published_at: null });
    const saved = await t.inject({ method: 'POST', url: `/api/favorites/${saver.id}/${live}`, headers: saver.auth });
    expect(saved.statusCode).toBe(200);
    const created = await t.inject({
      method: 'POST',
      url: '/api/schools',
      headers: owner.auth,
      payload: {
        name: 'Sakura <English> "School"',
        country: 'japan',
        city: 'Tokyo',
        kind: 'language_centre',
        about: '<p>Hi &amp; welcome</p>',
      },
    });
    expect(created.statusCode).toBe(201);
    school = created.json<{ school: { slug: string } }>().school.slug;
    const row = await t.deps.db.selectFrom('schools').selectAll().where('slug', '=', school).executeTakeFirstOrThrow();
    await t.deps.db
      .updateTable('jobs')
      .set({ school_id: row.id, tile_school: tileSchoolOf(row) })
      .where('id', '=', live)
      .execute();
  });
  afterAll(async () => t.close());

  const routed = async (apiPath: string) => {
    const res = await t.inject({ method: 'GET', url: apiPath });
    expect(res.statusCode, apiPath).toBe(200);
    return res.json<unknown>();
  };

  /** The answer a rendered page holds for `data`: the table's read, or the route's answer it keeps. */
  const pageAnswerOf = async (data: PageData): Promise<unknown> => {
    const direct = answers.read(data);
    if (direct !== undefined || !sourceOf(data).keptForLife) return direct && (await direct);
    answers.keep(data, await routed(apiPathOf(data)));
    return answers.read(data) && (await answers.read(data));
  };

  // Every kind, by name: a kind added to PageData without its descriptors here does not compile.
  const found: { [K in PageDataKind]: () => PageDataOf<K>[] } = {
    posting: () => [{ kind: 'posting', uuid: live }],
    search: () => [
      { kind: 'search', country: 'japan', page: 1 },
      { kind: 'search', country: 'japan', city: 'Tokyo', page: 1 },
      { kind: 'search', country: 'japan', city: 'Tokyo', ageGroup: 'Adults', q: 'mentor', page: 1 },
      { kind: 'search', country: 'japan', city: '', q: '', page: 2 },
      { kind: 'search', country: 'japan', housing: '1', maxTeachingHours: '30', page: 1 },
      { kind: 'search', country: 'japan', eligibleOnly: '1', passport: 'PH', degree: 'bachelor', page: 1 },
    ],
    compare: () => [{ kind: 'compare', ids: [live] }],
    school: () => [{ kind: 'school', slug: school }],
    cities: () => [
      { kind: 'cities', country: 'japan' },
      { kind: 'cities', country: 'vietnam' },
    ],
    config: () => [{ kind: 'config' }],
  };

  /** What a page holds of the route's answer: a posting's names nobody's saves, the rest all of it. */
  const asPageHolds = (data: PageData, answer: unknown): unknown => {
    if (data.kind !== 'posting') return answer;
    const { job } = answer as { job: { favoritedBy: string[] } };
    // The route names the saver: the page's answer really leaves them out.
    expect(job.favoritedBy).toHaveLength(1);
    return { job: { ...job, favoritedBy: [] } };
  };

  it.each(Object.entries(found))('round-trips every %s: its path answers what the table reads', async (_, of) => {
    for (const data of of()) {
      const answer = await pageAnswerOf(data);
      expect(answer, JSON.stringify(data)).toBeDefined();
      expect(answer, JSON.stringify(data)).toEqual(asPageHolds(data, await routed(apiPathOf(data))));
    }
  });

  it('leaves to the route what it does not take or finds nothing at', async () => {
    const fresh = createPageAnswers(t.deps);
    for (const data of [
      { kind: 'posting', uuid: draft },
      { kind: 'posting', uuid: '00000000-0000-4000-8000-000000000000' },
      { kind: 'posting', uuid: 'not-a-uuid' },
      { kind: 'posting', uuid: '../config' },
      { kind: 'search', country: 'atlantis', page: 1 },
      { kind: 'search', country: 'japan', page: 0 },
      { kind: 'search', country: 'japan', ageGroup: 'Toddlers', page: 1 },
      { kind: 'cities', country: 'atlantis' },
      { kind: 'school', slug: 'no-such-school' },
      { kind: 'school', slug: '../config' },
      { kind: 'config' },
    ] satisfies PageData[]) {
      const direct = fresh.read(data);
      expect(direct === undefined ? undefined : await direct, JSON.stringify(data)).toBeUndefined();
      // …and the route refuses it, or (the configuration) answers it for the page to keep.
      const res = await t.inject({ method: 'GET', url: apiPathOf(data) });
      expect(data.kind === 'config' ? [200] : [400, 404], apiPathOf(data)).toContain(res.statusCode);
    }
  });

  it('keeps the site configuration the route gave, and nothing else', async () => {
    const fresh = createPageAnswers(t.deps);
    const config = await routed('/api/config');
    fresh.keep({ kind: 'config' }, config);
    fresh.keep({ kind: 'cities', country: 'japan' }, []);
    expect(await fresh.read({ kind: 'config' })).toEqual(config);
    expect(await fresh.read({ kind: 'cities', country: 'japan' })).toEqual(await routed('/api/jobs/cities/japan'));
  });

  it('refuses loudly a kind the table does not hold, for its answer and for its version', async () => {
    const unknown = { kind: 'weather', city: 'Tokyo' } as unknown as PageData;
    expect(() => sourceOf(unknown)).toThrow(/kind weather/);
    expect(() => answers.read(unknown)).toThrow(/kind weather/);
    // Not a page rendered and left unkept: the page cannot be versioned at all.
    const pages = createRenderedPages({ ...t.deps, config: { ...t.deps.config, responseCacheMs: 1000 } }, 'build')!;
    await expect(pages.open('/weather', [{ kind: 'config' }, unknown])).rejects.toThrow(/kind weather/);
    const known = await pages.open(`/posting/${live}`, [{ kind: 'config' }, { kind: 'posting', uuid: live }]);
    expect(known.kept).toBeUndefined();
  });
});
