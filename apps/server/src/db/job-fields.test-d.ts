// What tsc refuses (npx tsc -p apps/server --noEmit compiles this file, vitest does not run it): a
// job field table that leaves out a schema field, names a field the schema lacks, or reads a field
// from a column of another type; and a route that sends the JSON of another answer. Each marked line
// must stay an error: if it compiled, tsc would fail on the unused directive.
import type { FastifyReply } from 'fastify';
import type { JobAnswer, JobSearchAnswer } from '@teacheast/shared';
import { sendJsonText, type JsonText } from '../lib/json-text.js';
import { JOB_FIELDS, type JobFieldTable } from './job-fields.js';

const { companyName: _left, ...withoutCompanyName } = JOB_FIELDS;

// @ts-expect-error a schema field (companyName) left out of the table
export const missingField = withoutCompanyName satisfies JobFieldTable;

export const extraField = {
  ...JOB_FIELDS,
  // @ts-expect-error a field the schema does not have
  visaSponsored: 'pay',
} satisfies JobFieldTable;

export const nullableIntoText = {
  ...JOB_FIELDS,
  // @ts-expect-error a nullable column (thumbnail) for a field that is never null (title)
  title: 'thumbnail',
} satisfies JobFieldTable;

export const postingOnlyColumnPair = {
  ...JOB_FIELDS,
  // @ts-expect-error the tile/posting pair is for tile fields; email is the posting's alone
  email: { tile: 'email', posting: 'email' },
} satisfies JobFieldTable;

export const theTableAsItIs = JOB_FIELDS satisfies JobFieldTable;

declare const searchReply: FastifyReply<{ Reply: JobSearchAnswer }>;
declare const postingText: JsonText<JobAnswer>;
declare const searchText: JsonText<JobSearchAnswer>;

export function sendingAnotherAnswer() {
  // @ts-expect-error a posting's JSON sent by the search route
  void sendJsonText(searchReply, postingText);
  // @ts-expect-error plain text is not an answer's JSON
  void sendJsonText(searchReply, '{"results":[]}');
  void sendJsonText(searchReply, searchText);
}
