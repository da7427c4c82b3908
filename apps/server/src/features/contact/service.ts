import type { Deps } from '../../http/context.js';
import { enforceLimit } from '../../http/limiter.js';

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
  await deps.db
    .insertInto('contact_messages')
    .values({ email: input.email, subject: input.subject, text: input.text, created_at: deps.clock.now() })
    .execute();
  if (deps.config.contactTo) {
    deps.mail.send({
      to: deps.config.contactTo,
      subject: `[TeachEast contact] ${input.subject || '(no subject)'}`,
      text: `From: ${input.email}\nSubject: ${input.subject}\n\n${input.text}\n`,
    });
  }
  return { message: 'Thank you! Your message has been sent. We will reply by e-mail.' };
}
