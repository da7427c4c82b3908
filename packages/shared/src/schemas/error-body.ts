import { z } from 'zod';
import { ERROR_TYPES, type ErrorCode } from '../errors.js';

/**
 * The body of every failed API call, whatever refused it: a route, the error handler, Node itself
 * (apps/server/src/http/error-handler.ts). The API's document names it ErrorBody.
 */
export const ErrorBodySchema = z
  .object({
    error: z.literal(true),
    message: z.string().meta({ description: 'Meant for people: the web app shows it as it is.' }),
    errorType: z
      .enum(Object.keys(ERROR_TYPES) as [ErrorCode, ...ErrorCode[]])
      .optional()
      .meta({ description: 'A stable code for the kind of failure, e.g. VALIDATION, RATE_LIMITED, NO_CREDITS.' }),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .meta({ description: 'For a form: the message for each refused field, by its dotted path.' }),
    reasons: z
      .array(z.object({ code: z.string(), text: z.string() }))
      .optional()
      .meta({ description: 'ELIGIBILITY_WARNING: why the teacher may not be able to take the job (BEYOND §7).' }),
    issues: z
      .array(
        z.object({
          rule: z.string(),
          excerpt: z.string(),
          message: z.string().optional(),
          suggestion: z.string().optional(),
        }),
      )
      .optional()
      .meta({
        description:
          'POSTING_CHECK and POSTING_WARNING: each rule the text met, with the words that met it (BEYOND §9).',
      }),
  })
  .meta({ id: 'ErrorBody', description: 'The body of every failed API call.' });
export type ErrorBody = z.infer<typeof ErrorBodySchema>;
