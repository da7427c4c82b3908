import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { apiPathOf, isIndexablePath, writeRobotsTxt } from '@teacheast/shared';
import { pageHeadAt } from './page-heads';
import { routes } from './router';
import { PUBLISHED_JOB_UUID, publishedJob } from '../testing/published-job';

const uuid = PUBLISHED_JOB_UUID;
const job = publishedJob;

describe('the head of each page', () => {
  it('home and the fixed pages have their own title and description, and are listed', () => {
    const home = pageHeadAt('/', {});
    const about = pageHeadAt('/about-us', {});
    const terms = pageHeadAt('/terms-of-service', {});
    expect(home.title).toBe('TeachEast: teaching jobs in East and Southeast Asia');
    expect(about.title).toBe('About Us | TeachEast');
    expect(terms.title).toBe('Terms of Service | TeachEast');
    expect(new Set([home.description, about.description, terms.description]).size).toBe(3);
    for (const head of [home, about, terms]) expect(head.noindex).toBe(false);
    expect(about.canonicalPath).toBe('/about-us');
  });

  it('a search names its place in title and description, with the keywords left out of its canonical address', () => {
    const head = pageHeadAt('/jobs?country=vietnam&city=Hanoi&ageGroup=Adults&q=business&page=2', {});
    expect(head.title).toBe('Vietnam Jobs');
    expect(head.description).toContain('Hanoi, Vietnam');
    expect(head.description).toContain('adults');
    expect(head.canonicalPath).toBe('/jobs?country=vietnam&city=Hanoi&ageGroup=Adults&page=2');
    expect(head.feed.path).toBe('/feed.xml?country=vietnam');
    expect(head.noindex).toBe(false);
    expect(pageHeadAt('/jobs', {}).noindex).toBe(true);
  });

  it('a live posting carries the job for its structured data, a clipped description and its header image', () => {
    const head = pageHeadAt(`/posting/${uuid}`, { [apiPathOf({ kind: 'posting', uuid })]: { job } });
    expect(head.job).toBe(job);
    expect(head.noindex).toBe(false);
    expect(head.type).toBe('article');
    expect(head.imagePath).toBe('/media/header.webp');
    expect(head.canonicalPath).toBe(`/posting/${uuid}`);
    expect(head.title).toBe('Sakura English, Tokyo, Japan | TeachEast');
    expect(
      head.description.startsWith(
        'Kindergarten Teacher at Sakura English in Tokyo, Japan. Pay: ¥280,000/month. Teach happy children & adults.',
      ),
    ).toBe(true);
    expect([...head.description].length).toBeLessThanOrEqual(160);
    expect(head.description.endsWith('…')).toBe(true);
  });

  it('a closed posting is not listed and has no structured data', () => {
    for (const status of ['expired', 'unpublished'] as const) {
      const head = pageHeadAt(`/posting/${uuid}`, {
        [apiPathOf({ kind: 'posting', uuid })]: { job: { ...job, status } },
      });
      expect(head.noindex, status).toBe(true);
      expect(head.job, status).toBeNull();
    }
  });

  it('a posting that does not exist and a path the app does not know are not-found pages', () => {
    const missing = pageHeadAt(`/posting/${uuid}`, {
      [apiPathOf({ kind: 'posting', uuid })]: { error: true, message: 'Job not found', status: 404 },
    });
    expect(missing.title).toBe('Job not found | TeachEast');
    expect(missing.noindex).toBe(true);
    const unknown = pageHeadAt('/no/such/page', {});
    expect(unknown.title).toBe('Page not found | TeachEast');
    expect(unknown.noindex).toBe(true);
  });

  it('a comparison is not listed, and its preview names the jobs compared', () => {
    const other = { ...job, uuid: '1a2b3c4d-0000-4000-8000-000000000002', companyName: 'Osaka Lingo', city: 'Osaka' };
    const ids = [uuid, other.uuid];
    const head = pageHeadAt(`/compare?ids=${uuid},,${other.uuid},${uuid}`, {
      [apiPathOf({ kind: 'compare', ids })]: { jobs: [job, other], missing: [] },
    });
    expect(head.title).toBe('Compare jobs | TeachEast');
    expect(head.noindex).toBe(true);
    expect(head.job).toBeNull();
    expect(head.canonicalPath).toBe(`/compare?ids=${uuid},${other.uuid}`);
    expect(head.description).toBe(
      'Pay and conditions side by side: Kindergarten Teacher at Sakura English, Tokyo; Kindergarten Teacher at Osaka Lingo, Osaka.',
    );

    const bare = pageHeadAt('/compare', {});
    expect(bare.title).toBe('Compare jobs | TeachEast');
    expect(bare.noindex).toBe(true);
    expect(bare.canonicalPath).toBe('/compare');
    const refused = pageHeadAt(`/compare?ids=nope`, {
      [apiPathOf({ kind: 'compare', ids: ['nope'] })]: { error: true, message: 'ids.0: Not a valid id', status: 400 },
    });
    expect(refused.title).toBe('Compare jobs | TeachEast');
    expect(refused.description).toBe(bare.description);
  });

  it('private pages and the steps of forms are not listed', () => {
    for (const path of [
      '/account',
      '/resume-board',
      '/login',
      '/confirmation/abc',
      '/job-alerts/confirm/abc',
      '/post-job/stepper/details/x',
    ]) {
      expect(pageHeadAt(path, {}).noindex, path).toBe(true);
    }
  });

  it('no page of the route table that robots.txt shuts out is indexable, and the public entry pages are', () => {
    // The text the server answers at /robots.txt (discovery.test.ts holds the answer to it).
    const disallowed = writeRobotsTxt('https://teacheast.example/sitemap.xml')
      .split('\n')
      .filter((line) => line.startsWith('Disallow:'))
      .map((line) => line.slice('Disallow:'.length).trim());
    const paths = samplePaths(routes);
    expect(paths.length).toBeGreaterThan(20);
    for (const path of paths) {
      const head = pageHeadAt(path, {});
      if (disallowed.some((prefix) => path.startsWith(prefix))) expect(head.noindex, path).toBe(true);
      if (!head.noindex) expect(isIndexablePath(path), path).toBe(true);
    }
    for (const path of ['/post-job', '/post-resume']) expect(pageHeadAt(path, {}).noindex, path).toBe(false);
    for (const path of ['/post-job/purchase-jobs', '/post-job/stepper/details/x', '/post-resume/details/x']) {
      expect(pageHeadAt(path, {}).noindex, path).toBe(true);
    }
  });
});

const SAMPLE_PARAMS: Record<string, string> = { type: 'details', step: 'details', price: 'one', selectedTab: 'alerts' };

/** A path for every route of the table, its parameters filled in (an optional one both ways). */
function samplePaths(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    const segments = (route.path ?? '').split('/').filter(Boolean);
    let heres = [parent];
    for (const segment of segments) {
      const name = segment.replace(/^:/, '').replace(/\?$/, '');
      const value = segment === '*' ? 'anything' : segment.startsWith(':') ? (SAMPLE_PARAMS[name] ?? 'x') : segment;
      const joined = heres.map((here) => `${here.replace(/\/$/, '')}/${value}`);
      heres = segment.endsWith('?') ? [...heres, ...joined] : joined;
    }
    return [...heres.map((here) => here || '/'), ...heres.flatMap((here) => samplePaths(route.children ?? [], here))];
  });
}
