import { z } from 'zod';
import { CONTACT_TEXT_MIN } from '../limits.js';
import { REQUIRED, emailField } from './common.js';

export const ContactSchema = z.object({
  email: emailField,
  subject: z.string().trim().max(200, 'No more than 200 characters').default(''),
  text: z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .min(CONTACT_TEXT_MIN, 'Must be at least 10 characters')
    .max(5000, 'No more than 5000 characters'),
});
export type ContactForm = z.input<typeof ContactSchema>;
/** What POST /api/contact-us is sent: the form's values once checked. */
export type ContactMessage = z.output<typeof ContactSchema>;
