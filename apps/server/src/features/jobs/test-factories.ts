// Test factories for the jobs feature: real images made with sharp, and drafts made through the API.
import sharp from 'sharp';
import type { TestApp, TestUser } from '../../../test/harness.js';
import { grantCredits } from '../../../test/harness.js';

export async function pngDataUrl(width = 640, height = 360, color = '#3366cc'): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

export async function jpegWithGps(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 240, channels: 3, background: '#aa5500' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Secret Phone' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 41/1 0/1', GPSLongitudeRef: 'E', GPSLongitude: '139/1 41/1 0/1' },
    })
    .toBuffer();
}

export const VALID_DETAILS = {
  companyName: 'Blue Sky School',
  email: 'hr@bluesky.example',
  country: 'japan',
  city: 'Tokyo',
  pay: '280,000 JPY',
  ageGroup: 'Children',
  duration: '12',
  classSize: '11 - 20',
  startDate: '4',
  phone: '',
  link: 'https://bluesky.example',
} as const;

/** A fresh unpublished job of `user`, made through the create route with a granted credit. */
export async function createDraft(t: TestApp, user: TestUser): Promise<string> {
  await grantCredits(t, user.id, 1);
  const res = await t.inject({ method: 'POST', url: `/api/jobs/create/${user.id}`, headers: user.auth });
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.statusCode} ${res.body}`);
  return (res.json() as { uuid: string }).uuid;
}

/** A draft with every detail and a header image: ready to publish. */
export async function createCompleteDraft(t: TestApp, user: TestUser): Promise<string> {
  const id = await createDraft(t, user);
  const details = await t.inject({
    method: 'POST',
    url: `/api/jobs/details/${id}/${user.id}`,
    headers: user.auth,
    payload: VALID_DETAILS,
  });
  if (details.statusCode !== 200) throw new Error(`details failed: ${details.body}`);
  const crop = await t.inject({
    method: 'POST',
    url: `/api/job/image-crop/${id}/${user.id}`,
    headers: user.auth,
    payload: { thumbnail: await pngDataUrl() },
  });
  if (crop.statusCode !== 200) throw new Error(`crop failed: ${crop.body}`);
  return id;
}
