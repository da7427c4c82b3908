// @vitest-environment node
// The server's render (entry-server.tsx) renders a page in one synchronous pass once the page's code
// has loaded, and waits for the code otherwise: both must give the same page, whole.
import type { SiteConfig } from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import { render } from './entry-server';
import { jobAnswerPath } from './app/prerender';
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
    const answers = { '/api/config': config, [jobAnswerPath(uuid)]: { job } };
    const options = { sanitizeHtml: (html: string) => html };

    const first = await render(url, answers, options);
    const second = await render(url, answers, options);

    expect(first?.html).toContain('Kindergarten Teacher');
    expect(first?.html).toContain('<strong>happy</strong>');
    expect(first?.html).not.toContain(UNFINISHED);
    // No progress bar for code that was loading while the page rendered.
    expect(first?.html).not.toContain('route-progress');
    expect(second?.html).toBe(first?.html);
  });
});
