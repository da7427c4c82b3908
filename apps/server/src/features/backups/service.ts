// Backups of one machine's state (npm run admin -- backup / restore): the SQLite database, copied
// while the server runs, and the uploads folder. PostgreSQL has its own tools (pg_dump and
// pg_restore, docs/OPERATIONS.md); a bucket keeps its files with its own versioning.
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../../config.js';
import { checkSqliteDatabase, copySqliteDatabase, sqliteFileOf } from '../../db/backup.js';
import { copyFsBlobs } from '../../integrations/blobs/blob-store.js';

/** The names inside a backup folder. */
export const BACKUP_DATABASE = 'teacheast.db';
export const BACKUP_MEDIA = 'media';

/** A backup or restore that will not run as asked; its message says why and what to do instead. */
export class BackupRefusal extends Error {}

export interface BackupReport {
  /** The database file copied from (backup) or to (restore). */
  database: string;
  /** Media files copied; null when uploads are not in a folder (BLOB_STORE db or s3). */
  mediaFiles: number | null;
}

function sqliteFileOrRefuse(config: Config, command: 'backup' | 'restore'): string {
  const file = sqliteFileOf(config.databaseUrl);
  if (config.databaseUrl.startsWith('postgres')) {
    throw new BackupRefusal(
      command === 'backup'
        ? 'backup copies a SQLite database; back up PostgreSQL with pg_dump -Fc (docs/OPERATIONS.md, Backups)'
        : 'restore writes a SQLite database; restore PostgreSQL with pg_restore (docs/OPERATIONS.md, Backups)',
    );
  }
  if (!file) throw new BackupRefusal(`DATABASE_URL is ${config.databaseUrl}: there is no database file to ${command}`);
  return path.resolve(file);
}

function mediaOf(config: Config): string | null {
  return config.blobStore === 'fs' ? path.resolve(config.mediaDir) : null;
}

/**
 * Copies the database (a consistent moment of it, while the server may write) into `dir`, then the
 * uploads folder. In that order a file uploaded meanwhile is at worst an extra file in the backup,
 * never a row pointing at a file the backup lacks.
 */
export async function createBackup(config: Config, dir: string): Promise<BackupReport> {
  const database = sqliteFileOrRefuse(config, 'backup');
  if (!fs.existsSync(database)) throw new BackupRefusal(`There is no database at ${database} to back up`);
  if (fs.existsSync(dir) && fs.readdirSync(dir).length > 0) {
    throw new BackupRefusal(`${dir} is not empty: back up into a new or empty folder`);
  }
  // The folder is closed to others before anything is written in it (chmod, as mkdir's mode passes
  // through the umask and an empty folder may already be there), so no file is readable meanwhile.
  fs.mkdirSync(dir, { recursive: true, mode: OWNER_ONLY_FOLDER });
  fs.chmodSync(dir, OWNER_ONLY_FOLDER);
  const copy = path.join(dir, BACKUP_DATABASE);
  await copySqliteDatabase(database, copy);
  const check = checkSqliteDatabase(copy);
  if (check !== 'ok') throw new Error(`The copy at ${copy} does not pass SQLite's check: ${check}`);
  const media = mediaOf(config);
  const mediaFiles = media ? await copyFsBlobs(media, path.join(dir, BACKUP_MEDIA)) : null;
  restrictToOwner(dir);
  return { database, mediaFiles };
}

/**
 * A backup holds every account's password hash, personal data and uploaded resume: only its owner may
 * read it, whatever the umask, wherever it is moved to later (modes travel with copies and archives).
 */
const OWNER_ONLY_FOLDER = 0o700;
const OWNER_ONLY_FILE = 0o600;

/** Every folder inside `dir` 0700 and every file 0600 (SQLite's and the uploads copy's own modes follow the umask). */
function restrictToOwner(dir: string): void {
  for (const name of fs.readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    const entry = path.join(dir, name);
    fs.chmodSync(entry, fs.lstatSync(entry).isDirectory() ? OWNER_ONLY_FOLDER : OWNER_ONLY_FILE);
  }
}

/**
 * Puts a backup's database at DATABASE_URL's file and its uploads in MEDIA_DIR. An existing database
 * is replaced only with `force` (every server using it stopped first); uploads are copied over what
 * the folder holds.
 */
export async function restoreBackup(config: Config, dir: string, force: boolean): Promise<BackupReport> {
  const database = sqliteFileOrRefuse(config, 'restore');
  const source = path.join(dir, BACKUP_DATABASE);
  if (!fs.existsSync(source)) {
    throw new BackupRefusal(`${dir} holds no ${BACKUP_DATABASE}: it is not a folder npm run admin -- backup made`);
  }
  if (fs.existsSync(database) && !force) {
    throw new BackupRefusal(
      `${database} exists: stop every server using it, then add --force to replace it with the backup`,
    );
  }
  const check = checkSqliteDatabase(source);
  if (check !== 'ok') throw new BackupRefusal(`The backup ${source} does not pass SQLite's check: ${check}`);
  fs.mkdirSync(path.dirname(database), { recursive: true });
  await copySqliteDatabase(source, database);
  const media = mediaOf(config);
  return { database, mediaFiles: media ? await copyFsBlobs(path.join(dir, BACKUP_MEDIA), media) : null };
}
