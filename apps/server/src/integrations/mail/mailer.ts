// Outgoing mail: every message is stored in the outbox first, then sent over SMTP in the background
// (or, with no SMTP_URL, logged with its links for development).
import nodemailer, { type Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../../db/create-db.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Queues a message; never throws and never waits for the SMTP server. */
  send(message: MailMessage): void;
  /** Waits until every queued message has been handed to SMTP (or failed). */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export function createMailer(options: { db: Db; smtpUrl?: string; from: string; log: Logger }): Mailer {
  const { db, smtpUrl, from, log } = options;
  const transport: Transporter | undefined = smtpUrl ? nodemailer.createTransport(smtpUrl) : undefined;
  const pending = new Set<Promise<void>>();

  async function deliver(message: MailMessage): Promise<void> {
    const now = Date.now();
    const row = await db
      .insertInto('mail_outbox')
      .values({ to_address: message.to, subject: message.subject, text: message.text, created_at: now })
      .returning('id')
      .executeTakeFirstOrThrow();
    if (!transport) {
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      // Development outbox: the links are what a developer needs to go on.
      log.info({ mailId: row.id, subject: message.subject, links }, 'mail stored in the dev outbox');
      return;
    }
    try {
      await transport.sendMail({ from, to: message.to, subject: message.subject, text: message.text });
      await db.updateTable('mail_outbox').set({ sent_at: Date.now() }).where('id', '=', row.id).execute();
    } catch (err) {
      const reason = err instanceof Error ? err.message : String(err);
      log.error({ mailId: row.id, reason }, 'mail could not be sent');
      await db
        .updateTable('mail_outbox')
        .set({ error: reason.slice(0, 500) })
        .where('id', '=', row.id)
        .execute();
    }
  }

  return {
    send(message) {
      const p = deliver(message).catch((err: unknown) => {
        log.error({ reason: err instanceof Error ? err.message : String(err) }, 'mail could not be stored');
      });
      pending.add(p);
      void p.finally(() => pending.delete(p));
    },
    async flush() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
    async close() {
      await this.flush();
      transport?.close();
    },
  };
}
