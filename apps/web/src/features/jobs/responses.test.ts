// The hand-written checks of responses.ts must accept and refuse exactly what the shared zod
// schemas (the contract) accept and refuse, and return the same data.
import { CityCountSchema, JobMetricsSchema, JobSchema, JobTileSchema } from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ResponseParser } from '../../lib/api-client';
import {
  citiesResponse,
  favoriteResultResponse,
  jobMetricsResponse,
  jobResponse,
  savedJobsResponse,
  searchResultsResponse,
} from './responses';

const tile = {
  uuid: '0b7f3c1e-6a7d-4e3a-9a55-2f4a8d3c1b10',
  companyName: 'Sakura English',
  country: 'japan',
  city: 'Tokyo',
  ageGroup: 'Children',
  pay: '¥250,000 a month',
  startDate: '4',
  duration: '12',
  classSize: '1 - 10',
  thumbnail: '/media/abc.webp',
  publishedDate: '2026-03-01T00:00:00.000Z',
};
const job = {
  ...tile,
  email: 'hr@sakura.example',
  phone: '',
  link: 'https://sakura.example',
  descriptionHTML: '<p>Hello</p>',
  images: ['/media/1.webp'],
  favoritedBy: ['5b0e2f7e-8f2a-4a8e-9a3c-0d7c5e3b9a11'],
  status: 'published',
};
const metrics = {
  timeSpent: 120,
  numberOfClicks: 4,
  favoritedBy: 1,
  daily: [{ date: '2026-03-01', clicks: 4, timeSpent: 120, saves: 1 }],
};

const cases: { name: string; parser: ResponseParser<unknown>; schema: z.ZodType; samples: unknown[] }[] = [
  {
    name: 'search results',
    parser: searchResultsResponse,
    schema: z.object({ results: z.array(JobTileSchema) }),
    samples: [
      { results: [tile, { ...tile, thumbnail: null, publishedDate: null }] },
      { results: [] },
      { results: [{ ...tile, extra: 'dropped' }], more: true },
      { results: [{ ...tile, thumbnail: undefined }] },
      { results: [{ ...tile, pay: 5 }] },
      { results: [[]] },
      { results: tile },
      [],
      null,
      undefined,
    ],
  },
  {
    name: 'cities',
    parser: citiesResponse,
    schema: z.array(CityCountSchema),
    samples: [[{ city: 'Tokyo', count: 3 }], [], [{ city: 'Tokyo', count: '3' }], [{ city: 'Tokyo' }], {}, null],
  },
  {
    name: 'a job',
    parser: jobResponse,
    schema: z.object({ job: JobSchema }),
    samples: [
      { job },
      { job: { ...job, status: 'expired', images: [] } },
      { job: { ...job, status: 'deleted' } },
      { job: { ...job, images: [1] } },
      { job: { ...job, favoritedBy: null } },
      { job: tile },
      {},
    ],
  },
  {
    name: 'saved jobs',
    parser: savedJobsResponse,
    schema: z.object({ jobs: z.array(JobTileSchema) }),
    samples: [{ jobs: [tile] }, { jobs: [] }, { jobs: [{ ...tile, uuid: null }] }, { results: [tile] }],
  },
  {
    name: 'a save or unsave',
    parser: favoriteResultResponse,
    schema: z.object({ message: z.string(), favoritedBy: z.array(z.string()) }),
    samples: [
      { message: 'Saved', favoritedBy: [] },
      { message: 'Saved', favoritedBy: ['a', 'b'], extra: 1 },
      { message: 'Saved' },
      { favoritedBy: [] },
    ],
  },
  {
    name: 'metrics',
    parser: jobMetricsResponse,
    schema: JobMetricsSchema,
    samples: [
      metrics,
      { ...metrics, daily: [] },
      { ...metrics, timeSpent: '120' },
      { ...metrics, daily: [{ date: '2026-03-01', clicks: 4, timeSpent: 120 }] },
      { ...metrics, daily: null },
    ],
  },
];

describe('job board answers checked by hand', () => {
  for (const { name, parser, schema, samples } of cases) {
    it(`agree with the shared schema on ${name}`, () => {
      for (const sample of samples) {
        const expected = schema.safeParse(sample);
        const actual = parser.safeParse(sample);
        expect({ sample, success: actual.success }).toEqual({ sample, success: expected.success });
        if (actual.success && expected.success) expect(actual.data).toEqual(expected.data);
      }
    });
  }
});
