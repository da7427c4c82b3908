// Operator commands: `npm run admin -- <command>`. Coupons, contact messages, unpublishing a job,
// deleting a user, operators, sending alerts, backups. Runs against the database named by DATABASE_URL.
import path from 'node:path';
import { pino } from 'pino';
import { fileURLToPath } from 'node:url';
import { loadConfigOrExit, type Config } from './config.js';
import { createDb, type Db } from './db/create-db.js';
import { prepareSchema } from './db/migrate.js';
import type { BlobStore } from './integrations/blobs/blob-store.js';
import { createBlobStore } from './integrations/blobs/create-blob-store.js';
import { createCoupons } from './features/credits/coupons-service.js';
import { takeDownJob } from './features/jobs/service.js';
import { deleteAccount, findUserIdByEmail } from './features/accounts/service.js';
import { listContactMessages } from './features/contact/service.js';
import { sendDueAlerts } from './features/alerts/service.js';
import { setOperator } from './features/operators/service.js';
import { createMailer, type Mailer } from './integrations/mail/mailer.js';
import { BACKUP_DATABASE, BACKUP_MEDIA, createBackup, restoreBackup } from './features/backups/service.js';
import type { Deps } from './deps.js';

export const USAGE = `Usage: npm run admin -- <command>

  coupons create N        create N coupon codes and print their sign-up links
  contact list [N]        list the latest N contact messages (default 50)
  jobs unpublish <uuid> [reason…]
                          take a published job down for good, keeping the reason
  users delete <email>    delete a user with their jobs, resume, files, sessions and queued mail
  operators add <email>   make an account an operator (the /api/operator/ routes, the console)
  operators remove <email>
                          take the operator role away
  alerts send             mail every job alert that has new jobs now, whatever its frequency
  backup <dir>            copy the SQLite database (the server may run) and the uploads folder into <dir>
  restore <dir> [--force] put a backup's database at DATABASE_URL and its uploads in MEDIA_DIR
                          (--force replaces an existing database: stop every server first)`;

export interface AdminContext {
  db: Db;
  config: Config;
  /** The outbox and SMTP, for commands that send mail. */
  mail: Mailer;
  blobs: BlobStore;
  now: () => number;
  out: (line: string) => void;
  log: Deps['log'];
}

export class AdminUsageError extends Error {}

// C0 and C1 controls, DEL, and the bidirectional overrides and isolates.
// eslint-disable-next-line no-control-regex -- control characters are exactly what this finds
const UNPRINTABLE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Text written by strangers (contact messages), made safe for an operator's terminal: a control
 * character could move the cursor, rewrite earlier lines or change the title; it is shown escaped.
 */
export function printable(text: string): string {
  return text.replace(UNPRINTABLE, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Commands that work on the database file itself: the process opens no connection for them. */
const FILE_COMMANDS = ['backup', 'restore'];

function describeUploads(config: Config): string {
  return config.blobStore === 'db'
    ? 'Uploads are in the database (BLOB_STORE=db): the database file holds them.'
    : `Uploads are in the bucket ${config.s3?.bucket ?? ''} (BLOB_STORE=s3): keep them with the bucket's versioning or replication.`;
}

/** `backup <dir>` and `restore <dir> [--force]`; answers the process exit code. */
export async function runFileCommand(args: string[], ctx: Pick<AdminContext, 'config' | 'out'>): Promise<number> {
  const [command, ...rest] = args;
  const force = rest.includes('--force');
  const folders = rest.filter((a) => a !== '--force');
  if (folders.length !== 1 || folders[0]!.startsWith('-') || (force && command === 'backup')) {
    throw new AdminUsageError(
      command === 'backup' ? 'backup needs one folder' : 'restore needs one folder, and may take --force',
    );
  }
  const dir = path.resolve(folders[0]!);
  if (command === 'backup') {
    const report = await createBackup(ctx.config, dir);
    ctx.out(`Backed up ${report.database} to ${path.join(dir, BACKUP_DATABASE)} (checked).`);
    ctx.out(
      report.mediaFiles === null
        ? describeUploads(ctx.config)
        : `Copied ${report.mediaFiles} media file${report.mediaFiles === 1 ? '' : 's'} to ${path.join(dir, BACKUP_MEDIA)}.`,
    );
    return 0;
  }
  const report = await restoreBackup(ctx.config, dir, force);
  ctx.out(`Restored ${path.join(dir, BACKUP_DATABASE)} to ${report.database}.`);
  ctx.out(
    report.mediaFiles === null
      ? `${describeUploads(ctx.config)} The backup's media folder was not copied.`
      : `Copied ${report.mediaFiles} media file${report.mediaFiles === 1 ? '' : 's'} to ${path.resolve(ctx.config.mediaDir)}.`,
  );
  return 0;
}

/** Runs one command; answers the process exit code. */
export async function runAdmin(args: string[], ctx: AdminContext): Promise<number> {
  if (FILE_COMMANDS.includes(args[0] ?? '')) return runFileCommand(args, ctx);
  const [area, action, arg] = args;
  const command = `${area ?? ''} ${action ?? ''}`.trim();
  switch (command) {
    case 'coupons create': {
      const count = Number(arg);
      if (!Number.isInteger(count) || count < 1 || count > 10_000) {
        throw new AdminUsageError('coupons create needs a whole number from 1 to 10000');
      }
      const codes = await createCoupons(ctx.db, count, ctx.now());
      for (const code of codes) ctx.out(`${code}  ${ctx.config.publicUrl}/special-register/${code}`);
      return 0;
    }
    case 'contact list': {
      const limit = arg === undefined ? 50 : Number(arg);
      if (!Number.isInteger(limit) || limit < 1)
        throw new AdminUsageError('contact list takes a positive whole number');
      const messages = await listContactMessages(ctx.db, limit);
      if (messages.length === 0) ctx.out('No contact messages.');
      for (const m of messages) {
        ctx.out(`#${m.id}  ${new Date(m.created_at).toISOString()}  ${printable(m.email)}`);
        ctx.out(`  Subject: ${m.subject ? printable(m.subject) : '(none)'}`);
        for (const line of m.text.split(/\r?\n/)) ctx.out(`  ${printable(line)}`);
        ctx.out('');
      }
      return 0;
    }
    case 'jobs unpublish': {
      if (!arg) throw new AdminUsageError('jobs unpublish needs a job uuid');
      const reason = args.slice(3).join(' ').trim() || 'taken down by an operator';
      if (!(await takeDownJob(ctx.db, arg, reason, ctx.now()))) {
        ctx.out(`No published job ${arg}.`);
        return 1;
      }
      ctx.out(`Job ${arg} is taken down (${reason}); its owner cannot publish it again.`);
      return 0;
    }
    case 'users delete': {
      if (!arg) throw new AdminUsageError('users delete needs an e-mail address');
      const email = arg.trim().toLowerCase();
      const userId = await findUserIdByEmail(ctx.db, email);
      if (!userId) {
        ctx.out(`No user ${email}.`);
        return 1;
      }
      const { files } = await deleteAccount({ db: ctx.db, blobs: ctx.blobs, log: ctx.log }, userId, {
        publishedJobs: 'delete',
      });
      ctx.out(`User ${email} is deleted, with their jobs, resume and ${files} files.`);
      return 0;
    }
    case 'operators add':
    case 'operators remove': {
      if (!arg) throw new AdminUsageError(`${command} needs an e-mail address`);
      const email = arg.trim().toLowerCase();
      const adding = action === 'add';
      const change = await setOperator(ctx.db, email, adding, ctx.now());
      if (change === 'no-such-user') {
        ctx.out(`No user ${email}.`);
        return 1;
      }
      if (change === 'unchanged') ctx.out(`${email} ${adding ? 'is already' : 'is not'} an operator.`);
      else ctx.out(`${email} ${adding ? 'is now an operator' : 'is no longer an operator'}.`);
      return 0;
    }
    case 'alerts send': {
      const report = await sendDueAlerts(
        { db: ctx.db, clock: { now: ctx.now }, config: ctx.config, mail: ctx.mail, log: ctx.log },
        { everyAlert: true },
      );
      await ctx.mail.flush();
      ctx.out(`${report.mails} job alert mail${report.mails === 1 ? '' : 's'} sent, listing ${report.jobs} jobs.`);
      return 0;
    }
    default:
      throw new AdminUsageError(command ? `Unknown command: ${command}` : 'No command given');
  }
}

/** Runs a command, writing a refusal or failure to stderr; answers the process exit code. */
async function reportErrors(command: () => Promise<number>): Promise<number> {
  try {
    return await command();
  } catch (err) {
    if (err instanceof AdminUsageError) {
      process.stderr.write(`${err.message}\n\n${USAGE}\n`);
      return 2;
    }
    process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
    return 1;
  }
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  const args = process.argv.slice(2);
  const out = (line: string) => process.stdout.write(`${line}\n`);
  if (FILE_COMMANDS.includes(args[0] ?? '')) {
    // A backup copies the database as it is (before a migration, say); a restore writes the file
    // that opening a connection first would have made empty.
    process.exit(await reportErrors(() => runFileCommand(args, { config, out })));
  }
  const db = createDb(config.databaseUrl);
  const code = await reportErrors(async () => {
    await prepareSchema(db, config.migrateOnStart);
    const blobs = await createBlobStore(config, db);
    const log = pino({ level: 'warn' }, pino.destination(2));
    const mail = createMailer({ db, smtpUrl: config.smtpUrl, from: config.mailFrom, log, logLinks: false });
    try {
      return await runAdmin(args, { db, config, mail, blobs, now: Date.now, out, log });
    } finally {
      await mail.close();
    }
  });
  await db.destroy();
  process.exit(code);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) void main();
