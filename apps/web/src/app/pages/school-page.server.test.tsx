// @vitest-environment node
// A school's page as the server renders it (entry-server.tsx) with the answers app/prerender.ts names,
// and the head the server writes for it and for the directory (app/page-heads.ts).
import { QueryClient } from '@tanstack/react-query';
import { apiPathOf, type SchoolPageAnswer, type SiteConfig } from '@teacheast/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetFrames, render } from '../../entry-server';
import { schoolKeys } from '../../features/schools/api';
import { pageHeadAt } from '../page-heads';
import { PRERENDERED_ROUTES, pageDataAt, seedQueries } from '../prerender';

const config: SiteConfig = {
  paymentProvider: 'test',
  blogUrl: 'https://blog.example',
  socialUrl: 'https://social.example',
};
const options = { sanitizeHtml: (html: string) => html.replace(/<script[\s\S]*?<\/script>/g, '') };
const SLUG = 'harbour-lights-academy';

const answer: SchoolPageAnswer = {
  school: {
    slug: SLUG,
    name: 'Harbour Lights Academy',
    country: 'south-korea',
    city: 'Busan',
    kind: 'private_school',
    website: 'https://harbour.example',
    aboutHTML: `<p>We teach by the sea &amp; the hills.</p><p>${'Long words. '.repeat(30)}</p>`,
    foundedYear: 2004,
    foreignTeachers: 6,
    logo: '/media/img/harbour-logo.webp',
    verified: true,
  },
  jobs: [],
  jobsPosted: 3,
  since: '2026-01-10',
  verifications: [{ kind: 'registration', checkedAt: '2026-02-03T09:30:00.000Z' }],
};

const answersFor = (body: unknown) => ({ '/api/config': config, [apiPathOf({ kind: 'school', slug: SLUG })]: body });

describe("a school page's server render", () => {
  beforeEach(() => forgetFrames());

  it('is rendered ahead with the school answer, which seeds the query the page reads', () => {
    expect(PRERENDERED_ROUTES).toContain('/schools/:slug');
    expect(pageDataAt(`/schools/${SLUG}`)).toEqual([{ kind: 'config' }, { kind: 'school', slug: SLUG }]);
    expect(apiPathOf({ kind: 'school', slug: SLUG })).toBe(`/api/schools/${SLUG}`);
    const client = new QueryClient();
    expect(seedQueries(client, `/schools/${SLUG}`, answersFor(answer))).toBe(true);
    expect(client.getQueryData(schoolKeys.page(SLUG))).toEqual(answer);
    // The directory is rendered in the browser.
    expect(pageDataAt('/schools?country=japan')).toBeNull();
  });

  it('holds the whole profile in the HTML', async () => {
    const page = await render(`/schools/${SLUG}`, answersFor(answer), options);
    const html = page!.html;
    expect(html).not.toContain('<!--$!-->');
    expect(html).toContain('Harbour Lights Academy');
    expect(html).toContain('Registration checked February 3, 2026');
    expect(html).toContain('Hiring on TeachEast since January 10, 2026');
    expect(html).toContain('We teach by the sea');
    expect(html).toContain('No open jobs right now');
  });

  it('renders "School not found" for a slug the server refuses', async () => {
    const page = await render(
      '/schools/nope',
      {
        '/api/config': config,
        [apiPathOf({ kind: 'school', slug: 'nope' })]: {
          error: true,
          message: 'This school was not found.',
          status: 404,
        },
      },
      options,
    );
    expect(page?.html).toContain('School not found');
  });
});

describe("a school page's head", () => {
  it('names the school and its city, describes it from its about, and carries the school for its structured data', () => {
    const head = pageHeadAt(`/schools/${SLUG}`, answersFor(answer));
    expect(head.title).toBe('Harbour Lights Academy, Busan | TeachEast');
    expect(head.description.startsWith('We teach by the sea & the hills. Long words.')).toBe(true);
    expect([...head.description].length).toBeLessThanOrEqual(160);
    expect(head.canonicalPath).toBe(`/schools/${SLUG}`);
    expect(head.school).toBe(answer.school);
    expect(head.job).toBeNull();
    expect(head.imagePath).toBe('/media/img/harbour-logo.webp');
    expect(head.feed.path).toBe('/feed.xml?country=south-korea');
  });

  it('describes a school without an about by its kind and place', () => {
    const head = pageHeadAt(`/schools/${SLUG}`, answersFor({ ...answer, school: { ...answer.school, aboutHTML: '' } }));
    expect(head.description).toBe(
      'Harbour Lights Academy: private school in Busan, South Korea, hiring English teachers on TeachEast.',
    );
  });

  it('is a not-found head, not listed, for a school that does not exist', () => {
    const head = pageHeadAt('/schools/nope', {
      [apiPathOf({ kind: 'school', slug: 'nope' })]: {
        error: true,
        message: 'This school was not found.',
        status: 404,
      },
    });
    expect(head.title).toBe('School not found | TeachEast');
    expect(head.noindex).toBe(true);
    expect(head.school ?? null).toBeNull();
  });

  it('names the directory by the place chosen, leaving out what the address gets wrong', () => {
    const tokyo = pageHeadAt('/schools?country=japan&city=Tokyo', {});
    expect(tokyo.title).toBe('Schools in Tokyo, Japan | TeachEast');
    expect(tokyo.canonicalPath).toBe('/schools?country=japan&city=Tokyo');
    expect(tokyo.description).toContain('Tokyo, Japan');
    const wrongCity = pageHeadAt('/schools?country=japan&city=Seoul', {});
    expect(wrongCity.title).toBe('Schools in Japan | TeachEast');
    expect(wrongCity.canonicalPath).toBe('/schools?country=japan');
    const all = pageHeadAt('/schools?country=atlantis', {});
    expect(all.title).toBe('Schools | TeachEast');
    expect(all.canonicalPath).toBe('/schools');
  });
});
