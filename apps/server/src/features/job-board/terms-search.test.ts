// The contract-sheet filters of the search (BEYOND §6): each on its own at the edge it turns on, in
// combination, with keywords, malformed; and the same answer from the route, the kept index
// (kept-keyword-index.ts) and the database's own queries (repo.ts, keyword-repo.ts), over fixed jobs
// and over random sheets and random filters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGE_GROUPS,
  JobSearchSchema,
  PAGE_SIZE,
  parseKeywords,
  type Country,
  type JobTerms,
  type JobTile,
} from '@teacheast/shared';
import { termsColumns, termsQueryOf } from '../../db/job-terms.js';
import { createRandom, type Random } from '../../demo/factories.js';
import { randomTerms } from '../../demo/terms-factory.js';
import {
  createPublishedJob,
  createTestApp,
  createUser,
  dialect,
  type TestApp,
  type TestUser,
} from '../../../test/harness.js';
import { POSTING_LIFETIME_MS, liveSince } from '../jobs/lifecycle.js';
import { toJobTile } from '../jobs/presenters.js';
import { findSearchPage, keywordIndexSize, refreshKeywordIndex } from './kept-keyword-index.js';
import { findLiveJobTilesByKeywords } from './keyword-repo.js';
import { findLiveJobTilesJson, findLiveJobTilesJsonFiltered } from './repo.js';

const DAY = 86_400_000;
const HOUR = 3_600_000;
/** Each country's own currency (BEYOND §6), written out so the test does not read it from the product. */
const CURRENCY: Record<string, string> = {
  china: 'CNY',
  indonesia: 'IDR',
  japan: 'JPY',
  'south-korea': 'KRW',
  taiwan: 'TWD',
  thailand: 'THB',
  vietnam: 'VND',
};
const FLAGS = ['housing', 'flights', 'visa', 'noSplitShift', 'noSaturdays'] as const;
type Params = Record<string, string>;

/** The top of the range a month as BEYOND §6 reckons it: a year's ÷ 12, an hour's × teaching hours × 52 ÷ 12. */
function monthlyTopOf(terms: JobTerms): number {
  const top = terms.salary.max ?? terms.salary.min;
  if (terms.salary.period === 'month') return top;
  if (terms.salary.period === 'year') return top / 12;
  return (top * terms.teachingHoursPerWeek * 52) / 12;
}

/** Whether a job with this sheet (or none) in this country meets the search's sheet filters, as BEYOND §6 says. */
function meetsFilters(terms: JobTerms | null, country: string, p: Params): boolean {
  const on = (key: string) => p[key] !== undefined && p[key] !== '' && p[key] !== '0';
  const any = on('minPay') || on('maxTeachingHours') || FLAGS.some(on);
  if (!any) return true;
  if (terms === null) return false;
  if (on('minPay')) {
    if (terms.salary.currency !== CURRENCY[country]) return false;
    if (monthlyTopOf(terms) < Number(p.minPay)) return false;
  }
  if (on('maxTeachingHours') && terms.teachingHoursPerWeek > Number(p.maxTeachingHours)) return false;
  if (on('housing') && terms.housing !== 'provided' && terms.housing !== 'allowance') return false;
  if (on('flights') && terms.flights === 'none') return false;
  if (on('visa') && !terms.visa.sponsored) return false;
  if (on('noSplitShift') && terms.splitShift) return false;
  if (on('noSaturdays') && terms.saturdays !== 'never') return false;
  return true;
}

interface KnownJob {
  id: string;
  name: string;
  country: string;
  city: string;
  ageGroup: string;
  publishedAt: number | null;
  terms: JobTerms | null;
}

/** Newest first, the id settling ties: the order of every search without keywords. */
const newestFirst = (a: KnownJob, b: KnownJob) => b.publishedAt! - a.publishedAt! || (a.id < b.id ? 1 : -1);

function jpy(
  salary: Pick<JobTerms['salary'], 'min' | 'max' | 'period'> & { currency?: JobTerms['salary']['currency'] },
  rest: Partial<JobTerms>,
): JobTerms {
  return {
    salary: {
      currency: salary.currency ?? 'JPY',
      min: salary.min,
      ...(salary.max ? { max: salary.max } : {}),
      period: salary.period,
      basis: 'gross',
    },
    teachingHoursPerWeek: 25,
    housing: 'none',
    flights: 'none',
    visa: { sponsored: false },
    vacationDays: 10,
    healthInsurance: 'partial',
    splitShift: true,
    saturdays: 'some',
    ...rest,
  };
}
const SPONSORED = { sponsored: true, permit: 'JP-INSTRUCTOR', costsPaidBy: 'school' } as const;

/**
 * Jobs in Japan, newest first, each at a known monthly top (in JPY) and with known flags:
 *   monthRange 310,000 · 25 h · housing, flights, visa, no split, no Saturdays   (Tokyo, "Phonics Teacher")
 *   monthOnly  305,000 · 20 h · housing (allowance)                              (Osaka, "Conversation Coach")
 *   yearly     320,000 · 28 h · flights, visa, no split                          (Tokyo, "Phonics Lead")
 *   hourly     325,000 · 25 h · flights, no split, no Saturdays                  (Osaka, "Conversation Teacher")
 *   fraction   199,233.67 · 23 h · housing, visa, no Saturdays                   (Tokyo, "Kindergarten Helper")
 *   usd        USD 3,000 · 20 h · housing, flights, visa, no split, no Saturdays (Tokyo, "Phonics Coach")
 *   noTerms    no sheet                                                          (Tokyo, "Phonics Assistant")
 */
const JAPAN_JOBS: { name: string; city: string; title: string; terms: JobTerms | null }[] = [
  {
    name: 'monthRange',
    city: 'Tokyo',
    title: 'Phonics Teacher',
    terms: jpy(
      { min: 250_000, max: 310_000, period: 'month' },
      { housing: 'provided', flights: 'paid', visa: SPONSORED, splitShift: false, saturdays: 'never' },
    ),
  },
  {
    name: 'monthOnly',
    city: 'Osaka',
    title: 'Conversation Coach',
    terms: jpy(
      { min: 305_000, period: 'month' },
      { teachingHoursPerWeek: 20, housing: 'allowance', housingAllowance: 30_000 },
    ),
  },
  {
    name: 'yearly',
    city: 'Tokyo',
    title: 'Phonics Lead',
    terms: jpy(
      { min: 3_000_000, max: 3_840_000, period: 'year' },
      {
        teachingHoursPerWeek: 28,
        housing: 'help_finding',
        flights: 'reimbursed',
        visa: SPONSORED,
        splitShift: false,
        saturdays: 'every',
      },
    ),
  },
  {
    name: 'hourly',
    city: 'Osaka',
    title: 'Conversation Teacher',
    // 3,000 × 25 × 52 ÷ 12 = 325,000
    terms: jpy({ min: 3_000, period: 'hour' }, { flights: 'allowance', splitShift: false, saturdays: 'never' }),
  },
  {
    name: 'fraction',
    city: 'Tokyo',
    title: 'Kindergarten Helper',
    // 1,999 × 23 × 52 ÷ 12 = 199,233.67
    terms: jpy(
      { min: 1_999, period: 'hour' },
      { teachingHoursPerWeek: 23, housing: 'provided', visa: SPONSORED, saturdays: 'never' },
    ),
  },
  {
    name: 'usd',
    city: 'Tokyo',
    title: 'Phonics Coach',
    terms: jpy(
      { currency: 'USD', min: 3_000, period: 'month' },
      {
        teachingHoursPerWeek: 20,
        housing: 'provided',
        flights: 'paid',
        visa: SPONSORED,
        splitShift: false,
        saturdays: 'never',
      },
    ),
  },
  { name: 'noTerms', city: 'Tokyo', title: 'Phonics Assistant', terms: null },
];

/** Jobs in Vietnam: a minPay there is in VND. */
const VIETNAM_JOBS: { name: string; title: string; terms: JobTerms }[] = [
  {
    name: 'vndMonth',
    title: 'English Teacher',
    terms: jpy({ currency: 'VND', min: 40_000_000, period: 'month' }, { visa: { sponsored: false } }),
  },
  {
    // 20 USD × 25 × 52 ÷ 12 = 2,166.67 USD a month: never reckoned as VND.
    name: 'usdHour',
    title: 'English Teacher',
    terms: jpy({ currency: 'USD', min: 20, period: 'hour' }, {}),
  },
  {
    // 500,000 × 20 × 52 ÷ 12 = 43,333,333.33
    name: 'vndHour',
    title: 'English Teacher',
    terms: jpy({ currency: 'VND', min: 500_000, period: 'hour' }, { teachingHoursPerWeek: 20 }),
  },
];

describe(`the contract-sheet filters of the search (${dialect})`, () => {
  let t: TestApp;
  let owner: TestUser;
  const known: KnownJob[] = [];
  const nameOf = new Map<string, string>();

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createUser(t);
  });
  afterAll(async () => t.close());

  const live = () => liveSince(t.clock.now());
  const setTerms = (id: string, terms: JobTerms | null, country: string) =>
    t.db.updateTable('jobs').set(termsColumns(terms, country)).where('id', '=', id).execute();

  /**
   * One page of a search three ways: the route, the database's own query (the one the route falls
   * back to: keyword-repo.ts with keywords, repo.ts without) and the kept index, brought up to date
   * first. All three must be the same, tile for tile. Answers the page's tiles and whether the kept
   * index answered (it leaves what it cannot read to the database).
   */
  async function searchEveryWay(params: Params, page = 1): Promise<{ tiles: JobTile[]; keptAnswered: boolean }> {
    const query = new URLSearchParams({ ...params, page: String(page) });
    const res = await t.inject({ method: 'GET', url: `/api/filter-jobs?${query.toString()}` });
    expect(res.statusCode, `${query.toString()}: ${res.body}`).toBe(200);
    const route = res.json<{ results: JobTile[] }>().results;

    const input = JobSearchSchema.parse({ ...params, page: String(page) });
    const since = live();
    const terms = termsQueryOf(input);
    const keywords = input.q === undefined ? null : parseKeywords(input.q);
    const filter = {
      country: input.country,
      city: input.city,
      ageGroup: input.ageGroup,
      terms,
      page,
      liveSince: since,
    };
    const database =
      keywords !== null
        ? (await findLiveJobTilesByKeywords(t.db, filter, keywords)).map((row) => toJobTile(row))
        : (terms !== undefined
            ? await findLiveJobTilesJsonFiltered(t.db, filter)
            : await findLiveJobTilesJson(t.db, filter)
          ).map((tile) => JSON.parse(tile) as JobTile);

    await refreshKeywordIndex(t.db, since);
    const kept = await findSearchPage(
      t.db,
      {
        country: input.country,
        city: input.city,
        ageGroup: input.ageGroup,
        terms,
        liveSince: since,
        offset: (page - 1) * PAGE_SIZE,
        limit: PAGE_SIZE,
      },
      keywords,
    );
    const why = `${query.toString()}`;
    if (kept !== null)
      expect(
        kept.map((job) => JSON.parse(job.tile) as JobTile),
        `${why}: kept index`,
      ).toEqual(database);
    expect(route, `${why}: route`).toEqual(database);
    return { tiles: database, keptAnswered: kept !== null };
  }

  /** The names of the jobs a search finds (first page), the same every way it can be answered. */
  async function found(params: Params): Promise<string[]> {
    const { tiles, keptAnswered } = await searchEveryWay(params);
    expect(keptAnswered, JSON.stringify(params)).toBe(true);
    return tiles.map((tile) => nameOf.get(tile.uuid) ?? tile.uuid);
  }

  /** What BEYOND §6 says a search without keywords finds among the fixed jobs. */
  const expected = (params: Params) =>
    known
      .filter(
        (job) =>
          job.country === params.country &&
          job.publishedAt !== null &&
          job.publishedAt > live() &&
          (params.city === undefined || job.city === params.city) &&
          meetsFilters(job.terms, job.country, params),
      )
      .sort(newestFirst)
      .map((job) => job.name);

  describe('over fixed jobs', () => {
    beforeAll(async () => {
      const now = t.clock.now();
      const add = async (job: Omit<KnownJob, 'id' | 'ageGroup'> & { title: string }) => {
        const id = await createPublishedJob(t, owner.id, {
          country: job.country,
          city: job.city,
          title: job.title,
          published_at: job.publishedAt,
        });
        await setTerms(id, job.terms, job.country);
        known.push({ ...job, id, ageGroup: 'Children' });
        nameOf.set(id, job.name);
      };
      for (const [i, job] of JAPAN_JOBS.entries()) {
        await add({ ...job, country: 'japan', publishedAt: now - (i + 1) * 60_000 });
      }
      for (const [i, job] of VIETNAM_JOBS.entries()) {
        await add({ ...job, country: 'vietnam', city: 'Hanoi', publishedAt: now - (i + 1) * 60_000 });
      }
      // Never found, whatever they meet: an expired job and a draft, both meeting every filter.
      const best = jpy(
        { min: 400_000, period: 'month' },
        {
          teachingHoursPerWeek: 10,
          housing: 'provided',
          flights: 'paid',
          visa: SPONSORED,
          splitShift: false,
          saturdays: 'never',
        },
      );
      await add({
        name: 'expired',
        country: 'japan',
        city: 'Tokyo',
        title: 'Phonics Expired',
        terms: best,
        publishedAt: now - POSTING_LIFETIME_MS - DAY,
      });
      await add({
        name: 'draft',
        country: 'japan',
        city: 'Tokyo',
        title: 'Phonics Draft',
        terms: best,
        publishedAt: null,
      });
    });

    it('finds every live job without a filter, a job without a sheet too', async () => {
      const all = ['monthRange', 'monthOnly', 'yearly', 'hourly', 'fraction', 'usd', 'noTerms'];
      expect(await found({ country: 'japan' })).toEqual(all);
      // An empty value or 0 leaves a filter off.
      for (const off of ['housing', 'flights', 'visa', 'noSplitShift', 'noSaturdays', 'minPay', 'maxTeachingHours']) {
        expect(await found({ country: 'japan', [off]: '' }), `${off}=`).toEqual(all);
      }
      for (const off of FLAGS) expect(await found({ country: 'japan', [off]: '0' }), `${off}=0`).toEqual(all);
    });

    it('minPay: a month, a year ÷ 12 and an hour × teaching hours × 52 ÷ 12, each matching at its top and not one above', async () => {
      const minPay = (n: number) => found({ country: 'japan', minPay: String(n) });
      expect(await minPay(1)).toEqual(['monthRange', 'monthOnly', 'yearly', 'hourly', 'fraction']);
      // A month, with only a lowest amount: that is its top.
      expect(await minPay(305_000)).toEqual(['monthRange', 'monthOnly', 'yearly', 'hourly']);
      expect(await minPay(305_001)).toEqual(['monthRange', 'yearly', 'hourly']);
      // A month's range: its top, not its lowest amount.
      expect(await minPay(310_000)).toEqual(['monthRange', 'yearly', 'hourly']);
      expect(await minPay(310_001)).toEqual(['yearly', 'hourly']);
      // A year: 3,840,000 ÷ 12.
      expect(await minPay(320_000)).toEqual(['yearly', 'hourly']);
      expect(await minPay(320_001)).toEqual(['hourly']);
      // An hour: 3,000 × 25 × 52 ÷ 12.
      expect(await minPay(325_000)).toEqual(['hourly']);
      expect(await minPay(325_001)).toEqual([]);
      // An hour that is no whole number a month: 199,233.67 reaches 199,233 and not 199,234.
      expect(await minPay(199_233)).toEqual(['monthRange', 'monthOnly', 'yearly', 'hourly', 'fraction']);
      expect(await minPay(199_234)).toEqual(['monthRange', 'monthOnly', 'yearly', 'hourly']);
    });

    it("minPay is in the country's currency: a salary in USD never matches it, however high", async () => {
      expect(await found({ country: 'japan', minPay: '1' })).not.toContain('usd');
      // USD 3,000 is above 2,000 but is not reckoned in yen, nor compared as USD.
      expect(await found({ country: 'japan', minPay: '2000' })).not.toContain('usd');
      expect(await found({ country: 'japan', minPay: '1', housing: '1', flights: '1', visa: '1' })).toEqual([
        'monthRange',
      ]);
      // Vietnam's amounts are in VND.
      expect(await found({ country: 'vietnam' })).toEqual(['vndMonth', 'usdHour', 'vndHour']);
      expect(await found({ country: 'vietnam', minPay: '1' })).toEqual(['vndMonth', 'vndHour']);
      expect(await found({ country: 'vietnam', minPay: '40000000' })).toEqual(['vndMonth', 'vndHour']);
      expect(await found({ country: 'vietnam', minPay: '40000001' })).toEqual(['vndHour']);
      expect(await found({ country: 'vietnam', minPay: '43333333' })).toEqual(['vndHour']);
      expect(await found({ country: 'vietnam', minPay: '43333334' })).toEqual([]);
    });

    it('maxTeachingHours: a job matches at its hours and not one below', async () => {
      const max = (n: number) => found({ country: 'japan', maxTeachingHours: String(n) });
      expect(await max(19)).toEqual([]);
      expect(await max(20)).toEqual(['monthOnly', 'usd']);
      expect(await max(22)).toEqual(['monthOnly', 'usd']);
      expect(await max(23)).toEqual(['monthOnly', 'fraction', 'usd']);
      expect(await max(25)).toEqual(['monthRange', 'monthOnly', 'hourly', 'fraction', 'usd']);
      expect(await max(27)).toEqual(['monthRange', 'monthOnly', 'hourly', 'fraction', 'usd']);
      expect(await max(28)).toEqual(['monthRange', 'monthOnly', 'yearly', 'hourly', 'fraction', 'usd']);
      expect(await max(40)).toEqual(['monthRange', 'monthOnly', 'yearly', 'hourly', 'fraction', 'usd']);
    });

    it('each flag on its own', async () => {
      // housing: provided or an allowance, not help finding or none.
      expect(await found({ country: 'japan', housing: '1' })).toEqual(['monthRange', 'monthOnly', 'fraction', 'usd']);
      // flights: paid, reimbursed or an allowance, not none.
      expect(await found({ country: 'japan', flights: '1' })).toEqual(['monthRange', 'yearly', 'hourly', 'usd']);
      expect(await found({ country: 'japan', visa: '1' })).toEqual(['monthRange', 'yearly', 'fraction', 'usd']);
      expect(await found({ country: 'japan', noSplitShift: '1' })).toEqual(['monthRange', 'yearly', 'hourly', 'usd']);
      // Saturdays 'never' only: 'some' and 'every' are out.
      expect(await found({ country: 'japan', noSaturdays: '1' })).toEqual(['monthRange', 'hourly', 'fraction', 'usd']);
    });

    it('a job without a sheet matches no sheet filter, however loose', async () => {
      for (const params of [{ minPay: '1' }, { maxTeachingHours: '40' }, ...FLAGS.map((flag) => ({ [flag]: '1' }))]) {
        expect(await found({ country: 'japan', ...params }), JSON.stringify(params)).not.toContain('noTerms');
      }
    });

    it('combines filters, with city and with each other', async () => {
      expect(await found({ country: 'japan', housing: '1', flights: '1', visa: '1' })).toEqual(['monthRange', 'usd']);
      expect(
        await found({ country: 'japan', housing: '1', flights: '1', visa: '1', noSaturdays: '1', noSplitShift: '1' }),
      ).toEqual(['monthRange', 'usd']);
      expect(await found({ country: 'japan', maxTeachingHours: '24', housing: '1' })).toEqual([
        'monthOnly',
        'fraction',
        'usd',
      ]);
      expect(await found({ country: 'japan', minPay: '300000', noSplitShift: '1' })).toEqual([
        'monthRange',
        'yearly',
        'hourly',
      ]);
      expect(await found({ country: 'japan', minPay: '300000', maxTeachingHours: '25', noSaturdays: '1' })).toEqual([
        'monthRange',
        'hourly',
      ]);
      expect(await found({ country: 'japan', city: 'Osaka', minPay: '310000' })).toEqual(['hourly']);
      expect(await found({ country: 'japan', city: 'Osaka', housing: '1' })).toEqual(['monthOnly']);
      expect(await found({ country: 'japan', city: 'Osaka', ageGroup: 'Children', flights: '1' })).toEqual(['hourly']);
      expect(await found({ country: 'japan', city: 'Osaka', ageGroup: 'Adults', flights: '1' })).toEqual([]);
    });

    it('every combination of flags, minPay and maxTeachingHours finds what BEYOND §6 says', async () => {
      let checked = 0;
      for (let mask = 0; mask < 1 << FLAGS.length; mask++) {
        for (const minPay of [undefined, '1', '305000', '320001']) {
          for (const maxTeachingHours of [undefined, '23', '40']) {
            const params: Params = { country: 'japan' };
            FLAGS.forEach((flag, i) => {
              if (mask & (1 << i)) params[flag] = '1';
            });
            if (minPay) params.minPay = minPay;
            if (maxTeachingHours) params.maxTeachingHours = maxTeachingHours;
            expect(await found(params), JSON.stringify(params)).toEqual(expected(params));
            checked++;
          }
        }
      }
      expect(checked).toBe(384);
    });

    it('with keywords: the filters narrow what the words find', async () => {
      expect(await found({ country: 'japan', q: 'phonics' })).toEqual(['monthRange', 'yearly', 'usd', 'noTerms']);
      expect(await found({ country: 'japan', q: 'phonics', visa: '1' })).toEqual(['monthRange', 'yearly', 'usd']);
      expect(await found({ country: 'japan', q: 'phonics', minPay: '1' })).toEqual(['monthRange', 'yearly']);
      expect(await found({ country: 'japan', q: 'phonics', minPay: '310001' })).toEqual(['yearly']);
      expect(await found({ country: 'japan', q: 'phonics', minPay: '320001' })).toEqual([]);
      expect(await found({ country: 'japan', q: 'phonics', housing: '1' })).toEqual(['monthRange', 'usd']);
      expect(await found({ country: 'japan', q: 'phon', maxTeachingHours: '25' })).toEqual(['monthRange', 'usd']);
      expect(await found({ country: 'japan', q: 'teacher', noSaturdays: '1' })).toEqual(['monthRange', 'hourly']);
      expect(await found({ country: 'japan', q: 'teacher', housing: '1' })).toEqual(['monthRange']);
      expect(await found({ country: 'japan', q: 'conversation -teacher', housing: '1' })).toEqual(['monthOnly']);
      expect(await found({ country: 'japan', q: 'phonics', city: 'Osaka', flights: '1' })).toEqual([]);
      // A phrase is always the database's to answer: the route must agree with it too.
      const phrase = await searchEveryWay({ country: 'japan', q: '"phonics teacher"', visa: '1' });
      expect(phrase.tiles.map((tile) => nameOf.get(tile.uuid))).toEqual(['monthRange']);
    });

    it.each([
      ['minPay=abc', 'minPay'],
      ['minPay=0', 'minPay'],
      ['minPay=-5', 'minPay'],
      ['minPay=1.5', 'minPay'],
      ['minPay=1000000001', 'minPay'],
      ['minPay=12abc', 'minPay'],
      ['maxTeachingHours=0', 'maxTeachingHours'],
      ['maxTeachingHours=41', 'maxTeachingHours'],
      ['maxTeachingHours=2.5', 'maxTeachingHours'],
      ['maxTeachingHours=many', 'maxTeachingHours'],
      ['housing=2', 'housing'],
      ['housing=yes', 'housing'],
      ['housing=true', 'housing'],
      ['housing=1&housing=1', 'housing'],
      ['flights=on', 'flights'],
      ['visa=11', 'visa'],
      ['noSplitShift=x', 'noSplitShift'],
      ['noSaturdays=-1', 'noSaturdays'],
      ['q=phonics&minPay=abc', 'minPay'],
      ['q=phonics&visa=yes', 'visa'],
    ])('answers the malformed %s with 400 VALIDATION naming the field', async (query, field) => {
      const res = await t.inject({ method: 'GET', url: `/api/filter-jobs?country=japan&${query}` });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<{ error: boolean; errorType: string; fields: Record<string, string> }>();
      expect(body).toMatchObject({ error: true, errorType: 'VALIDATION' });
      expect(Object.keys(body.fields)).toEqual([field]);
    });

    it('a sheet saved through the route changes the results at once, while the kept index catches up', async () => {
      const id = known.find((job) => job.name === 'monthOnly')!.id;
      const before = known.find((job) => job.name === 'monthOnly')!.terms!;
      await refreshKeywordIndex(t.db, live());
      expect(await found({ country: 'japan', housing: '1' })).toContain('monthOnly');
      const changed = {
        ...before,
        housing: 'none' as const,
        housingAllowance: undefined,
        salary: { ...before.salary, min: 330_000 },
      };
      delete changed.housingAllowance;
      const put = await t.inject({
        method: 'PUT',
        url: `/api/jobs/terms/${id}/${owner.id}`,
        headers: owner.auth,
        payload: changed,
      });
      expect(put.statusCode, put.body).toBe(200);
      // Asked at once, before any refresh: the route answers with the new sheet.
      const ids = async (query: string) =>
        (await t.inject({ method: 'GET', url: `/api/filter-jobs?country=japan&${query}` }))
          .json<{ results: JobTile[] }>()
          .results.map((tile) => nameOf.get(tile.uuid));
      expect(await ids('housing=1')).not.toContain('monthOnly');
      expect(await ids('minPay=330000')).toEqual(['monthOnly']);
      // And the kept index, refreshed, agrees.
      expect(await found({ country: 'japan', housing: '1' })).not.toContain('monthOnly');
      expect(await found({ country: 'japan', minPay: '330000' })).toEqual(['monthOnly']);
      // Put back for the other tests.
      await setTerms(id, before, 'japan');
      expect(await found({ country: 'japan', minPay: '330000' })).toEqual([]);
    });
  });

  describe('over random sheets and random filters', () => {
    const COUNTRIES = ['japan', 'vietnam', 'south-korea', 'taiwan'] as const satisfies readonly Country[];
    const CITIES: Record<string, string[]> = {
      japan: ['Tokyo', 'Osaka'],
      vietnam: ['Hanoi', 'Ho Chi Minh City'],
      'south-korea': ['Seoul', 'Busan'],
      taiwan: ['Taipei', 'Taichung'],
    };
    const WORDS = ['phonics', 'business', 'english', 'kindergarten', 'conversation', 'teacher', 'lead', 'coach'];
    const jobs: KnownJob[] = [];

    /** A minPay near what the country's sheets pay: often exactly a job's top, or just above it. */
    function randomMinPay(r: Random, country: string): number {
      const tops = jobs
        .filter((job) => job.country === country && job.terms?.salary.currency === CURRENCY[country])
        .map((job) => monthlyTopOf(job.terms!));
      if (tops.length === 0 || r.next() < 0.1) return r.int(1, 100);
      const top = r.pick(tops);
      return r.pick([Math.floor(top), Math.floor(top) + 1, Math.ceil(top), Math.max(1, Math.floor(top * 0.9))]);
    }

    function randomParams(r: Random): Params {
      const country = r.pick(COUNTRIES);
      const params: Params = { country };
      if (r.next() < 0.2) params.city = r.pick(CITIES[country]!);
      if (r.next() < 0.15) params.ageGroup = r.pick(AGE_GROUPS);
      if (r.next() < 0.25) params.q = r.next() < 0.3 ? r.pick(WORDS).slice(0, 4) : `${r.pick(WORDS)} `;
      if (r.next() < 0.45) params.minPay = String(randomMinPay(r, country));
      if (r.next() < 0.3) params.maxTeachingHours = String(r.int(16, 31));
      for (const flag of FLAGS) if (r.next() < 0.3) params[flag] = '1';
      return params;
    }

    /** Every page of a search, each alike every way; without keywords, the whole list as BEYOND §6 says. */
    async function expectSearchAgrees(params: Params): Promise<{ found: number; keptAnswered: boolean }> {
      const all: JobTile[] = [];
      let keptAnswered = true;
      for (let page = 1; ; page++) {
        const { tiles, keptAnswered: kept } = await searchEveryWay(params, page);
        keptAnswered &&= kept;
        all.push(...tiles);
        if (tiles.length < PAGE_SIZE) break;
      }
      const byId = new Map(jobs.map((job) => [job.id, job]));
      const what = JSON.stringify(params);
      for (const tile of all) {
        const job = byId.get(tile.uuid)!;
        expect(meetsFilters(job.terms, job.country, params), `${what}: ${tile.uuid} meets the filters`).toBe(true);
      }
      if (params.q === undefined) {
        const want = jobs
          .filter(
            (job) =>
              job.country === params.country &&
              job.publishedAt !== null &&
              job.publishedAt > live() &&
              (params.city === undefined || job.city === params.city) &&
              (params.ageGroup === undefined || job.ageGroup === params.ageGroup) &&
              meetsFilters(job.terms, job.country, params),
          )
          .sort(newestFirst)
          .map((job) => job.id);
        expect(
          all.map((tile) => tile.uuid),
          what,
        ).toEqual(want);
      }
      return { found: all.length, keptAnswered };
    }

    async function expectRandomSearchesAgree(r: Random, count: number) {
      let nonEmpty = 0;
      let answeredByIndex = 0;
      let withTerms = 0;
      for (let i = 0; i < count; i++) {
        const params = randomParams(r);
        if (termsQueryOf(JobSearchSchema.parse(params)) !== undefined) withTerms++;
        const { found: n, keptAnswered } = await expectSearchAgrees(params);
        if (n > 0) nonEmpty++;
        if (keptAnswered) answeredByIndex++;
      }
      // The draws must exercise the filters: most searches carry one, and find something.
      expect(withTerms).toBeGreaterThan(count * 0.7);
      expect(nonEmpty).toBeGreaterThan(count * 0.4);
      expect(answeredByIndex).toBeGreaterThan(count * 0.9);
    }

    /** Stores a sheet as the product does: through the route (for a job it may still edit) or its columns. */
    async function storeTerms(job: KnownJob, viaRoute: boolean) {
      const editable = job.publishedAt === null || job.publishedAt > live();
      if (viaRoute && editable && job.terms !== null) {
        const res = await t.inject({
          method: 'PUT',
          url: `/api/jobs/terms/${job.id}/${owner.id}`,
          headers: owner.auth,
          payload: job.terms,
        });
        expect(res.statusCode, res.body).toBe(200);
      } else {
        await setTerms(job.id, job.terms, job.country);
      }
    }

    beforeAll(async () => {
      await t.db.deleteFrom('jobs').execute();
      const r = createRandom(20_261_201);
      const now = t.clock.now();
      for (let i = 0; i < 150; i++) {
        const country = r.pick(COUNTRIES);
        const duration = r.pick(['6', '11', '12', '12', '24']);
        const roll = r.next();
        // Most live, some expired, a few drafts; some share a moment, so the id settles their order.
        const publishedAt =
          roll < 0.06
            ? null
            : roll < 0.14
              ? now - POSTING_LIFETIME_MS - r.int(1, 20) * HOUR
              : roll < 0.24
                ? now - 5_000
                : now - r.int(1, 40 * 24) * HOUR;
        const job: KnownJob = {
          id: '',
          name: `random ${i}`,
          country,
          city: r.pick(CITIES[country]!),
          ageGroup: r.pick(AGE_GROUPS),
          publishedAt,
          terms: r.next() < 0.8 ? randomTerms(r, country, duration) : null,
        };
        job.id = await createPublishedJob(t, owner.id, {
          country,
          city: job.city,
          age_group: job.ageGroup,
          title: `${r.pick(WORDS)} ${r.pick(WORDS)}`,
          published_at: publishedAt,
        });
        await t.db.updateTable('jobs').set({ duration }).where('id', '=', job.id).execute();
        await storeTerms(job, i % 5 === 0);
        jobs.push(job);
      }
      // The feed no longer reaching back to the indexes kept so far, each country is indexed anew:
      // the first searches read the sheets of the built index, not of jobs laid over it.
      await t.db.deleteFrom('job_changes').execute();
    });

    it('answers 200 random filter combinations alike from the kept index and the database, page by page, as BEYOND §6 says', async () => {
      await refreshKeywordIndex(t.db, live());
      const sizes = keywordIndexSize(t.db);
      for (const country of COUNTRIES) {
        expect(sizes.get(country), country).toMatchObject({ jobs: expect.any(Number) as number, changed: 0 });
        expect(sizes.get(country)!.jobs, country).toBeGreaterThan(15);
      }
      await expectRandomSearchesAgree(createRandom(7), 200);
    });

    it('still answers alike once sheets change under the kept index (the changes laid over it)', async () => {
      await refreshKeywordIndex(t.db, live());
      const r = createRandom(11);
      for (let i = 0; i < 40; i++) {
        const job = r.pick(jobs);
        const kind = r.int(0, 4);
        if (kind <= 2) {
          // A new sheet, or none.
          const duration = (
            await t.db.selectFrom('jobs').select('duration').where('id', '=', job.id).executeTakeFirstOrThrow()
          ).duration;
          job.terms = kind === 2 ? null : randomTerms(r, job.country as Country, duration);
          await storeTerms(job, kind === 0);
        } else if (kind === 3) {
          // Published anew, or taken back to a draft.
          job.publishedAt = job.publishedAt === null ? t.clock.now() - r.int(0, 1000) : null;
          await t.db.updateTable('jobs').set({ published_at: job.publishedAt }).where('id', '=', job.id).execute();
        } else {
          job.city = r.pick(CITIES[job.country]!);
          await t.db.updateTable('jobs').set({ city: job.city }).where('id', '=', job.id).execute();
        }
      }
      // New jobs too, with sheets, written after the index was made.
      for (let i = 0; i < 10; i++) {
        const country = r.pick(COUNTRIES);
        const job: KnownJob = {
          id: '',
          name: `new ${i}`,
          country,
          city: r.pick(CITIES[country]!),
          ageGroup: r.pick(AGE_GROUPS),
          publishedAt: t.clock.now() - r.int(0, 10_000),
          terms: randomTerms(r, country, '12'),
        };
        job.id = await createPublishedJob(t, owner.id, {
          country,
          city: job.city,
          age_group: job.ageGroup,
          title: `${r.pick(WORDS)} ${r.pick(WORDS)}`,
          published_at: job.publishedAt,
        });
        await storeTerms(job, i % 2 === 0);
        jobs.push(job);
      }
      await refreshKeywordIndex(t.db, live());
      const changed = [...keywordIndexSize(t.db).values()].reduce((sum, size) => sum + size.changed, 0);
      expect(changed, 'the refresh laid the written jobs over the built index').toBeGreaterThan(0);
      await expectRandomSearchesAgree(createRandom(13), 120);
    });

    it('finds nothing for a country whose jobs have no sheet in its currency, whatever minPay', async () => {
      const id = await createPublishedJob(t, owner.id, { country: 'thailand', city: 'Bangkok' });
      await setTerms(
        id,
        {
          ...randomTerms(createRandom(3), 'thailand', '12'),
          salary: { currency: 'USD', min: 2_000, period: 'month', basis: 'gross' },
        },
        'thailand',
      );
      expect((await searchEveryWay({ country: 'thailand', minPay: '1' })).tiles).toEqual([]);
      expect((await searchEveryWay({ country: 'thailand' })).tiles.map((tile) => tile.uuid)).toEqual([id]);
    });
  });

  describe('the kept index with jobs written since it was made', () => {
    // A city or an age group that none of the built jobs has: the jobs written since must still be
    // ranked as the database ranks them (words in the title or school first), not only newest first.
    it.each([
      ['a city', { city: 'Bali' }, { city: 'Bali', age_group: 'Children' }],
      ['an age group', { ageGroup: 'Adults' }, { city: 'Jakarta', age_group: 'Adults' }],
    ])('answers keywords and sheet filters alike for %s only the written jobs have', async (_what, params, where) => {
      await t.db.deleteFrom('jobs').where('country', '=', 'indonesia').execute();
      const now = t.clock.now();
      const sheet: JobTerms = {
        ...randomTerms(createRandom(5), 'indonesia', '12'),
        visa: { sponsored: true, permit: 'ID-KITAS', costsPaidBy: 'school' },
      };
      const built = await createPublishedJob(t, owner.id, {
        country: 'indonesia',
        city: 'Jakarta',
        age_group: 'Children',
        title: 'Phonics Teacher',
        published_at: now - 3 * DAY,
      });
      await setTerms(built, sheet, 'indonesia');
      await t.db.deleteFrom('job_changes').execute();
      await refreshKeywordIndex(t.db, live());
      expect(keywordIndexSize(t.db).get('indonesia')).toMatchObject({ jobs: 1, changed: 0 });

      // Written after: the older one has the word in its title, the newer only in its description.
      const inTitle = await createPublishedJob(t, owner.id, {
        country: 'indonesia',
        ...where,
        title: 'Phonics Coach',
        published_at: now - 2 * DAY,
      });
      const inBody = await createPublishedJob(t, owner.id, {
        country: 'indonesia',
        ...where,
        title: 'Teacher',
        description_html: '<p>We teach phonics every morning.</p>',
        published_at: now - DAY,
      });
      for (const id of [inTitle, inBody]) await setTerms(id, sheet, 'indonesia');
      await refreshKeywordIndex(t.db, live());
      expect(keywordIndexSize(t.db).get('indonesia')).toMatchObject({ jobs: 1, changed: 2 });

      const { tiles, keptAnswered } = await searchEveryWay({
        country: 'indonesia',
        ...params,
        q: 'phonics',
        visa: '1',
      });
      expect(keptAnswered).toBe(true);
      expect(tiles.map((tile) => tile.uuid)).toEqual([inTitle, inBody]);
    });
  });
});
