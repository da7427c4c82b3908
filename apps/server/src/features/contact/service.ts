import type { DbOrTrx } from '../../db/create-db.js';
import type { Deps } from '../../deps.js';
import { enforceLimit } from '../../integrations/limiter/limiter.js';
import * as repo from './repo.js';

export async function sendContactMessage(
  deps: Deps,
  input: { email: string; subject: string; text: string },
  ip: string,
) {
  await enforceLimit(deps.limiter, `contact:ip:${ip}`, 10, 3_600_000, 'Too many messages. Please try again later.');
  await enforceLimit(
    deps.limiter,
    `contact:email:${input.email}`,
    5,
    3_600_000,
    'Too many messages. Please try again later.',
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
