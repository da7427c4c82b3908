import { apiPathOf } from '@teacheast/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { jobKeys } from '../features/jobs/api';
import { pageDataAt, seedQueries } from './prerender';

describe('the answers a rendered page is made of', () => {
  it('are named as descriptors, never as paths', () => {
    expect(pageDataAt('/')).toEqual([{ kind: 'config' }]);
    expect(pageDataAt('/posting/abc')).toEqual([{ kind: 'config' }, { kind: 'posting', uuid: 'abc' }]);
    expect(pageDataAt('/jobs?country=japan&city=Tokyo&q=%20art%20&page=2&ageGroup=nope')).toEqual([
      { kind: 'config' },
      { kind: 'search', country: 'japan', city: 'Tokyo', ageGroup: undefined, q: 'art', page: 2 },
      { kind: 'cities', country: 'japan' },
    ]);
    // A bare search goes back to the tab's last one, which only the browser knows: not rendered.
    expect(pageDataAt('/jobs')).toBeNull();
  });

  it("are found in the page under their descriptor's path, which the fetchers call too", () => {
    const url = '/jobs?country=vietnam&city=Hanoi';
    const client = new QueryClient();
    const answers = Object.fromEntries(
      pageDataAt(url)!.map((data) => [apiPathOf(data), data.kind === 'search' ? { results: [] } : [data.kind]]),
    );
    expect(Object.keys(answers)).toContain('/api/filter-jobs?country=vietnam&city=Hanoi&page=1');
    expect(seedQueries(client, url, answers)).toBe(true);
    expect(client.getQueryData(jobKeys.search({ country: 'vietnam', city: 'Hanoi', page: 1 }))).toEqual([]);
    expect(client.getQueryData(jobKeys.cities('vietnam'))).toEqual(['cities']);
  });
});
