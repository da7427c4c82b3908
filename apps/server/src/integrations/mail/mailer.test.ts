// The outbox gives up on a mail after a bounded number of tries, and a mail given up on keeps no
// link: its text and HTML are blanked as a delivered mail's are (test/security/tokens-at-rest.test.ts).
import net from 'node:net';
import { pino } from 'pino';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../../../test/harness.js';
import { createMailer, MAIL_MAX_ATTEMPTS } from './mailer.js';
import * as repo from './repo.js';

const HOUR = 60 * 60 * 1000;
const LINK = 'http://teacheast.test/job-alerts/confirm/raw-token-that-must-not-stay-0123456789';

/** A port nothing listens on: every SMTP connection to it is refused. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe(`mail outbox (${dialect})`, () => {
  let t: TestApp;
  let refusingSmtp: string;
  beforeAll(async () => {
    t = await createTestApp();
    refusingSmtp = `smtp://127.0.0.1:${await closedPort()}`;
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    await t.db.deleteFrom('mail_outbox').execute();
  });

  const rows = () => t.db.selectFrom('mail_outbox').select(['text', 'html', 'sent_at', 'error', 'attempts']).execute();

  it('sends over connections it keeps open, and on a connection a mail with ?pool=false', async () => {
    let connections = 0;
    let mails = 0;
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onConnect: (_session, callback) => {
        connections += 1;
        callback();
      },
      onData: (stream, _session, callback) => {
        stream.resume();
        stream.on('end', () => {
          mails += 1;
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const url = `smtp://127.0.0.1:${(smtp.server.address() as net.AddressInfo).port}`;
    /** The connections it took to send three mails, one after another. */
    const connectionsFor = async (smtpUrl: string) => {
      const mailer = createMailer({ db: t.db, smtpUrl, from: 'x@example.com', log: pino({ level: 'silent' }) });
      const [before, sentBefore] = [connections, mails];
      try {
        for (let i = 0; i < 3; i++) {
          mailer.send({ to: `c${i}@example.com`, subject: 'Hello', text: 'Hi' });
          await mailer.flush();
        }
      } finally {
        await mailer.close();
      }
      expect(mails - sentBefore).toBe(3);
      return connections - before;
    };
    try {
      expect(await connectionsFor(url)).toBe(1);
      expect(await connectionsFor(`${url}?pool=false`)).toBe(3);
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()));
    }
  });

  it('retries a refused mail at each hourly pass, then gives up and blanks its text and HTML', async () => {
    const mailer = createMailer({
      db: t.db,
      smtpUrl: refusingSmtp,
      from: 'x@example.com',
      log: pino({ level: 'silent' }),
      now: () => t.clock.now(),
    });
    try {
      mailer.send({ to: 'a@example.com', subject: 'Confirm', text: `Open ${LINK}`, html: `<a href="${LINK}">x</a>` });
      await mailer.flush();
      // Refused once: it waits in the outbox for the next pass, link and all.
      expect(await rows()).toEqual([
        { text: `Open ${LINK}`, html: `<a href="${LINK}">x</a>`, sent_at: null, error: null, attempts: 1 },
      ]);
      for (let attempt = 2; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
        t.clock.advance(HOUR);
        expect(await mailer.sendLeftBehind()).toBe(1);
      }
      const [row] = await rows();
      expect(row).toMatchObject({ text: '', html: null, sent_at: null, attempts: MAIL_MAX_ATTEMPTS });
      expect(row!.error).toMatch(/ECONNREFUSED/);
      // Given up: later passes leave it alone, and the backlog no longer counts it.
      t.clock.advance(HOUR);
      expect(await mailer.sendLeftBehind()).toBe(0);
      expect(await mailer.backlog()).toEqual({ unsent: 0, oldestCreatedAt: null });
      expect(JSON.stringify(await t.db.selectFrom('mail_outbox').selectAll().execute())).not.toContain(LINK);
    } finally {
      await mailer.close();
    }
  });

  it('gives up on a mail whose senders all stopped before sending it, and blanks it', async () => {
    const mailer = createMailer({
      db: t.db,
      smtpUrl: t.config.smtpUrl,
      from: 'x@example.com',
      log: pino({ level: 'silent' }),
      now: () => t.clock.now(),
    });
    try {
      const stored = await mailer.store(t.db, { to: 'b@example.com', subject: 'Reset', text: `Open ${LINK}` });
      // Each try claims the mail and stops before SMTP answers (a server killed mid-send, every time).
      for (let attempt = 1; attempt <= MAIL_MAX_ATTEMPTS; attempt++) {
        t.clock.advance(HOUR);
        expect(
          await repo.claimMail(t.db, stored.id, t.clock.now(), t.clock.now() - 5 * 60_000, MAIL_MAX_ATTEMPTS),
        ).toBe(true);
      }
      t.clock.advance(HOUR);
      expect(await repo.claimMail(t.db, stored.id, t.clock.now(), t.clock.now() - 5 * 60_000, MAIL_MAX_ATTEMPTS)).toBe(
        false,
      );
      await mailer.sendLeftBehind();
      expect(await rows()).toEqual([
        {
          text: '',
          html: null,
          sent_at: null,
          error: expect.stringMatching(/gave up/) as string,
          attempts: MAIL_MAX_ATTEMPTS,
        },
      ]);
      expect(t.mailbox.to('b@example.com')).toHaveLength(0);
    } finally {
      await mailer.close();
    }
  });

  it('sends a mail refused once at the next pass, and blanks it as delivered', async () => {
    const refusing = createMailer({
      db: t.db,
      smtpUrl: refusingSmtp,
      from: 'x@example.com',
      log: pino({ level: 'silent' }),
      now: () => t.clock.now(),
    });
    refusing.send({ to: 'c@example.com', subject: 'Welcome back', text: `Open ${LINK}` });
    await refusing.close();
    const working = createMailer({
      db: t.db,
      smtpUrl: t.config.smtpUrl,
      from: 'x@example.com',
      log: pino({ level: 'silent' }),
      now: () => t.clock.now(),
    });
    try {
      t.clock.advance(HOUR);
      expect(await working.sendLeftBehind()).toBe(1);
      expect((await t.mailbox.waitFor('c@example.com', /Welcome back/)).text).toContain(LINK);
      expect(await rows()).toEqual([{ text: '', html: null, sent_at: t.clock.now(), error: null, attempts: 2 }]);
    } finally {
      await working.close();
    }
  });
});
