// The blob store BLOB_STORE names. The AWS SDK loads only when the store is s3.
import path from 'node:path';
import type { Config } from '../../config.js';
import type { Db } from '../../db/create-db.js';
import { createDbBlobStore, createFsBlobStore, type BlobStore } from './blob-store.js';

export async function createBlobStore(config: Config, db: Db): Promise<BlobStore> {
  if (config.blobStore === 's3' && config.s3) {
    const { createS3BlobStore } = await import('./s3-store.js');
    return createS3BlobStore(config.s3);
  }
  if (config.blobStore === 'db') return createDbBlobStore(db);
  return createFsBlobStore(path.resolve(config.mediaDir));
}
