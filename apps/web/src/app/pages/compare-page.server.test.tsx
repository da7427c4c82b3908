// @vitest-environment node
// The compare page as the server renders it (entry-server.tsx): the table whole in the HTML, with
// the words that mark what differs, and the same page again from the layout kept of the first.
import { apiPathOf, type Job, type SiteConfig } from '@teacheast/shared';
import { beforeEach, describe, expect, it } from 'vitest';
import { forgetFrames, render } from '../../entry-server';
import { comparePath } from '../../features/jobs/compare-api';
import { publishedJob } from '../../testing/published-job';

const config: SiteConfig = {
  paymentProvider: 'test',
  blogUrl: 'https://blog.example',
  socialUrl: 'https://social.example',
};
const options = { sanitizeHtml: (html: string) => html };
const tokyo: Job = { ...publishedJob, salary: null, badges: [], terms: null };
const osaka: Job = {
  ...tokyo,
  uuid: '1a2b3c4d-0000-4000-8000-000000000002',
  companyName: 'Osaka Lingo',
  city: 'Osaka',
};
const GONE = '1a2b3c4d-0000-4000-8000-000000000003';

function comparing(ids: string[], answer: unknown) {
  return {
    url: comparePath(ids),
    answers: { '/api/config': config, [apiPathOf({ kind: 'compare', ids })]: answer },
  };
}

describe("the compare page's server render", () => {
  beforeEach(() => forgetFrames());

  it('holds the whole table and the jobs gone, and comes out the same from the kept layout', async () => {
    const first = comparing([tokyo.uuid, osaka.uuid, GONE], { jobs: [tokyo, osaka], missing: [GONE] });
    const page = await render(first.url, first.answers, options);
    expect(page?.madeFrom).toBe('whole');
    const html = page!.html;
    expect(html).not.toContain('<!--$!-->');
    expect(html).toContain('<caption');
    expect(html).toContain('Pay and conditions of 2 jobs, side by side');
    expect(html).toContain('<th scope="row"');
    expect(html).toContain('Osaka Lingo');
    expect(html).toContain('Differs');
    expect(html).toContain('Not stated');
    expect(html).toContain('no longer available');

    const second = comparing([osaka.uuid, tokyo.uuid], { jobs: [osaka, tokyo], missing: [] });
    forgetFrames();
    const whole = (await render(second.url, second.answers, options))!.html;
    forgetFrames();
    await render(first.url, first.answers, options);
    const framed = await render(second.url, second.answers, options);
    expect(framed?.madeFrom).toBe('frame');
    expect(framed?.html).toBe(whole);
  });

  it('renders the message of a page without ids and of ids that cannot be compared', async () => {
    const bare = await render('/compare', { '/api/config': config }, options);
    expect(bare?.html).toContain('Go to your saved jobs');
    const refused = comparing(['nope'], { error: true, message: 'ids.0: Not a valid id', status: 400 });
    const page = await render(refused.url, refused.answers, options);
    expect(page?.html).toContain('This address does not name jobs that can be compared.');
  });
});
