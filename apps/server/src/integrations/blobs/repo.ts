// Blobs kept in the database (BLOB_STORE=db): media for hosts without a lasting disk.
import type { DbOrTrx } from '../../db/create-db.js';

export async function upsertBlob(db: DbOrTrx, key: string, data: Buffer, contentType: string, now: number) {
  await db
    .insertInto('blobs')
    .values({ key, data, content_type: contentType, created_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ data, content_type: contentType }))
    .execute();
}

export function findBlob(db: DbOrTrx, key: string) {
  return db.selectFrom('blobs').select(['data', 'content_type']).where('key', '=', key).executeTakeFirst();
}

export async function deleteBlob(db: DbOrTrx, key: string): Promise<void> {
  await db.deleteFrom('blobs').where('key', '=', key).execute();
}
