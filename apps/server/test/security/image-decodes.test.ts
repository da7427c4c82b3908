// Decoding images is the costliest work a user can ask for: each user gets at most
// IMAGE_DECODES_PER_HOUR decodes an hour, counted over profile photos, header images and carousels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft } from '../../src/features/jobs/test-factories.js';
import { imageDataUrl } from '../../src/features/resumes/test-factories.js';
import { IMAGE_DECODES_PER_HOUR } from '../../src/integrations/limiter/limiter.js';
import { createTestApp, createUser, dialect, type TestApp } from '../harness.js';

describe(`image decodes per user (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('refuses a user past the hourly limit, before decoding, and leaves other users alone', async () => {
    const busy = await createUser(t);
    const other = await createUser(t);
    const image = await imageDataUrl('png', 64, 64);
    const upload = (user: typeof busy) =>
      t.inject({
        method: 'PATCH',
        url: `/api/post-resume/profile-image/${user.id}`,
        headers: user.auth,
        payload: { profileImage: image },
      });
    expect((await upload(busy)).statusCode).toBe(200);
    // The rest of the hour's allowance, spent as a burst of uploads would.
    for (let i = 1; i < IMAGE_DECODES_PER_HOUR; i++)
      await t.deps.limiter.hit(`image-decode:user:${busy.id}`, IMAGE_DECODES_PER_HOUR, 3_600_000);
    const refused = await upload(busy);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ error: true, errorType: 'RATE_LIMITED' });
    const jobId = await createDraft(t, busy);
    const header = await t.inject({
      method: 'POST',
      url: `/api/job/image-crop/${jobId}/${busy.id}`,
      headers: busy.auth,
      payload: { thumbnail: image },
    });
    expect(header.statusCode).toBe(429);
    expect((await upload(other)).statusCode).toBe(200);
  });
});
