// Blobs in an S3 bucket or an S3-compatible store (BLOB_STORE=s3): media for several instances
// without keeping it in the database. Objects are written with no ACL, so they stay private to the
// bucket's owner (S3's default, and all a bucket with ACLs disabled accepts): every read goes
// through the server, with the same checks and headers as the other stores.
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import type { S3Settings } from '../../config.js';
import { assertSafeKey, isSafeKey, type BlobStore } from './blob-store.js';

export function createS3BlobStore(settings: S3Settings): BlobStore {
  const client = new S3Client({
    region: settings.region,
    endpoint: settings.endpoint,
    // S3-compatible stores rarely have a DNS name per bucket: the bucket goes in the path.
    forcePathStyle: settings.endpoint !== undefined,
    credentials: settings.credentials,
    // A store that stops answering fails the request instead of holding it for ever.
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
  });
  const Bucket = settings.bucket;
  return {
    async put(key, data, contentType) {
      assertSafeKey(key);
      await client.send(new PutObjectCommand({ Bucket, Key: key, Body: data, ContentType: contentType }));
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        const bytes = await object.Body!.transformToByteArray();
        return {
          data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength),
          contentType: object.ContentType ?? 'application/octet-stream',
        };
      } catch (err) {
        // Only a missing key is "no such file": a missing bucket or a refusal is an outage to see.
        if (err instanceof NoSuchKey) return null;
        throw err;
      }
    },
    async delete(key) {
      if (!isSafeKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
  };
}
