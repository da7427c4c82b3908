// The kept index's contract-sheet and eligibility filters (bitmaps per flag, permit, teaching hours
// and steps of pay) against a plain reading of each job, on a country large enough to fill many
// steps of the pay bitmaps, with jobs written since the index was built laid over it.
import { PERMITS } from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import { createRandom } from '../../demo/factories.js';
import type { TermsQuery } from '../../db/job-terms.js';
import type { JsonText } from '../../lib/json-text.js';
import { CountryIndex, type IndexedJob } from './keyword-index.js';

const JOBS = 3_000;
const NOW = 1_800_000_000_000;

function jobs(seed: number, count: number, idPrefix: string): IndexedJob[] {
  const r = createRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const hasSheet = r.next() < 0.8;
    return {
      id: `${idPrefix}-${String(i).padStart(5, '0')}`,
      tile: `{"n":${i}}` as JsonText<never>,
      city: r.pick(['Seoul', 'Busan']),
      age_group: r.pick(['Children', 'Adults']),
      // Newest first, some sharing a moment.
      published_at: NOW - Math.floor(i / 3) * 1000,
      search_title: '',
      search_school: '',
      search_city: '',
      search_body: '',
      terms_flags: hasSheet ? 1 | (r.int(0, 31) << 1) : 0,
      // Pays repeat, so a minimum often falls inside a run of equal pays.
      terms_month_pay: hasSheet && r.next() < 0.85 ? r.int(20, 30) * 100_000 : null,
      terms_teaching_hours: hasSheet ? r.int(15, 40) : null,
      terms_permit: hasSheet && r.next() < 0.6 ? r.pick(PERMITS) : null,
    };
  });
}

/** What the filters mean, read off each job. */
function meets(job: IndexedJob, q: TermsQuery | undefined, excluded: readonly string[]): boolean {
  if (excluded.length > 0 && job.terms_permit !== null && excluded.includes(job.terms_permit)) return false;
  if (q === undefined) return true;
  if ((job.terms_flags & q.mask) !== q.mask) return false;
  if (q.minPay !== undefined && (job.terms_month_pay === null || job.terms_month_pay < q.minPay)) return false;
  if (q.maxTeachingHours !== undefined && (job.terms_teaching_hours ?? 0) > q.maxTeachingHours) return false;
  return q.maxTeachingHours === undefined || job.terms_teaching_hours !== null;
}

describe('the kept index with sheet and eligibility filters', () => {
  it('finds exactly the jobs a plain reading finds, page by page, built and with written jobs laid over it', async () => {
    // In the database's order: newest first, then the greater id.
    const byAge = (a: IndexedJob, b: IndexedJob) => b.published_at - a.published_at || (a.id < b.id ? 1 : -1);
    const built = jobs(5, JOBS, 'a').sort(byAge);
    let index = await CountryIndex.build(
      (async function* () {
        yield built;
      })(),
      () => Promise.resolve(),
      () => [],
      () => Promise.resolve(),
    );
    // Jobs written since: some of the built ones again with other sheets, and new ones among them.
    const rewritten = jobs(6, 200, 'a').map((job, i) => ({
      ...job,
      id: built[i * 7]!.id,
      published_at: built[i * 7]!.published_at,
    }));
    const added = jobs(7, 100, 'b').map((job, i) => ({ ...job, published_at: NOW - i * 17_000 + 500 }));
    const removed = built.slice(1500, 1520).map((job) => job.id);
    const overlaid = await Promise.resolve(
      index.withChanges(
        [...rewritten, ...added].map((job) => job.id).concat(removed),
        [...rewritten, ...added],
        () => [],
      ),
    );
    const current = new Map(built.map((job) => [job.id, job]));
    for (const id of removed) current.delete(id);
    for (const job of [...rewritten, ...added]) current.set(job.id, job);
    const newestFirst = [...current.values()].sort((a, b) => b.published_at - a.published_at || (a.id < b.id ? 1 : -1));

    const r = createRandom(9);
    let compared = 0;
    for (const [which, candidate, all] of [
      ['built', index, built],
      ['overlaid', overlaid, newestFirst],
    ] as const) {
      index = candidate;
      for (let i = 0; i < 300; i++) {
        const terms: TermsQuery | undefined =
          r.next() < 0.15
            ? undefined
            : {
                mask: 1 | ((r.int(0, 31) << 1) & (r.next() < 0.5 ? 0b110 : 0b111110)),
                minPay: r.next() < 0.6 ? r.int(19, 31) * 100_000 + r.pick([0, 1, -1]) : undefined,
                maxTeachingHours: r.next() < 0.4 ? r.int(10, 41) : undefined,
              };
        const excludedPermits = r.next() < 0.4 ? PERMITS.filter(() => r.next() < 0.4) : [];
        const city = r.next() < 0.3 ? r.pick(['Seoul', 'Busan']) : undefined;
        const expected = all
          .filter((job) => (city === undefined || job.city === city) && meets(job, terms, excludedPermits))
          .map((job) => job.id);
        const page = r.int(0, 20);
        const found = index.search({
          include: [],
          exclude: [],
          city,
          terms,
          excludedPermits,
          liveSince: 0,
          offset: page * 12,
          limit: 12,
        });
        expect([which, i, found.map((job) => job.id)]).toEqual([which, i, expected.slice(page * 12, page * 12 + 12)]);
        if (found.length > 0) compared++;
      }
    }
    expect(compared).toBeGreaterThan(300);
  });
});
