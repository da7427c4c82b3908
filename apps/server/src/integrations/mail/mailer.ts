// Outgoing mail: every message is stored in the outbox first, then sent over SMTP in the background
// (or, with no SMTP_URL, logged with its links for development).
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db, DbOrTrx } from '../../db/create-db.js';
import * as repo from './repo.js';

type MailMessage = repo.OutboxMail;

interface StoredMail {
  id: number;
  message: MailMessage;
}

export interface Mailer {
  /** Queues a message; never throws and never waits for the SMTP server. */
  send(message: MailMessage): void;
  /**
   * Stores a message in the outbox as part of the caller's transaction, so it exists exactly when the
   * rest of that write does. Call `deliver` with the answer once the transaction has committed.
   */
  store(db: DbOrTrx, message: MailMessage): Promise<StoredMail>;
  /** Hands a stored message to SMTP in the background. */
  deliver(stored: StoredMail): void;
  /**
   * Runs `work` once the current answer has left (after `delayMs`), tracked like a queued message:
   * `flush()` and `close()` wait for it, so a shutdown right after the answer loses nothing.
   */
  afterAnswer(work: () => Promise<void>, delayMs?: number): void;
  /** Waits until every queued message and after-answer step has finished (sent or failed). */
  flush(): Promise<void>;
  /** Deletes delivered mail older than a week (also done hourly); answers how many rows went. */
  prune(): Promise<number>;
  /**
   * Sends mail a stopped server stored but did not send (also done hourly); answers how many it took
   * on. Each mail is claimed first, so several servers never send one twice.
   */
  sendLeftBehind(): Promise<number>;
  /** How many stored mails are neither sent nor failed, and when the oldest of them was stored. */
  backlog(): Promise<{ unsent: number; oldestCreatedAt: number | null }>;
  close(): Promise<void>;
}

/** Delivered mail is kept (without its text) this long, as a record that it went out. */
export const DELIVERED_MAIL_KEPT_MS = 7 * 24 * 60 * 60 * 1000;

/** A claim older than this belongs to a sender that stopped; mail this old and unsent was left behind. */
const CLAIM_STALE_MS = 5 * 60 * 1000;

/**
 * Tries a mail gets before the outbox gives up on it and blanks its text (a link in it is a
 * credential). A refused mail is tried again at the next hourly pass, so about eight hours of an
 * SMTP relay down before mail is lost.
 */
export const MAIL_MAX_ATTEMPTS = 8;

export function createMailer(options: {
  db: Db;
  smtpUrl?: string;
  from: string;
  log: Logger;
  /** Log the links of mail that has no SMTP server to go to (development only: they are credentials). */
  logLinks?: boolean;
  now?: () => number;
}): Mailer {
  const { db, smtpUrl, from, log, logLinks = true, now = Date.now } = options;
  // Pooled: mail goes over connections kept open (up to five), not a new connection and greeting for
  // each mail; `?pool=false` in SMTP_URL turns it off.
  const transport: Transporter | undefined = smtpUrl
    ? nodemailer.createTransport({ url: smtpUrl, pool: true })
    : undefined;
  const pending = new Set<Promise<void>>();

  // Confirmation and reset links are credentials: once a mail is delivered its text is blanked, and
  // delivered rows are pruned after a week, so no backup keeps a usable link.
  function prune(): Promise<number> {
    return repo.pruneDeliveredMail(db, now() - DELIVERED_MAIL_KEPT_MS);
  }
  async function sendLeftBehind(): Promise<number> {
    await repo.giveUpMail(
      db,
      now() - CLAIM_STALE_MS,
      MAIL_MAX_ATTEMPTS,
      `gave up after ${MAIL_MAX_ATTEMPTS} tries: every sender stopped before an answer`,
    );
    const left = await repo.findUnsentMail(db, now() - CLAIM_STALE_MS, 500);
    for (const stored of left) await transmit(stored);
    return left.length;
  }
  const pruneTimer = setInterval(
    () => track(Promise.all([prune(), sendLeftBehind()]).then(() => undefined)),
    60 * 60 * 1000,
  );
  pruneTimer.unref();

  async function store(target: DbOrTrx, message: MailMessage): Promise<StoredMail> {
    return { id: await repo.insertMail(target, message, now()), message };
  }

  async function transmit({ id, message }: StoredMail): Promise<void> {
    if (!transport) {
      if (logLinks) {
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        // Development outbox: the links are what a developer needs to go on.
        log.info({ mailId: id, subject: message.subject, links }, 'mail stored in the dev outbox');
      } else {
        log.warn({ mailId: id }, 'mail not sent: SMTP_URL is not set');
      }
      return;
    }
    if (!(await repo.claimMail(db, id, now(), now() - CLAIM_STALE_MS, MAIL_MAX_ATTEMPTS))) return;
    try {
      await transport.sendMail({
        from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html !== undefined ? { html: message.html } : {}),
        ...(message.headers !== undefined ? { headers: message.headers } : {}),
        // A calendar invitation: the text/calendar part (with its METHOD) and an .ics attachment.
        ...(message.ical !== undefined
          ? {
              icalEvent: {
                method: /^METHOD:(\w+)/m.exec(message.ical)?.[1] ?? 'REQUEST',
                filename: 'invitation.ics',
                content: message.ical,
              },
            }
          : {}),
      });
      await repo.markMailSent(db, id, now());
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      log.error({ mailId: id, reason }, 'mail could not be sent');
      await repo.markMailRefused(db, id, reason.slice(0, 500), MAIL_MAX_ATTEMPTS);
    }
  }

  function track(p: Promise<void>) {
    const tracked = p.catch((err: unknown) => {
      log.error({ reason: err instanceof Error ? err.message : String(err) }, 'mail could not be stored or sent');
    });
    pending.add(tracked);
    void tracked.finally(() => pending.delete(tracked));
  }

  return {
    send(message) {
      track(store(db, message).then(transmit));
    },
    store,
    deliver(stored) {
      track(transmit(stored));
    },
    afterAnswer(work, delayMs = 20) {
      track(new Promise<void>((resolve) => setTimeout(resolve, delayMs)).then(work));
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    prune,
    sendLeftBehind,
    backlog: () => repo.findOutboxBacklog(db),
    async close() {
      clearInterval(pruneTimer);
      await this.flush();
      transport?.close();
    },
  };
}
