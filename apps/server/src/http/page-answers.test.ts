// A rendered landing page's answers are read without HTTP (page-answers.ts): each must be exactly what
// the route answers a visitor who is not logged in, and anything the readers do not take is left to
// the route, which answers it with its exact error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../test/harness.js';
import { createPageAnswers, type PageAnswers } from './page-answers.js';

describe(`page answers read as the routes read them (${dialect})`, () => {
  let t: TestApp;
  let answers: PageAnswers;
  let live: string;
  let draft: string;

  beforeAll(async () => {
    t = await createTestApp();
    answers = createPageAnswers(t.deps);
    const owner = await createUser(t);
    const saver = await createUser(t);
    live = await createPublishedJob(t, owner.id, {
      country: 'japan',
      city: 'Tokyo',
      title: 'English teacher <b>&amp;</b> "mentor"',
      description_html: '<p>Kids &amp; <strong>teens</strong></p><script>alert(1)</script>',
    });
    await createPublishedJob(t, owner.id, { country: 'japan', city: 'Osaka' });
    draft = await createPublishedJob(t, owner.id, { country: 'japan', published_at: null });
    const saved = await t.inject({ method: 'POST', url: `/api/favorites/${saver.id}/${live}`, headers: saver.auth });
    expect(saved.statusCode).toBe(200);
  });
  afterAll(async () => t.close());

  const routed = async (apiPath: string) => {
    const res = await t.inject({ method: 'GET', url: apiPath });
    expect(res.statusCode, apiPath).toBe(200);
    return res.json<unknown>();
  };

  it.each([
    () => `/api/job/${live}`,
    () => '/api/filter-jobs?country=japan&page=1',
    () => '/api/filter-jobs?country=japan&city=Tokyo&page=1',
    () => '/api/filter-jobs?country=japan&q=mentor&page=1',
    () => '/api/jobs/cities/japan',
    () => '/api/jobs/cities/vietnam',
  ])('answers %# as its route does', async (pathOf) => {
    const apiPath = pathOf();
    const direct = answers.read(apiPath);
    expect(direct, apiPath).toBeDefined();
    expect(await direct).toEqual(await routed(apiPath));
  });

  it('leaves to the route what it does not take or finds nothing at', async () => {
    for (const apiPath of [
      `/api/job/${draft}`,
      '/api/job/00000000-0000-4000-8000-000000000000',
      '/api/job/not-a-uuid',
      '/api/job/%E0%A4%A',
      '/api/filter-jobs?country=atlantis&page=1',
      '/api/filter-jobs?country=japan&page=0',
      '/api/jobs/cities/atlantis',
      '/api/config',
      '/api/resumes',
    ]) {
      const direct = answers.read(apiPath);
      expect(direct === undefined ? undefined : await direct, apiPath).toBeUndefined();
    }
  });

  it('keeps the site configuration the route gave, and nothing else', async () => {
    const config = await routed('/api/config');
    answers.keepStatic('/api/config', config);
    answers.keepStatic('/api/jobs/cities/japan', []);
    expect(await answers.read('/api/config')).toEqual(config);
    expect(await answers.read('/api/jobs/cities/japan')).toEqual(await routed('/api/jobs/cities/japan'));
  });
});
