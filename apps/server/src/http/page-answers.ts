// The API answers a rendered landing page is made of (a posting, a search, its cities, the site's
// configuration), named by the web app's page table as descriptors (@teacheast/shared's PageData),
// read the way their routes read them for a visitor who is not logged in, without a trip through
// HTTP: the same schemas check the descriptor, the same services read the database and the answer is
// written as the route writes it (by the database, or the route's compiled serialiser), so the page
// holds what the browser would get at apiPathOf(descriptor).
// One table, PAGE_DATA_SOURCES, says for each kind how it is read and how it is versioned for the
// kept pages (rendered-pages.ts): a kind added to PageData without its entry does not compile, and a
// descriptor of a kind the table does not hold (a render bundle built from newer code) throws.
// A descriptor the schemas refuse, or one the service finds nothing at, is left to its route
// (undefined), which answers it with its exact error.
import {
  CitiesAnswerSchema,
  CompareQuerySchema,
  CountryParamsSchema,
  JobParamsSchema,
  JobSearchSchema,
  SchoolParamsSchema,
  apiPathOf,
  searchQueryOf,
  type PageData,
  type PageDataKind,
  type PageDataOf,
} from '@teacheast/shared';
import type { Deps } from '../deps.js';
import { AppError } from '../errors.js';
import {
  compareAnswerJson,
  compareVersion,
  listCitiesWithJobs,
  postingPageAnswerJson,
  postingVersion,
  searchAnswerJson,
  searchVersion,
  type AnswerVersion,
} from '../features/job-board/service.js';
import { compileAnswerSerializer } from './answer-serializer.js';
import { searchEligibility } from '../features/eligibility/service.js';
import { schoolPage, schoolPageVersion } from '../features/schools/service.js';

/**
 * Where an answer's version is read from, under a key shared by answers with one version (a search
 * page's tiles and its cities), so a page reads each version once.
 */
type VersionSource = readonly [key: string, read: () => Promise<AnswerVersion>];

/** How the server reads and versions one kind of page data. */
export interface PageDataSource<K extends PageDataKind> {
  /** The answer as its route gives it to a visitor, or undefined: ask the route. */
  read(deps: Deps, data: PageDataOf<K>): Promise<unknown> | undefined;
  version(deps: Deps, data: PageDataOf<K>): VersionSource;
  /** The route's answer is kept for the life of the process: it changes only with a new one. */
  keptForLife?: true;
}

/** The answer as the browser reads it back from the route's JSON. */
const parsed = (json: string): unknown => JSON.parse(json);

const writeCities = compileAnswerSerializer({
  schema: CitiesAnswerSchema,
  method: 'GET',
  url: '',
  httpStatus: '200',
});

/** Undefined where the service refuses (not found, not live): the route answers that. */
async function orRoute(read: () => Promise<unknown>): Promise<unknown> {
  try {
    return await read();
  } catch (err) {
    if (err instanceof AppError) return undefined;
    throw err;
  }
}

const searchVersionOf = (deps: Deps, country: string): VersionSource => [
  `search ${country}`,
  () => searchVersion(deps, country),
];

const STATIC_VERSION: VersionSource = ['static', () => Promise.resolve({ tag: '', validUntil: Infinity })];

const PAGE_DATA_SOURCES: { readonly [K in PageDataKind]: PageDataSource<K> } = {
  posting: {
    read(deps, { uuid }) {
      const params = JobParamsSchema.safeParse({ uuid });
      if (!params.success) return undefined;
      return orRoute(async () => parsed(await postingPageAnswerJson(deps, params.data.uuid)));
    },
    version: (deps, { uuid }) => [`posting ${uuid}`, () => postingVersion(deps, uuid)],
  },
  search: {
    read(deps, data) {
      // The query exactly as the route gets it from apiPathOf(data).
      const query = JobSearchSchema.safeParse(searchQueryOf(data));
      if (!query.success) return undefined;
      return orRoute(async () => {
        // A visitor's render: only facts in the address can say which jobs they can take.
        const eligible = await searchEligibility(deps, query.data, null);
        return parsed(await searchAnswerJson(deps, { ...query.data, excludedPermits: eligible?.excludedPermits }));
      });
    },
    version: (deps, { country }) => searchVersionOf(deps, country),
  },
  compare: {
    read(deps, data) {
      const query = CompareQuerySchema.safeParse({ ids: data.ids.join(',') });
      if (!query.success) return undefined;
      return orRoute(async () => parsed(await compareAnswerJson(deps, query.data.ids)));
    },
    version: (deps, { ids }) => [`compare ${ids.join(',')}`, () => compareVersion(deps, ids)],
  },
  school: {
    read(deps, { slug }) {
      const params = SchoolParamsSchema.safeParse({ slug });
      if (!params.success) return undefined;
      // Through JSON, as the browser reads the route's answer.
      return orRoute(async () => parsed(JSON.stringify(await schoolPage(deps, params.data.slug))));
    },
    version: (deps, { slug }) => [`school ${slug}`, () => schoolPageVersion(deps, slug)],
  },
  cities: {
    read(deps, { country }) {
      const params = CountryParamsSchema.safeParse({ country });
      if (!params.success) return undefined;
      return orRoute(async () => parsed(writeCities(await listCitiesWithJobs(deps, params.data.country))));
    },
    version: (deps, { country }) => searchVersionOf(deps, country),
  },
  config: {
    // The route's answer, kept once it has given it (PageAnswers.keep).
    read: () => undefined,
    version: () => STATIC_VERSION,
    keptForLife: true,
  },
};

/** The table's entry for `data`; throws for a kind it does not hold, so no page goes silently unkept. */
export function sourceOf(data: PageData): PageDataSource<PageDataKind> {
  if (!Object.hasOwn(PAGE_DATA_SOURCES, data.kind)) {
    throw new Error(`No source for page data of kind ${String(data.kind)}: add it to PAGE_DATA_SOURCES`);
  }
  return PAGE_DATA_SOURCES[data.kind] as PageDataSource<PageDataKind>;
}

export interface PageAnswers {
  /** The answer `data` names as its route gives it to a visitor, or undefined: ask the route. */
  read(data: PageData): Promise<unknown> | undefined;
  /** Keeps the answer the route gave for `data`, for the life of the process, if its kind is kept so. */
  keep(data: PageData, answer: unknown): void;
}

export function createPageAnswers(deps: Deps): PageAnswers {
  const keptForLife = new Map<string, unknown>();
  return {
    read(data) {
      const source = sourceOf(data);
      if (!source.keptForLife) return source.read(deps, data);
      const path = apiPathOf(data);
      return keptForLife.has(path) ? Promise.resolve(keptForLife.get(path)) : source.read(deps, data);
    },
    keep(data, answer) {
      if (sourceOf(data).keptForLife) keptForLife.set(apiPathOf(data), answer);
    },
  };
}
