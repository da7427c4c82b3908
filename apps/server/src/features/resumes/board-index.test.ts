// The resume board index held in the process must give every page of every filter exactly as the
// database's query does, and must never answer once a write has changed a published resume.
import { AGE_GROUPS } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRandom } from '../../demo/factories.js';
import { createTestApp, createUser, dialect, type TestApp, type TestUser } from '../../../test/harness.js';
import { createSubscription } from '../subscriptions/test-factories.js';
import { findBoardPage, refreshBoardIndex } from './board-index.js';
import * as repo from './repo.js';
import { createResume } from './test-factories.js';

/** A seeded generator (so a failure can be replayed); `int(n)` is below n. */
function random(seed: number) {
  const r = createRandom(seed);
  return { pick: r.pick, int: (n: number) => r.int(0, n - 1) };
}

const VALUES = {
  nationality: ['Ireland', 'Canada', 'Australia'],
  education: ['Bachelors', 'Masters'],
  experience: ['2', '3', '10+'],
  desiredCountry: ['Japan', 'South Korea', 'Vietnam'],
  desiredStartDate: ['March', 'September'],
  desiredAgeGroup: AGE_GROUPS,
} as const;

const fail = (err: unknown) => {
  throw err;
};

/** The ids of a page the index finds, or null when it does not answer. */
async function findBoardPageIds(t: TestApp, filters: repo.BoardFilters): Promise<string[] | null> {
  return (await findBoardPage(t.db, filters, 12, fail))?.map((tile) => tile.id) ?? null;
}

describe(`the resume board index (${dialect})`, () => {
  let t: TestApp;
  let school: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    school = await createUser(t);
    await createSubscription(t, school.id);
    const r = random(5);
    const base = t.clock.now();
    for (let i = 0; i < 150; i++) {
      const teacher = await createUser(t);
      await createResume(t, teacher.id, {
        nationality: r.pick(VALUES.nationality),
        education: r.pick(VALUES.education),
        experience: r.pick(VALUES.experience),
        desired_country: r.pick(VALUES.desiredCountry),
        desired_start_date: r.pick(VALUES.desiredStartDate),
        desired_age_group: r.pick(VALUES.desiredAgeGroup),
        // Some share a moment, so the id decides their order; some are drafts.
        last_updated_at: base - (r.int(5) === 0 ? 0 : r.int(100_000)),
        published_at: r.int(6) === 0 ? null : base,
      });
    }
  });
  afterAll(async () => t.close());

  it('gives 300 random pages of random filters exactly as the database does, tile for tile', async () => {
    await refreshBoardIndex(t.db);
    const r = random(9);
    let nonEmpty = 0;
    for (let i = 0; i < 300; i++) {
      const filters: repo.BoardFilters = { page: 1 + r.int(r.int(3) === 0 ? 14 : 3) };
      for (const name of Object.keys(VALUES) as (keyof typeof VALUES)[]) {
        if (r.int(3) === 0) filters[name] = r.pick(VALUES[name]);
      }
      const kept = await findBoardPage(t.db, filters, 12, fail);
      const database = await repo.searchBoard(t.db, filters);
      if (database.length > 0) nonEmpty++;
      expect([filters, kept]).toEqual([filters, database]);
    }
    expect(nonEmpty).toBeGreaterThan(100);
  });

  it('does not answer after a write to a published resume until it is made again', async () => {
    await refreshBoardIndex(t.db);
    const [first] = (await findBoardPageIds(t, { page: 1 }))!;
    const moved = await repo.searchBoard(t.db, { page: 10 });
    expect(moved.length).toBeGreaterThan(0);
    // The last resume on the board is updated: it comes first.
    const last = moved.at(-1)!;
    await t.db
      .updateTable('resumes')
      .set({ last_updated_at: t.clock.now() + 1 })
      .where('id', '=', last.id)
      .execute();
    expect(await findBoardPageIds(t, { page: 1 })).toBeNull();
    await refreshBoardIndex(t.db);
    const page = await findBoardPageIds(t, { page: 1 });
    expect(page?.[0]).toBe(last.id);
    expect(page?.[1]).toBe(first);

    // Unpublished, then deleted: gone from the board at once.
    await t.db.updateTable('resumes').set({ published_at: null }).where('id', '=', last.id).execute();
    expect(await findBoardPageIds(t, { page: 1 })).toBeNull();
    await refreshBoardIndex(t.db);
    expect((await findBoardPageIds(t, { page: 1 }))?.[0]).toBe(first);
    await t.db.deleteFrom('resumes').where('id', '=', first!).execute();
    expect(await findBoardPageIds(t, { page: 1 })).toBeNull();
    await refreshBoardIndex(t.db);
    expect(await findBoardPageIds(t, { page: 1 })).toEqual(
      (await repo.searchBoard(t.db, { page: 1 })).map((row) => row.id),
    );
  });

  it("is not moved by a draft's edits, which the board never shows", async () => {
    await refreshBoardIndex(t.db);
    const before = await repo.findBoardVersion(t.db);
    const drafter = await createUser(t);
    const draft = await createResume(t, drafter.id, { published_at: null });
    await t.db.updateTable('resumes').set({ name: 'Still a draft' }).where('id', '=', draft).execute();
    expect(await repo.findBoardVersion(t.db)).toBe(before);
    expect(await findBoardPageIds(t, { page: 1 })).not.toBeNull();
    // Published: the board moves.
    await t.db.updateTable('resumes').set({ published_at: t.clock.now() }).where('id', '=', draft).execute();
    expect(await repo.findBoardVersion(t.db)).toBeGreaterThan(before);
  });

  it('serves the route with the tiles of the pages it finds', async () => {
    await refreshBoardIndex(t.db);
    const query = 'nationality=Ireland&page=1';
    const res = await t.inject({
      method: 'GET',
      url: `/api/resume-board/filter/${school.id}?${query}`,
      headers: school.auth,
    });
    expect(res.statusCode).toBe(200);
    const uuids = res.json<{ results: { uuid: string; nationality: string }[] }>().results;
    expect(uuids.length).toBeGreaterThan(0);
    expect(uuids.every((tile) => tile.nationality === 'Ireland')).toBe(true);
    expect(uuids.map((tile) => tile.uuid)).toEqual(await findBoardPageIds(t, { nationality: 'Ireland', page: 1 }));
  });
});
