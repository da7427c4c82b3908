// Where uploaded files live: a folder (one instance) or the database (several instances).
// Keys under "img/" are public media; keys under "private/" are only ever served after a check.
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Db } from '../../db/create-db.js';
import * as repo from './repo.js';

export interface Blob {
  data: Buffer;
  contentType: string;
}

export interface BlobStore {
  put(key: string, data: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Blob | null>;
  delete(key: string): Promise<void>;
}

const SAFE_KEY = /^(img|private)\/[a-z0-9][a-z0-9._-]{0,200}$/i;

/** A key the product makes: a known prefix, one plain file name, no way out of the folder. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key) && !key.includes('..');
}

export function assertSafeKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`Unsafe blob key: ${key}`);
}

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.pdf': 'application/pdf',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

export function createFsBlobStore(root: string): BlobStore {
  return {
    async put(key, data) {
      assertSafeKey(key);
      const file = path.join(root, key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      // Write then rename, so a crash never leaves a half-written file under the real name.
      const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
      const handle = await fs.open(tmp, 'w');
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(tmp, file);
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const data = await fs.readFile(path.join(root, key));
        return { data, contentType: TYPES[path.extname(key)] ?? 'application/octet-stream' };
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      if (!SAFE_KEY.test(key)) return;
      await fs.rm(path.join(root, key), { force: true });
    },
  };
}

/**
 * Copies the files of a folder store into another folder, keeping their keys; answers how many.
 * A file is only ever written under a temporary name and renamed, so a copy never catches half of
 * one; temporary files (an upload in progress) are left out, and a file deleted meanwhile is skipped.
 */
export async function copyFsBlobs(fromRoot: string, toRoot: string): Promise<number> {
  let names: string[];
  try {
    names = await fs.readdir(fromRoot, { recursive: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0; // nothing uploaded yet
    throw err;
  }
  let copied = 0;
  for (const name of names.sort()) {
    if (name.endsWith('.tmp')) continue;
    const source = path.join(fromRoot, name);
    const target = path.join(toRoot, name);
    try {
      if (!(await fs.stat(source)).isFile()) continue;
      await fs.mkdir(path.dirname(target), { recursive: true });
      await fs.copyFile(source, target);
      copied++;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
    }
  }
  return copied;
}

export function createDbBlobStore(db: Db): BlobStore {
  return {
    async put(key, data, contentType) {
      assertSafeKey(key);
      await repo.upsertBlob(db, key, data, contentType, Date.now());
    },
    async get(key) {
      const row = await repo.findBlob(db, key);
      return row ? { data: Buffer.from(row.data), contentType: row.content_type } : null;
    },
    async delete(key) {
      await repo.deleteBlob(db, key);
    },
  };
}
