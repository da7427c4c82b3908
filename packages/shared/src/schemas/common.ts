import { z } from 'zod';

export const REQUIRED = 'Required';
export const UNSTORABLE_TEXT = 'Contains a character that is not allowed';

// NUL cannot be stored in PostgreSQL text, and a lone UTF-16 surrogate is not a character at all
// (it would be stored as U+FFFD, silently changing what the user typed).
// eslint-disable-next-line no-control-regex -- NUL is exactly what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text);
}

/**
 * The dotted path of the first string anywhere in `value` (object keys included) that cannot be
 * stored, '' for `value` itself, or null when every string is storable. A raw body (a Buffer) is
 * bytes, not text, and is left alone: walking it would visit every byte.
 */
export function findUnstorableText(value: unknown, path = ''): string | null {
  if (typeof value === 'string') return isStorableText(value) ? null : path;
  if (value === null || typeof value !== 'object') return null;
  if (ArrayBuffer.isView(value) || value instanceof ArrayBuffer) return null;
  for (const [key, item] of Object.entries(value)) {
    const itemPath = path ? `${path}.${key}` : key;
    if (!isStorableText(key)) return itemPath;
    const found = findUnstorableText(item, itemPath);
    if (found !== null) return found;
  }
  return null;
}

/** A required text field: trimmed, 'Required' when empty or missing. */
export function requiredText(max: number) {
  return z
    .string({ error: REQUIRED })
    .trim()
    .min(1, REQUIRED)
    .max(max, `No more than ${max} characters`)
    .refine(isStorableText, UNSTORABLE_TEXT);
}

export const emailField = z
  .string({ error: REQUIRED })
  .trim()
  .min(1, REQUIRED)
  .max(254, 'No more than 254 characters')
  .refine(isStorableText, UNSTORABLE_TEXT)
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

/** The params of a route under the caller's own path (`…/{userUuid}`). */
export const UserParamsSchema = z.object({ userUuid: uuidParam });
export type UserParams = z.infer<typeof UserParamsSchema>;

/** A page of a list (`?page=…`, 1 when left out). */
export const PageQuerySchema = z.object({ page: pageParam });
export type PageQuery = z.input<typeof PageQuerySchema>;

/** The answer of most writes: a sentence to show. */
export const MessageSchema = z.object({ message: z.string() });
export type MessageAnswer = z.infer<typeof MessageSchema>;
