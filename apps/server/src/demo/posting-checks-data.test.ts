// The jobs the demo seed, the benchmark datasets and the end-to-end board generate are jobs a school
// could publish: the checks at publish (BEYOND §9) refuse none of their titles, pay notes or
// descriptions. They warn of nothing either: the descriptions ask for "native or near-native English",
// a level of English, which the native-speaker warning leaves alone.
import {
  AGE_GROUPS,
  CITIES,
  COUNTRIES,
  PERMIT_NAMES,
  checkPosting,
  type JobTerms,
  type PostingText,
} from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import type { NewJob } from '../db/schema.js';
import { createRandom, jobRow, MAJOR_CITIES, type Random } from './factories.js';
import { withRandomTerms } from './terms-factory.js';

const NOW = Date.UTC(2026, 2, 1);
const DRAWS = 1000;

/** Jobs drawn as the demo seed draws them: every age group in turn, mostly in the big cities. */
function demoJobs(r: Random): NewJob[] {
  return Array.from({ length: DRAWS }, (_, i) => {
    const { value: country, label } = COUNTRIES[i % COUNTRIES.length]!;
    const city = r.next() < 0.85 ? r.pick(MAJOR_CITIES[country]) : r.pick(CITIES[country]);
    const ageGroup = AGE_GROUPS[i % AGE_GROUPS.length]!;
    return withRandomTerms(
      r,
      jobRow(r, { ownerId: 'owner', country, countryLabel: label, city, ageGroup, publishedAt: NOW }),
    );
  });
}

/** Jobs drawn as the benchmark datasets draw them: any city, any age group. */
function benchJobs(r: Random): NewJob[] {
  return Array.from({ length: DRAWS }, (_, i) => {
    const { value: country, label } = COUNTRIES[i % COUNTRIES.length]!;
    const plan = {
      ownerId: 'owner',
      country,
      countryLabel: label,
      city: r.pick(CITIES[country]),
      ageGroup: r.pick(AGE_GROUPS),
      publishedAt: NOW,
    };
    return withRandomTerms(r, jobRow(r, plan));
  });
}

/** The end-to-end board's featured job, whose description is written by hand (e2e/job-board-seed.ts). */
const FEATURED_DESCRIPTION =
  '<h2>About us</h2><p>A friendly centre by the beach.</p><ul><li>Small classes</li><li>Housing help</li></ul>';

/** What the checks read of a job row, with the name of its sheet's permit when it has one. */
function postingOf(job: NewJob & { terms?: string | null }): PostingText {
  const terms = job.terms ? (JSON.parse(job.terms) as JobTerms) : null;
  const permit = terms?.visa.permit;
  return {
    title: job.title ?? '',
    payNotes: job.pay,
    descriptionHTML: job.description_html,
    ...(permit ? { permitName: PERMIT_NAMES.get(permit) } : {}),
  };
}

describe('the generated jobs and the checks at publish', () => {
  const jobs = [...demoJobs(createRandom(20240901)), ...benchJobs(createRandom(42))];

  it('are many different jobs, with and without titles and contract sheets', () => {
    expect(jobs).toHaveLength(2 * DRAWS);
    expect(new Set(jobs.map((job) => job.description_html)).size).toBeGreaterThan(0.95 * jobs.length);
    expect(jobs.some((job) => job.title === '')).toBe(true);
    expect(jobs.some((job) => job.title !== '')).toBe(true);
    expect(jobs.some((job) => (job as { terms?: string | null }).terms)).toBe(true);
    expect(jobs.some((job) => !(job as { terms?: string | null }).terms)).toBe(true);
  });

  it('refuse none of their titles, pay notes or descriptions, and warn of nothing', () => {
    const refused: string[] = [];
    const warned: string[] = [];
    for (const job of jobs) {
      const { blocks, warnings } = checkPosting(postingOf(job));
      for (const issue of blocks) refused.push(`${issue.rule} in ${issue.field}: ${issue.excerpt}`);
      for (const issue of warnings) warned.push(`${issue.rule} in ${issue.field}: ${issue.excerpt}`);
    }
    expect(refused).toEqual([]);
    expect(warned).toEqual([]);
  });

  it('refuse nothing in the end-to-end board’s own description', () => {
    const job = jobRow(createRandom(3), {
      ownerId: 'owner',
      country: 'vietnam',
      countryLabel: 'Vietnam',
      city: 'Da Nang',
      ageGroup: 'Adults',
      publishedAt: NOW,
    });
    expect(checkPosting({ ...postingOf(job), descriptionHTML: FEATURED_DESCRIPTION })).toEqual({
      blocks: [],
      warnings: [],
    });
  });

  it('still refuse a generated job once it asks for a fee: the check reads these rows', () => {
    const [job] = jobs;
    const asking = { ...postingOf(job!), descriptionHTML: `${job!.description_html}<p>Placement fee: 300 USD.</p>` };
    expect(checkPosting(asking).blocks.map((issue) => [issue.rule, issue.excerpt])).toEqual([
      ['asks_for_money', 'Placement fee: 300 USD.'],
    ]);
  });
});
