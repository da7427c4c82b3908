import { describe, expect, it } from 'vitest';
import { apiPathOf, type PageData, type PageDataKind } from './page-data.js';

describe('page data', () => {
  // One line per kind: a kind added to PageData without its path here does not compile.
  const paths: Record<PageDataKind, [PageData, string][]> = {
    posting: [
      [
        { kind: 'posting', uuid: '0b8f4d1e-5c43-4f4a-9a57-1f6f0a8a2c11' },
        '/api/job/0b8f4d1e-5c43-4f4a-9a57-1f6f0a8a2c11',
      ],
      [{ kind: 'posting', uuid: 'a/b?c' }, '/api/job/a%2Fb%3Fc'],
    ],
    search: [
      [{ kind: 'search', country: 'japan', page: 1 }, '/api/filter-jobs?country=japan&page=1'],
      [
        { kind: 'search', country: 'japan', city: 'Ho Chi Minh', ageGroup: 'Adults', q: 'art & music', page: 3 },
        '/api/filter-jobs?country=japan&city=Ho%20Chi%20Minh&ageGroup=Adults&q=art%20%26%20music&page=3',
      ],
      // The same order whatever order the descriptor was written in, and no empty filter.
      [
        { page: 2, q: '', city: '', ageGroup: undefined, country: 'vietnam', kind: 'search' },
        '/api/filter-jobs?country=vietnam&page=2',
      ],
      // The contract sheet's filters, in their one order, after the keywords.
      [
        { kind: 'search', country: 'japan', noSaturdays: '1', minPay: '250000', visa: '1', housing: '', page: 1 },
        '/api/filter-jobs?country=japan&minPay=250000&visa=1&noSaturdays=1&page=1',
      ],
    ],
    compare: [
      [
        { kind: 'compare', ids: ['0b8f4d1e-5c43-4f4a-9a57-1f6f0a8a2c11', 'a/b'] },
        '/api/compare?ids=0b8f4d1e-5c43-4f4a-9a57-1f6f0a8a2c11,a%2Fb',
      ],
    ],
    school: [
      [{ kind: 'school', slug: 'sakura-english' }, '/api/schools/sakura-english'],
      [{ kind: 'school', slug: '../config' }, '/api/schools/..%2Fconfig'],
    ],
    cities: [[{ kind: 'cities', country: 'south-korea' }, '/api/jobs/cities/south-korea']],
    config: [[{ kind: 'config' }, '/api/config']],
  };

  it.each(Object.values(paths).flat())('%j is at %s', (data, path) => {
    expect(apiPathOf(data)).toBe(path);
  });

  it('refuses a kind it does not know rather than name some path', () => {
    expect(() => apiPathOf({ kind: 'weather' } as unknown as PageData)).toThrow(/kind weather/);
  });
});
