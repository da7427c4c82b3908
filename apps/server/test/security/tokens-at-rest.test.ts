// No raw confirmation or reset token is kept at rest: once a mail is delivered its text is blanked,
// delivered rows are pruned after a week, and no log line carries a link (in production, not even
// when SMTP is unset).
import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, DELIVERED_MAIL_KEPT_MS } from '../../src/integrations/mail/mailer.js';
import { createTestApp, createUser, dialect, type TestApp } from '../harness.js';

const TABLES = ['users', 'sessions', 'email_tokens', 'mail_outbox', 'contact_messages'] as const;

describe(`tokens at rest (${dialect})`, () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logStream: { write: (line) => void lines.push(line) } });
  });
  afterAll(async () => t.close());

  async function everything(): Promise<string> {
    const parts: unknown[] = [];
    for (const table of TABLES) parts.push(await t.db.selectFrom(table).selectAll().execute());
    return JSON.stringify(parts);
  }

  it('after confirmation and reset mails, no row and no log line holds a token', async () => {
    await t.inject({
      method: 'POST',
      url: '/api/register',
      payload: { email: 'new@example.com', password: 'password1' },
    });
    await createUser(t, 'forgetful@example.com');
    await t.inject({ method: 'GET', url: '/api/forgot-password?email=forgetful@example.com' });
    await t.deps.mail.flush();
    const links = t.mailbox.messages
      .flatMap((m) => m.links)
      .filter((l) => /\/(confirmation|change-password)\//.test(l));
    expect(links).toHaveLength(2);
    const tokens = links.map((l) => l.split('/').pop()!);
    const stored = await everything();
    const logged = lines.join('\n');
    for (const token of tokens) {
      expect(token.length).toBeGreaterThan(20);
      expect(stored).not.toContain(token);
      expect(logged).not.toContain(token);
    }
    // The rows stay as a record that the mail went out, without its text.
    const outbox = await t.db.selectFrom('mail_outbox').select(['to_address', 'text', 'sent_at']).execute();
    expect(outbox.map((m) => m.text)).toEqual(['', '']);
    expect(outbox.every((m) => m.sent_at !== null)).toBe(true);
  });

  it('prunes delivered mail after a week', async () => {
    expect(await t.deps.mail.prune()).toBe(0);
    t.clock.advance(DELIVERED_MAIL_KEPT_MS + 1000);
    expect(await t.deps.mail.prune()).toBeGreaterThanOrEqual(2);
    expect(await t.db.selectFrom('mail_outbox').select('id').execute()).toEqual([]);
  });

  it('logs no link of mail left unsent when links are not to be logged (production)', async () => {
    const logged: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logged.push(chunk.toString());
        done();
      },
    });
    for (const logLinks of [true, false]) {
      const mailer = createMailer({ db: t.db, from: 'x@example.com', log: pino({ level: 'trace' }, stream), logLinks });
      mailer.send({
        to: 'a@example.com',
        subject: 'Reset',
        text: `Here: http://teacheast.test/change-password/secret-${logLinks}`,
      });
      await mailer.close();
    }
    expect(logged.join('')).toContain('secret-true');
    expect(logged.join('')).not.toContain('secret-false');
  });
});
