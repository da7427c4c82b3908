import { apiPathOf } from '@teacheast/shared';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { jobKeys } from '../features/jobs/api';
import { compareKeys } from '../features/jobs/compare-api';
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
    // The contract-sheet filters are part of the search; one the API would refuse is left out.
    expect(pageDataAt('/jobs?country=japan&housing=1&minPay=250000&visa=yes')).toEqual([
      { kind: 'config' },
      {
        kind: 'search',
        country: 'japan',
        city: undefined,
        ageGroup: undefined,
        q: undefined,
        housing: '1',
        minPay: '250000',
        page: 1,
      },
      { kind: 'cities', country: 'japan' },
    ]);
    // "Only jobs I can take" with the facts it is read from (BEYOND §7); facts without it filter nothing.
    expect(
      pageDataAt('/jobs?country=japan&page=1&eligibleOnly=1&passport=PH%2CUS&degree=bachelor&teflHours=120'),
    ).toEqual([
      { kind: 'config' },
      {
        kind: 'search',
        country: 'japan',
        city: undefined,
        ageGroup: undefined,
        q: undefined,
        eligibleOnly: '1',
        passport: 'PH,US',
        degree: 'bachelor',
        teflHours: '120',
        page: 1,
      },
      { kind: 'cities', country: 'japan' },
    ]);
    expect(pageDataAt('/jobs?country=japan&passport=PH&degree=bachelor')?.[1]).toEqual({
      kind: 'search',
      country: 'japan',
      city: undefined,
      ageGroup: undefined,
      q: undefined,
      page: 1,
    });
    // A bare search goes back to the tab's last one, which only the browser knows: not rendered.
    expect(pageDataAt('/jobs')).toBeNull();
    // Jobs compared, in the order asked, blanks and repeats left out; without ids, the page's message.
    expect(pageDataAt('/compare?ids=b,%20a,,b')).toEqual([{ kind: 'config' }, { kind: 'compare', ids: ['b', 'a'] }]);
    expect(pageDataAt('/compare')).toEqual([{ kind: 'config' }]);
  });

  it("fill the compare page's query, or its error when the jobs cannot be compared", () => {
    const url = '/compare?ids=b,a';
    const path = apiPathOf({ kind: 'compare', ids: ['b', 'a'] });
    expect(path).toBe('/api/compare?ids=b,a');
    const answer = { jobs: [], missing: ['b', 'a'] };
    const client = new QueryClient();
    expect(seedQueries(client, url, { [path]: answer })).toBe(true);
    expect(client.getQueryData(compareKeys.jobs(['b', 'a']))).toEqual(answer);

    const refused = new QueryClient();
    seedQueries(refused, url, { [path]: { error: true, message: 'ids.0: Not a valid id', status: 400 } });
    const state = refused.getQueryState(compareKeys.jobs(['b', 'a']));
    expect(state?.status).toBe('error');
    expect(state?.error).toMatchObject({ status: 400 });
    // Not asked again on mount: both renders show the refusal, not a spinner.
    expect(refused.getQueryDefaults(compareKeys.jobs(['b', 'a'])).retryOnMount).toBe(false);
  });

  it("fill a visitor's page for as long as any answer stays fresh, and a member's only until it mounts", () => {
    const url = '/posting/abc';
    const path = apiPathOf({ kind: 'posting', uuid: 'abc' });
    // The page names nobody's saves: a member's own must be asked for.
    const answer = { job: { uuid: 'abc', favoritedBy: [] } };
    const visitor = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const member = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    expect(seedQueries(visitor, url, { [path]: answer })).toBe(true);
    expect(seedQueries(member, url, { [path]: answer }, { forMember: true })).toBe(true);
    for (const client of [visitor, member]) expect(client.getQueryData(jobKeys.job('abc'))).toEqual(answer.job);
    const query = (client: QueryClient) => client.getQueryCache().find({ queryKey: jobKeys.job('abc') })!;
    expect(query(visitor).isStaleByTime(30_000)).toBe(false);
    expect(query(member).isStaleByTime(30_000)).toBe(true);
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
