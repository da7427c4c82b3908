// A forgot-password mail is written after the answer has left. Stopping the server right after
// that answer (as SIGTERM does: the app, then the mailer) must still send it, with its token stored.
import { describe, expect, it } from 'vitest';
import { createTestApp, createUser, dialect } from '../../../test/harness.js';

describe(`forgot-password mail across a shutdown (${dialect})`, () => {
  it('is sent, with its token stored, when the server stops right after the answer', async () => {
    const t = await createTestApp();
    try {
      const user = await createUser(t, 'hurry@example.com');
      const res = await t.inject({ method: 'GET', url: '/api/forgot-password?email=hurry@example.com' });
      expect(res.statusCode).toBe(200);
      // The shutdown sequence of main.ts, at once.
      await t.app.close();
      await t.deps.mail.close();
      const mail = t.mailbox.messages.find((m) => m.to.includes('hurry@example.com'));
      expect(mail?.subject).toMatch(/password/i);
      const tokens = await t.db
        .selectFrom('email_tokens')
        .select('purpose')
        .where('user_id', '=', user.id)
        .where('purpose', '=', 'reset')
        .execute();
      expect(tokens).toHaveLength(1);
      const outbox = await t.db.selectFrom('mail_outbox').select(['to_address', 'sent_at']).execute();
      expect(outbox).toEqual([{ to_address: 'hurry@example.com', sent_at: expect.any(Number) as number }]);
    } finally {
      await t.close();
    }
  });
});
