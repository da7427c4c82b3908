import { z } from 'zod';

export const REQUIRED = 'Required';

/** A required text field: trimmed, 'Required' when empty or missing. */
export function requiredText(max: number) {
  return z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(max, `No more than ${max} characters`);
}

export const emailField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(254, 'No more than 254 characters')
  .email('Invalid email address')
  .toLowerCase();

/** A required choice among fixed values, 'Required' when missing or not one of them. */
export function requiredChoice<T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(values, { error: REQUIRED });
}

/** An optional query filter: an empty string counts as absent. */
export function optionalFilter<T extends z.ZodType>(schema: T) {
  return z.preprocess((v) => (v === '' || v === null ? undefined : v), schema.optional());
}

export const pageParam = z.preprocess(
  (v) => (v === '' || v === undefined ? 1 : v),
  z.coerce
    .number({ error: 'Page must be a whole number of 1 or more' })
    .int('Page must be a whole number of 1 or more')
    .min(1, 'Page must be a whole number of 1 or more')
    .max(100_000, 'Page is too large'),
);

export const uuidParam = z.string().uuid('Not a valid id');

export const MessageSchema = z.object({ message: z.string() });
