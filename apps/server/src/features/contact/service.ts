import type { DbOrTrx } from '../../db/create-db.js';
import type { Deps } from '../../deps.js';
import { enforceLimits } from '../../integrations/limiter/limiter.js';
import * as repo from './repo.js';

export async function sendContactMessage(
  deps: Deps,
  input: { email: string; subject: string; text: string },
  ip: string,
) {
  const message = 'Too many messages. Please try again later.';
  await enforceLimits(
    deps.limiter,
    { key: `contact:ip:${ip}`, limit: 10, windowMs: 3_600_000, message },
    { key: `contact:email:${input.email}`, limit: 5, windowMs: 3_600_000, message },
  );
  await repo.insertContactMessage(deps.db, input, deps.clock.now());
  if (deps.config.contactTo) {
    deps.mail.send({
      to: deps.config.contactTo,
      subject: `[TeachEast contact] ${input.subject || '(no subject)'}`,
      text: `From: ${input.email}\nSubject: ${input.subject}\n\n${input.text}\n`,
    });
  }
  return { message: 'Thank you! Your message has been sent. We will reply by e-mail.' };
}

/** The newest messages first, for the operator. */
export function listContactMessages(db: DbOrTrx, limit: number) {
  return repo.listContactMessages(db, limit);
}
