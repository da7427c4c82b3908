// Hostile uploads are refused with 400, 413 or 415 and a clear message, and nothing is stored.
import fs from 'node:fs';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDraft, jpegWithGps } from '../../src/features/jobs/test-factories.js';
import { COMPLETE_DETAILS, pdfDataUrl } from '../../src/features/resumes/test-factories.js';
import { createTestApp, createUser, dialect, type TestApp, type TestUser } from '../harness.js';

const dataUrl = (mime: string, data: Buffer | string) => `data:${mime};base64,${Buffer.from(data).toString('base64')}`;

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const byte of buf) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ 0xedb88320 : c >>> 1;
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

/** A PNG that claims 30,000 × 30,000 pixels in a few hundred bytes (a pixel flood). */
function pixelFloodPng(): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(30_000, 0);
  ihdr.writeUInt32BE(30_000, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 0; // greyscale
  const idat = deflateSync(Buffer.alloc(30_001 * 4)); // a few rows; a decoder would expand 900 megapixels
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', idat),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe(`hostile uploads (${dialect})`, () => {
  let t: TestApp;
  let school: TestUser;
  let teacher: TestUser;
  let jobId: string;
  let goodPng: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    school = await createUser(t);
    teacher = await createUser(t);
    jobId = await createDraft(t, school);
    await t.inject({
      method: 'PUT',
      url: `/api/post-resume/details/${teacher.id}`,
      headers: teacher.auth,
      payload: COMPLETE_DETAILS,
    });
    goodPng = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#228844' } })
      .png()
      .toBuffer();
  });
  afterAll(async () => t.close());

  const files = () =>
    fs.existsSync(t.mediaDir)
      ? fs
          .readdirSync(t.mediaDir, { recursive: true })
          .map(String)
          .filter((f) => path.extname(f))
      : [];

  const imageRoutes = () => [
    {
      name: 'header image',
      method: 'POST' as const,
      url: `/api/job/image-crop/${jobId}/${school.id}`,
      user: school,
      body: (u: string) => ({ thumbnail: u }),
    },
    {
      name: 'carousel',
      method: 'POST' as const,
      url: `/api/job/image-upload/${jobId}/${school.id}`,
      user: school,
      body: (u: string) => ({ images: [u] }),
    },
    {
      name: 'profile photo',
      method: 'PATCH' as const,
      url: `/api/post-resume/profile-image/${teacher.id}`,
      user: teacher,
      body: (u: string) => ({ profileImage: u }),
    },
  ];

  const hostile: [string, () => string, number[]][] = [
    ['plain text named as a PNG', () => dataUrl('image/png', 'just some text, not an image'), [415]],
    ['HTML disguised as a JPEG', () => dataUrl('image/jpeg', '<html><script>alert(1)</script></html>'), [415]],
    [
      'an SVG with script',
      () => dataUrl('image/png', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
      [415],
    ],
    [
      'an SVG declared as SVG',
      () => dataUrl('image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
      [415],
    ],
    ['a PDF disguised as a PNG', () => dataUrl('image/png', '%PDF-1.4\n1 0 obj\n<<>>\nendobj\n'), [415]],
    [
      'a polyglot: PNG signature then HTML',
      () => dataUrl('image/png', Buffer.concat([goodPng.subarray(0, 16), Buffer.from('<script>alert(1)</script>')])),
      [400],
    ],
    ['a truncated PNG', () => dataUrl('image/png', goodPng.subarray(0, Math.floor(goodPng.length / 2))), [400]],
    ['a 30,000 × 30,000 pixel flood', () => dataUrl('image/png', pixelFloodPng()), [413]],
    [
      'a file over 5,242,880 bytes',
      () => dataUrl('image/png', Buffer.concat([goodPng, Buffer.alloc(5_242_881)])),
      [413],
    ],
    ['not a data URL', () => 'https://evil.example/x.png', [400]],
  ];

  for (const [label, make, statuses] of hostile) {
    it(`refuses ${label} on every image route and stores nothing`, async () => {
      for (const route of imageRoutes()) {
        const before = files();
        const jobBefore = await t.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
        const res = await t.inject({
          method: route.method,
          url: route.url,
          headers: route.user.auth,
          payload: route.body(make()),
        });
        expect(statuses, `${route.name}: ${res.statusCode} ${res.body}`).toContain(res.statusCode);
        expect(res.json()).toMatchObject({ error: true, message: expect.any(String) as string });
        expect(files()).toEqual(before);
        expect(await t.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst()).toEqual(jobBefore);
      }
    });
  }

  it('re-encodes a good photo without its EXIF and GPS data', async () => {
    const res = await t.inject({
      method: 'POST',
      url: `/api/job/image-crop/${jobId}/${school.id}`,
      headers: school.auth,
      payload: { thumbnail: dataUrl('image/jpeg', await jpegWithGps()) },
    });
    expect(res.statusCode).toBe(200);
    const stored = files().filter((f) => f.endsWith('.webp'));
    expect(stored.length).toBeGreaterThan(0);
    for (const f of stored) {
      const meta = await sharp(fs.readFileSync(path.join(t.mediaDir, f))).metadata();
      expect(meta.format).toBe('webp');
      expect(meta.exif).toBeUndefined();
      expect(fs.readFileSync(path.join(t.mediaDir, f)).includes(Buffer.from('Secret Phone'))).toBe(false);
    }
  });

  it.each([
    ['a text file named .pdf', dataUrl('application/pdf', 'hello, not a pdf'), 415],
    ['an HTML page as a PDF', dataUrl('application/pdf', '<html><script>alert(1)</script></html>'), 415],
    ['a PNG as a PDF', dataUrl('application/pdf', Buffer.alloc(8, 0x89)), 415],
    [
      'a PDF of 1,000,001 bytes',
      pdfDataUrl(Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(1_000_001 - 9, 0x20)])),
      413,
    ],
  ])('refuses %s as the resume PDF', async (_label, payload, status) => {
    const before = files();
    const res = await t.inject({
      method: 'PATCH',
      url: `/api/post-resume/resume/${teacher.id}`,
      headers: teacher.auth,
      payload: { resumeUrl: payload },
    });
    expect(res.statusCode).toBe(status);
    expect(res.json()).toMatchObject({ error: true, message: expect.any(String) as string });
    expect(files()).toEqual(before);
  });
});
