// BLOB_STORE=s3 against a local S3-compatible server: the store's contract, privacy in the bucket,
// and the app serving job images and resume PDFs from it as it does from a folder.
import fs from 'node:fs';
import path from 'node:path';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { Resume } from '@teacheast/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, createUser, dialect, type TestApp } from '../../../test/harness.js';
import { startS3TestServer, type S3TestServer } from '../../../test/s3-server.js';
import { createCompleteDraft } from '../../features/jobs/test-factories.js';
import { pdfBytes, pdfDataUrl } from '../../features/resumes/test-factories.js';
import type { BlobStore } from './blob-store.js';
import { createS3BlobStore } from './s3-store.js';

let s3: S3TestServer;
let store: BlobStore;

beforeAll(async () => {
  s3 = await startS3TestServer();
  store = createS3BlobStore(s3.settings);
});
afterAll(async () => s3?.close());

describe(`S3 blob store (${dialect})`, () => {
  it('puts, gets and deletes; a missing key reads as null and deletes quietly', async () => {
    await store.put('img/round-trip.webp', Buffer.from('RIFF....WEBP'), 'image/webp');
    expect(await store.get('img/round-trip.webp')).toEqual({
      data: Buffer.from('RIFF....WEBP'),
      contentType: 'image/webp',
    });
    await store.delete('img/round-trip.webp');
    expect(await store.get('img/round-trip.webp')).toBeNull();
    await store.delete('img/round-trip.webp');
    expect(await store.get('private/never-written.pdf')).toBeNull();
  });

  it('keeps every byte of a binary file', async () => {
    const everyByte = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    const data = Buffer.concat([everyByte, Buffer.alloc(1_000_000, 0xff), everyByte.reverse()]);
    await store.put('private/binary.pdf', data, 'application/pdf');
    const blob = await store.get('private/binary.pdf');
    expect(blob?.data.equals(data)).toBe(true);
  });

  it('keeps the content type it was given', async () => {
    await store.put('private/resume-type.pdf', pdfBytes(), 'application/pdf');
    await store.put('img/photo-type.webp', Buffer.from('webp'), 'image/webp');
    expect((await store.get('private/resume-type.pdf'))?.contentType).toBe('application/pdf');
    expect((await store.get('img/photo-type.webp'))?.contentType).toBe('image/webp');
  });

  it('takes only the keys the product makes, like the other stores', async () => {
    await expect(store.put('../escape.pdf', pdfBytes(), 'application/pdf')).rejects.toThrow(/Unsafe blob key/);
    await expect(store.put('other/x.pdf', pdfBytes(), 'application/pdf')).rejects.toThrow(/Unsafe blob key/);
    expect(await store.get('img/../private/binary.pdf')).toBeNull();
    await store.delete('img/../private/binary.pdf');
    expect(await store.get('private/binary.pdf')).not.toBeNull();
  });

  it('writes objects private: the bucket refuses them to a request without credentials', async () => {
    await store.put('private/resume-secret.pdf', pdfBytes(), 'application/pdf');
    await store.put('img/public-looking.webp', Buffer.from('webp'), 'image/webp');
    for (const key of ['private/resume-secret.pdf', 'img/public-looking.webp']) {
      const anonymous = await fetch(s3.objectUrl(key));
      expect(anonymous.status, key).toBe(403);
      expect(await anonymous.text(), key).toContain('AccessDenied');
    }
    // The same request reaches an object written public-read: the refusal above is the object's.
    const { region, endpoint, credentials } = s3.settings;
    const owner = new S3Client({ region, endpoint, credentials, forcePathStyle: true });
    await owner.send(
      new PutObjectCommand({ Bucket: s3.settings.bucket, Key: 'img/shared.webp', Body: 'webp', ACL: 'public-read' }),
    );
    owner.destroy();
    expect((await fetch(s3.objectUrl('img/shared.webp'))).status).toBe(200);
  });

  it('answers a missing bucket with an error, not with "no such file"', async () => {
    const elsewhere = createS3BlobStore({ ...s3.settings, bucket: 'no-such-bucket' });
    await expect(elsewhere.get('img/any.webp')).rejects.toThrow(/bucket/i);
  });
});

describe(`the app with BLOB_STORE=s3 (${dialect})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: s3.env });
  });
  afterAll(async () => t?.close());

  it('serves a job image through /media and a resume PDF through its signed link, from the bucket only', async () => {
    const owner = await createUser(t);
    const jobId = await createCompleteDraft(t, owner);
    const { thumbnail } = await t.db
      .selectFrom('jobs')
      .select('thumbnail')
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
    expect(thumbnail).toMatch(/^\/media\/img\/[\w-]+\.webp$/);
    const image = await t.inject({ method: 'GET', url: thumbnail! });
    expect(image.statusCode).toBe(200);
    expect(image.headers).toMatchObject({
      'content-type': 'image/webp',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
    });
    const imageKey = thumbnail!.slice('/media/'.length);
    expect(image.rawPayload.equals((await store.get(imageKey))!.data)).toBe(true);

    const teacher = await createUser(t);
    const saved = await t.inject({
      method: 'PATCH',
      url: `/api/post-resume/resume/${teacher.id}`,
      headers: teacher.auth,
      payload: { resumeUrl: pdfDataUrl() },
    });
    expect(saved.statusCode).toBe(200);
    const pdf = await t.inject({ method: 'GET', url: saved.json<Resume>().resumeUrl });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-disposition': 'inline; filename="resume.pdf"',
      'x-content-type-options': 'nosniff',
    });
    expect(pdf.rawPayload.equals(pdfBytes())).toBe(true);
    const { resume_pdf_key } = await t.db
      .selectFrom('resumes')
      .select('resume_pdf_key')
      .where('user_id', '=', teacher.id)
      .executeTakeFirstOrThrow();
    expect((await fetch(s3.objectUrl(resume_pdf_key!))).status).toBe(403);

    // Nothing went to the media folder.
    expect(fs.readdirSync(t.mediaDir, { recursive: true }).filter((f) => path.extname(String(f)))).toEqual([]);
  });
});
