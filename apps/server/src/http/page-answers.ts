// The API answers a rendered landing page is made of (a posting, a search, its cities, the site's
// configuration), read the way their routes read them for a visitor who is not logged in, without a
// trip through HTTP: the same schemas check the path, the same services read the database and the
// answer is written as the route writes it (by the database, or the route's compiled serialiser), so
// the page holds what the browser would get.
// A path these readers do not take, or one they find nothing at, is left to its route (undefined),
// which answers it with its exact error. Which paths a page is made of, and how each is versioned for
// the kept pages (rendered-pages.ts), is decided here, in one place.
import { CitiesAnswerSchema, CountryParamsSchema, JobParamsSchema, JobSearchSchema } from '@teacheast/shared';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import { jobAnswerJson, listCitiesWithJobs, searchAnswerJson } from '../features/job-board/service.js';
import { compileAnswerSerializer } from './answer-serializer.js';

export const POSTING_ANSWER = /^\/api\/job\/([^/?]+)$/;
export const SEARCH_ANSWER = /^\/api\/filter-jobs\?(.*)$/;
export const CITIES_ANSWER = /^\/api\/jobs\/cities\/([^/?]+)$/;
/** Answers that only change with a new process (the deployment's site configuration). */
export const STATIC_ANSWERS = new Set(['/api/config']);

/** The answer as the browser reads it back from the route's JSON. */
const parsed = (json: string): unknown => JSON.parse(json);

const serialize = (schema: Parameters<typeof compileAnswerSerializer>[0]['schema']) =>
  compileAnswerSerializer({ schema, method: 'GET', url: '', httpStatus: '200' });

export interface PageAnswers {
  /** The answer at `apiPath` as its route gives it to a visitor, or undefined: ask the route. */
  read(apiPath: string): Promise<unknown> | undefined;
  /** Keeps an answer of STATIC_ANSWERS, which the route gave, for the life of the process. */
  keepStatic(apiPath: string, answer: unknown): void;
}

export function createPageAnswers(deps: Deps): PageAnswers {
  const writeCities = serialize(CitiesAnswerSchema);
  const statics = new Map<string, unknown>();

  /** Undefined where the service refuses (not found, not live): the route answers that. */
  const orRoute = async (read: () => Promise<unknown>): Promise<unknown> => {
    try {
      return await read();
    } catch (err) {
      if (err instanceof AppError) return undefined;
      throw err;
    }
  };

  return {
    read(apiPath) {
      if (statics.has(apiPath)) return Promise.resolve(statics.get(apiPath));
      const posting = POSTING_ANSWER.exec(apiPath);
      if (posting) {
        const params = JobParamsSchema.safeParse({ uuid: safeDecode(posting[1]!) });
        if (!params.success) return undefined;
        return orRoute(async () => parsed(await jobAnswerJson(deps, params.data.uuid, null)));
      }
      const search = SEARCH_ANSWER.exec(apiPath);
      if (search) {
        const query = JobSearchSchema.safeParse(Object.fromEntries(new URLSearchParams(search[1])));
        if (!query.success) return undefined;
        return orRoute(async () => parsed(await searchAnswerJson(deps, query.data)));
      }
      const cities = CITIES_ANSWER.exec(apiPath);
      if (cities) {
        const params = CountryParamsSchema.safeParse({ country: safeDecode(cities[1]!) });
        if (!params.success) return undefined;
        return orRoute(async () => parsed(writeCities(await listCitiesWithJobs(deps, params.data.country))));
      }
      return undefined;
    },
    keepStatic(apiPath, answer) {
      if (STATIC_ANSWERS.has(apiPath)) statics.set(apiPath, answer);
    },
  };
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}
