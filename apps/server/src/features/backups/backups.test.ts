// npm run admin -- backup / restore: a round trip of a user, a job and uploaded files through a
// backup into a fresh place, on SQLite; PostgreSQL is refused with the way to pg_dump.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createPublishedJob,
  createTestApp,
  createTestDatabase,
  createUser,
  dialect,
  type TestApp,
} from '../../../test/harness.js';
import { runAdmin } from '../../admin.js';
import { loadConfig, type Config } from '../../config.js';
import { createDb, type Db } from '../../db/create-db.js';
import { MIGRATION_NAMES, migrateUpTo, readMigrationState } from '../../db/migrate.js';
import { createFsBlobStore } from '../../integrations/blobs/blob-store.js';
import { BACKUP_DATABASE, BACKUP_MEDIA, BackupRefusal } from './service.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');

/** `npm run admin -- …` as an operator runs it. */
function admin(env: Record<string, string>, ...args: string[]) {
  return spawnSync(process.execPath, ['--import', 'tsx', 'apps/server/src/admin.ts', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });
}

describe(`backups (${dialect})`, () => {
  let t: TestApp;
  let lines: string[];
  let scratch: string;
  const run = (config: Config, ...args: string[]) =>
    runAdmin(args, {
      db: t.db,
      config,
      mail: t.deps.mail,
      blobs: t.deps.blobs,
      now: () => t.clock.now(),
      out: (l) => lines.push(l),
      log: t.deps.log,
    });
  /** The configuration of a machine whose database and uploads live under `dir`. */
  const machineAt = (dir: string) =>
    loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: `sqlite:${path.join(dir, 'teacheast.db')}`,
      MEDIA_DIR: path.join(dir, 'media'),
    });

  beforeAll(async () => {
    t = await createTestApp();
    scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-backups-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  if (dialect === 'postgres') {
    it('refuses PostgreSQL, pointing to pg_dump and pg_restore', async () => {
      await expect(run(t.config, 'backup', path.join(scratch, 'b'))).rejects.toThrow(
        'backup copies a SQLite database; back up PostgreSQL with pg_dump -Fc (docs/OPERATIONS.md, Backups)',
      );
      await expect(run(t.config, 'restore', path.join(scratch, 'b'))).rejects.toThrow(
        /restore PostgreSQL with pg_restore/,
      );
      expect(fs.existsSync(path.join(scratch, 'b'))).toBe(false);
    });

    it('npm run admin -- backup says so in one line and exits 1', () => {
      const res = admin({ DATABASE_URL: t.config.databaseUrl }, 'backup', path.join(scratch, 'b'));
      expect(res.status).toBe(1);
      expect(res.stderr.trim().split('\n')).toEqual([
        'backup copies a SQLite database; back up PostgreSQL with pg_dump -Fc (docs/OPERATIONS.md, Backups)',
      ]);
    });
    return;
  }

  it('backs up a user, a job and uploaded files, and restores them into a fresh place', async () => {
    const user = await createUser(t, 'kept@example.com');
    const jobId = await createPublishedJob(t, user.id, { title: 'Kept English Teacher' });
    const photo = Buffer.from(Array.from({ length: 256 }, (_, i) => i));
    await t.deps.blobs.put('img/kept-large.webp', photo, 'image/webp');
    await t.deps.blobs.put('private/resume-kept.pdf', Buffer.from('%PDF-1.4 kept'), 'application/pdf');
    fs.writeFileSync(path.join(t.mediaDir, 'img', 'upload-in-progress.webp.1.2.tmp'), 'half');
    const userRow = await t.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    const jobRow = await t.db.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirstOrThrow();

    const backup = path.join(scratch, 'backup');
    lines = [];
    expect(await run(t.config, 'backup', backup)).toBe(0);
    expect(lines).toEqual([
      `Backed up ${path.resolve(t.config.databaseUrl.slice('sqlite:'.length))} to ${path.join(backup, 'teacheast.db')} (checked).`,
      `Copied 2 media files to ${path.join(backup, 'media')}.`,
    ]);
    // The same folder again is refused: a backup is never overwritten.
    await expect(run(t.config, 'backup', backup)).rejects.toThrow(`${backup} is not empty`);
    await expect(run(t.config, 'backup', backup)).rejects.toBeInstanceOf(BackupRefusal);

    const fresh = machineAt(path.join(scratch, 'fresh'));
    lines = [];
    expect(await run(fresh, 'restore', backup)).toBe(0);
    expect(lines).toEqual([
      `Restored ${path.join(backup, 'teacheast.db')} to ${path.join(scratch, 'fresh', 'teacheast.db')}.`,
      `Copied 2 media files to ${path.join(scratch, 'fresh', 'media')}.`,
    ]);
    const restored: Db = createDb(fresh.databaseUrl);
    try {
      expect(await restored.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirst()).toEqual(
        userRow,
      );
      expect(await restored.selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst()).toEqual(jobRow);
    } finally {
      await restored.destroy();
    }
    const media = createFsBlobStore(fresh.mediaDir);
    expect((await media.get('img/kept-large.webp'))?.data.equals(photo)).toBe(true);
    expect((await media.get('private/resume-kept.pdf'))?.data.toString()).toBe('%PDF-1.4 kept');
    expect(fs.readdirSync(path.join(fresh.mediaDir, 'img'))).toEqual(['kept-large.webp']);

    // A database already there is replaced only when asked to.
    await expect(run(fresh, 'restore', backup)).rejects.toThrow(
      /teacheast\.db exists: stop every server using it, then add --force/,
    );
    lines = [];
    expect(await run(fresh, 'restore', backup, '--force')).toBe(0);
    expect(lines[0]).toMatch(/^Restored /);
  });

  it('writes the backup for its owner only: files 0600 in folders 0700, whatever the umask', async () => {
    await t.deps.blobs.put('img/private-mode.webp', Buffer.from('photo'), 'image/webp');
    await t.deps.blobs.put('private/resume-mode.pdf', Buffer.from('%PDF-1.4 mode'), 'application/pdf');
    const backup = path.join(scratch, 'nested', 'private-backup');
    // An empty folder made beforehand, open to all, is closed too.
    const premade = path.join(scratch, 'premade-backup');
    fs.mkdirSync(premade, { mode: 0o777 });
    fs.chmodSync(premade, 0o777);
    const umask = process.umask(0);
    try {
      lines = [];
      expect(await run(t.config, 'backup', backup)).toBe(0);
      expect(await run(t.config, 'backup', premade)).toBe(0);
    } finally {
      process.umask(umask);
    }
    for (const dir of [backup, premade]) {
      const modes = fs
        .readdirSync(dir, { recursive: true, encoding: 'utf8' })
        .concat('')
        .sort()
        .map((name) => {
          const stat = fs.statSync(path.join(dir, name));
          return `${name || '.'} ${stat.isDirectory() ? 'dir' : 'file'} ${(stat.mode & 0o777).toString(8)}`;
        });
      expect(modes).toEqual(
        modes.map((line) =>
          line.replace(/ (dir|file) \d+$/, (_, kind: string) => ` ${kind} ${kind === 'dir' ? 700 : 600}`),
        ),
      );
      expect(modes).toContain('. dir 700');
      expect(modes).toContain(`${BACKUP_DATABASE} file 600`);
      expect(modes).toContain(`${path.join(BACKUP_MEDIA, 'private', 'resume-mode.pdf')} file 600`);
      expect(modes).toContain(`${path.join(BACKUP_MEDIA, 'img')} dir 700`);
    }
  });

  it('refuses what is not a backup, and explains bad usage', async () => {
    const empty = path.join(scratch, 'not-a-backup');
    fs.mkdirSync(empty);
    await expect(run(machineAt(path.join(scratch, 'other')), 'restore', empty)).rejects.toThrow(
      `${empty} holds no teacheast.db: it is not a folder npm run admin -- backup made`,
    );
    await expect(run(t.config, 'backup')).rejects.toThrow('backup needs one folder');
    await expect(run(t.config, 'restore', 'a', 'b')).rejects.toThrow('restore needs one folder');
  });

  it('npm run admin -- backup copies the database as it is, unmigrated, and restore writes it where there was none', async () => {
    const database = await createTestDatabase();
    const db = createDb(database.url);
    try {
      await migrateUpTo(db, '004-job-alerts');
      const backup = path.join(scratch, 'cli-backup');
      const made = admin({ DATABASE_URL: database.url, MEDIA_DIR: path.join(scratch, 'no-media') }, 'backup', backup);
      expect(made.stderr).toBe('');
      expect(made.stdout).toMatch(/^Backed up .* \(checked\)\.\nCopied 0 media files to /);
      const target = path.join(scratch, 'cli-restored');
      const put = admin(
        { DATABASE_URL: `sqlite:${path.join(target, 'teacheast.db')}`, MEDIA_DIR: path.join(target, 'media') },
        'restore',
        backup,
      );
      expect(put.stderr).toBe('');
      expect(put.status).toBe(0);
      const restored = createDb(`sqlite:${path.join(target, 'teacheast.db')}`);
      try {
        expect(await readMigrationState(restored)).toEqual({
          pending: MIGRATION_NAMES.filter((name) => name > '004-job-alerts'),
          newer: [],
        });
      } finally {
        await restored.destroy();
      }
    } finally {
      await db.destroy();
      await database.drop();
    }
  });
});
