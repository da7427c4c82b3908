// @vitest-environment node
// The server's render (entry-server.tsx) renders a page in one synchronous pass once the page's code
// has loaded, and waits for the code otherwise: both must give the same page, whole. After a whole
// render it renders only the page and puts it in the layout kept from that render, which must give
// the same page byte for byte, or the browser's take-over would not match.
import { AsyncLocalStorage } from 'node:async_hooks';
import { apiPathOf, type Job, type SiteConfig } from '@teacheast/shared';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetFrames, render } from './entry-server';
import { PUBLISHED_JOB_UUID, publishedJob } from './testing/published-job';

const uuid = PUBLISHED_JOB_UUID;
const job = publishedJob;
const config: SiteConfig = {
  paymentProvider: 'test',
  blogUrl: 'https://blog.example',
  socialUrl: 'https://social.example',
};

/** How React marks a boundary it left for the browser to finish. */
const UNFINISHED = '<!--$!-->';

describe("the server's render", () => {
  it('renders a page whose code had not loaded the same as once it has, whole', async () => {
    const url = `/posting/${uuid}`;
    const answers = { '/api/config': config, [apiPathOf({ kind: 'posting', uuid })]: { job } };
    const options = { sanitizeHtml: (html: string) => html };

    // Node's stream build of React runs its render in an AsyncLocalStorage, which turns on Node's
    // promise hooks for the rest of the server's life: every promise of every request would pay.
    const storageRun = vi.spyOn(AsyncLocalStorage.prototype, 'run');
    const storageEnter = vi.spyOn(AsyncLocalStorage.prototype, 'enterWith');
    const first = await render(url, answers, options);
    const second = await render(url, answers, options);
    const storageUses = storageRun.mock.calls.length + storageEnter.mock.calls.length;
    vi.restoreAllMocks();
    expect(storageUses).toBe(0);

    expect(first?.html).toContain('Kindergarten Teacher');
    expect(first?.html).toContain('<strong>happy</strong>');
    expect(first?.html).not.toContain(UNFINISHED);
    // No progress bar for code that was loading while the page rendered.
    expect(first?.html).not.toContain('route-progress');
    expect(second?.html).toBe(first?.html);
  });
});

describe("the server's render from a kept layout", () => {
  const options = { sanitizeHtml: (html: string) => html };
  const posting = (job: Job) => ({
    url: `/posting/${job.uuid}`,
    answers: { '/api/config': config, [apiPathOf({ kind: 'posting', uuid: job.uuid })]: { job } },
  });
  const variant = (n: number, changes: Partial<Job>): Job => ({
    ...job,
    uuid: `${uuid.slice(0, -2)}${String(n).padStart(2, '0')}`,
    ...changes,
  });
  const postings = [
    posting(job),
    posting(variant(1, { title: 'Art Teacher', companyName: 'Maple <School>', city: '', pay: '' })),
    posting(variant(2, { phone: '+81 3 1234 5678', link: 'https://school.example', thumbnail: null })),
    posting(variant(3, { status: 'expired', images: ['/media/a.webp', '/media/b.webp'] })),
    posting(variant(4, { country: 'vietnam', descriptionHTML: '<ul><li>One</li><li>Two &amp; three</li></ul>' })),
  ];
  const missing = {
    url: `/posting/${uuid.slice(0, -2)}99`,
    answers: {
      '/api/config': config,
      [apiPathOf({ kind: 'posting', uuid: `${uuid.slice(0, -2)}99` })]: {
        error: true,
        message: 'No such job',
        status: 404,
      },
    },
  };
  const search = (country: string, page: number, results: Job[]) => ({
    url: `/jobs?country=${country}&page=${page}`,
    answers: {
      '/api/config': config,
      [apiPathOf({ kind: 'search', country, page })]: { results },
      [apiPathOf({ kind: 'cities', country })]: [{ city: 'Tokyo', count: results.length }],
    },
  });
  const pages = [
    ...postings,
    missing,
    search('japan', 1, [job, variant(5, { title: 'Head Teacher' })]),
    search('japan', 2, []),
    search('thailand', 1, [variant(6, { country: 'thailand', city: 'Bangkok' })]),
    { url: '/', answers: { '/api/config': config } },
    { url: '/no-such-page/at-all', answers: { '/api/config': config } },
  ];

  /** Each page rendered whole, as the first render of its kind always is. */
  const wholeRenders = async (list: typeof pages) => {
    const whole: string[] = [];
    for (const { url, answers } of list) {
      forgetFrames();
      const page = await render(url, answers, options);
      expect(page?.madeFrom).toBe('whole');
      whole.push(page!.html);
    }
    return whole;
  };

  beforeEach(() => forgetFrames());

  it('gives every page byte for byte as its whole render, each kind after its first from the kept layout', async () => {
    const whole = await wholeRenders(pages);
    forgetFrames();
    const madeFrom: string[] = [];
    for (const [i, { url, answers }] of pages.entries()) {
      const page = await render(url, answers, options);
      madeFrom.push(page!.madeFrom);
      expect(page?.html, url).toBe(whole[i]);
    }
    // The first posting, the first search, the home page and the unknown path are rendered whole;
    // every other posting (the one not found too) and search comes from its kind's layout.
    expect(madeFrom).toEqual([
      'whole',
      'frame',
      'frame',
      'frame',
      'frame',
      'frame',
      'whole',
      'frame',
      'frame',
      'whole',
      'whole',
    ]);
    // Each page alone is in it once, in <main>.
    expect(whole[1]).toContain('Maple &lt;School&gt;');
    expect(whole[1]!.match(/<main /g)).toHaveLength(1);
  });

  it('keeps the layout for a copy of the same site configuration', async () => {
    const [first, ...rest] = postings;
    const copies = rest.map((p) => ({ ...p, answers: { ...p.answers, '/api/config': { ...config } } }));
    const whole = await wholeRenders(copies);
    forgetFrames();
    await render(first!.url, first!.answers, options);
    for (const [i, { url, answers }] of copies.entries()) {
      const page = await render(url, answers, options);
      expect(page?.madeFrom).toBe('frame');
      expect(page?.html).toBe(whole[i]);
    }
  });

  it('learns the layout again when the site configuration changes (the test-mode banner comes and goes)', async () => {
    const live: SiteConfig = { ...config, paymentProvider: 'stripe', stripePublishableKey: 'pk_live_x' };
    const withLive = postings.map((p) => ({ ...p, answers: { ...p.answers, '/api/config': live } }));
    const [testMode, liveMode] = [await wholeRenders(postings), await wholeRenders(withLive)];
    expect(testMode[0]).not.toBe(liveMode[0]);
    forgetFrames();
    for (const [i, list] of [postings, withLive, postings].entries()) {
      const expected = i === 1 ? liveMode : testMode;
      const made = [];
      for (const [j, { url, answers }] of list.entries()) {
        const page = await render(url, answers, options);
        made.push(page!.madeFrom);
        expect(page?.html).toBe(expected[j]);
      }
      expect(made[0]).toBe('whole');
      expect(made.slice(1)).toEqual(made.slice(1).map(() => 'frame'));
    }
  });
});
