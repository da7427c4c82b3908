// A posting's answer as the database writes it (repo.ts findPostingJson, service.ts jobAnswerJson)
// against the API's own presenter (toJob) and answer schema, on both databases, with text that JSON
// must escape, for every status and for the owner and a visitor.
import { randomUUID } from 'node:crypto';
import { JobAnswerSchema, POSTING_LIFETIME_DAYS } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { HOSTILE_TEXT } from '../../../test/hostile-text.js';
import { POSTING_COLUMNS, toJob, type PostingRow } from '../jobs/presenters.js';
import { takeDownJob } from '../jobs/service.js';
import { findFavoritedBy, findJobImageUrls } from './repo.js';

const DAY = 86_400_000;

describe(`a posting written by the ${dialect} database`, () => {
  let t: TestApp;
  let owner: TestUser;
  let fans: TestUser[];

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
    fans = [await createUser(t), await createUser(t)];
  });
  afterAll(async () => t.close());

  /** What the presenter makes of the stored posting, its photos and savers. */
  async function presented(id: string) {
    const row = (await t.db
      .selectFrom('jobs')
      .select(POSTING_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirstOrThrow()) as PostingRow;
    const published = row.published_at === null ? null : Number(row.published_at);
    return {
      job: toJob(
        { ...row, published_at: published },
        await findJobImageUrls(t.db, id),
        await findFavoritedBy(t.db, id),
        t.clock.now(),
      ),
    };
  }

  async function answered(id: string, headers: Record<string, string> = {}) {
    const res = await t.inject({ method: 'GET', url: `/api/job/${id}`, headers });
    return { status: res.statusCode, type: res.headers['content-type'], body: res.body };
  }

  async function hostilePosting(i: number, published_at: number | null): Promise<string> {
    const text = HOSTILE_TEXT[i % HOSTILE_TEXT.length]!;
    const id = await createPublishedJob(t, owner.id, {
      title: text.slice(0, 80),
      company_name: `${text} ${i}`.slice(0, 120),
      city: text.slice(0, 100),
      description_html: `<p>${text}</p>\n<p>${HOSTILE_TEXT.join('<br>')}</p>`,
      thumbnail: i % 2 ? `/media/img/${i}-header.webp` : null,
      published_at,
    });
    await t.db
      .updateTable('jobs')
      .set({
        email: `jobs+${i}@example.com`,
        phone: `+84 ${text}`.slice(0, 40),
        link: `https://example.com/?q="${i}"`,
        // The tile's small image is not the posting's.
        tile_thumbnail: i % 2 ? `/media/img/${i}-tile.webp` : null,
      })
      .where('id', '=', id)
      .execute();
    return id;
  }

  it('is the presenter’s posting, with photos and savers in order, for every kind of text', async () => {
    const base = t.clock.now() - DAY;
    // Milliseconds that need padding (7 → .007), none (0 → .000), and all three digits.
    const millis = [7, 0, 999, 40, 123];
    for (let i = 0; i < HOSTILE_TEXT.length * 2; i++) {
      const id = await hostilePosting(i, base - i * 60_000 - (base % 1000) + millis[i % millis.length]!);
      const urls = Array.from({ length: i % 3 }, (_, n) => `/media/img/${i}-${2 - n}.webp`);
      if (urls.length > 0) {
        await t.db
          .insertInto('job_images')
          .values(
            urls.map((url, position) => ({ id: randomUUID(), job_id: id, position, url, created_at: t.clock.now() })),
          )
          .execute();
      }
      for (const fan of fans.slice(0, i % 3)) {
        await t.db.insertInto('favorites').values({ user_id: fan.id, job_id: id, created_at: t.clock.now() }).execute();
      }
      const { status, type, body } = await answered(id);
      expect(status).toBe(200);
      expect(type).toBe('application/json; charset=utf-8');
      const expected = await presented(id);
      expect(JobAnswerSchema.strict().parse(JSON.parse(body)), id).toEqual(expected);
      expect(expected.job.images).toHaveLength(i % 3);
      expect(expected.job.favoritedBy).toHaveLength(i % 3);
    }
  });

  it('is expired after its lifetime, and an unpublished one is its owner’s alone', async () => {
    const expired = await hostilePosting(1, t.clock.now() - (POSTING_LIFETIME_DAYS + 1) * DAY);
    const expiredAnswer = await answered(expired);
    expect(expiredAnswer.status).toBe(200);
    expect(JSON.parse(expiredAnswer.body)).toEqual(await presented(expired));
    expect(JSON.parse(expiredAnswer.body)).toMatchObject({ job: { status: 'expired' } });

    const draft = await hostilePosting(2, null);
    const mine = await answered(draft, owner.auth);
    expect(mine.status).toBe(200);
    expect(JobAnswerSchema.strict().parse(JSON.parse(mine.body))).toEqual(await presented(draft));
    expect(JSON.parse(mine.body)).toMatchObject({ job: { status: 'unpublished', publishedDate: null } });
    for (const headers of [{}, fans[0]!.auth]) {
      const refused = await answered(draft, headers);
      expect(refused.status).toBe(404);
      expect(JSON.parse(refused.body)).toMatchObject({ message: 'This job does not exist or is no longer available' });
    }
    expect((await answered(randomUUID())).status).toBe(404);
  });

  it('says a job TeachEast took down was taken down (the admin’s `jobs unpublish`), and a live one not', async () => {
    const live = await hostilePosting(3, t.clock.now() - DAY);
    const gone = await hostilePosting(4, t.clock.now() - DAY);
    expect(await takeDownJob(t.db, gone, 'Misleading pay', t.clock.now())).toBe(true);

    const liveAnswer = JobAnswerSchema.strict().parse(JSON.parse((await answered(live)).body));
    expect(liveAnswer).toEqual(await presented(live));
    expect(liveAnswer.job).toMatchObject({ status: 'published', underReview: false, takenDown: false });

    // Its owner's answer is the presenter's whole posting; a visitor's has no contact details.
    const mine = JobAnswerSchema.strict().parse(JSON.parse((await answered(gone, owner.auth)).body));
    expect(mine).toEqual(await presented(gone));
    for (const answer of [mine, JobAnswerSchema.parse(JSON.parse((await answered(gone)).body))]) {
      expect(answer.job).toMatchObject({ status: 'expired', underReview: false, takenDown: true });
    }
  });
});
