// The anonymous visitor's rendered landing pages, kept under the versions of the answers they show
// (rendered-pages.ts): served again only while nothing they show has changed, by any writer or clock.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { POSTING_LIFETIME_DAYS, SIGNED_IN_COOKIE, apiPathOf, type PageData } from '@teacheast/shared';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeFakeWebDist, type FakeWebDist } from '../../test/fake-web-dist.js';
import { createPublishedJob, createTestApp, createUser, dialect, type TestApp } from '../../test/harness.js';
import { createDb } from '../db/create-db.js';
import type { Deps } from '../deps.js';
import { pageBuildFor } from '../app.js';
import { createRenderedPages, pageBuildOf, serverCodeOf } from './rendered-pages.js';
import { startRenderingAhead } from './render-ahead.js';

const LIFETIME = POSTING_LIFETIME_DAYS * 86_400_000;

/** What the test reads from, and sets in, the render bundle below. */
interface FakeRender {
  /** Pages rendered so far. */
  count: number;
  /** What renderedUntil answers, when set; Infinity otherwise. */
  renderedUntil?: (url: string, answers: Record<string, unknown>, now: number) => number;
}

const fake: FakeRender = { count: 0 };
(globalThis as { fakeRender?: FakeRender }).fakeRender = fake;

// The web app's page table in small: home, a search and a posting, rendered from the real answers.
const RENDER_BUNDLE = `
export const PRERENDERED_ROUTES = ['/', '/jobs', '/posting/:uuid', '/weather'];
export const PRERENDER_DATA_ID = 'prerender-data';
export const LANDING_PAGES = ['home-page', 'jobs-page'];
export function landingPageAt(pathname) {
  return pathname === '/' ? 'home-page' : pathname === '/jobs' ? 'jobs-page' : null;
}
export function pageAt(pathname) {
  if (pathname.startsWith('/posting/')) return 'posting-page';
  return landingPageAt(pathname) ?? 'not-found-page';
}
export function pageDataAt(url) {
  const { pathname, searchParams } = new URL(url, 'http://localhost');
  const config = { kind: 'config' };
  if (pathname.startsWith('/posting/')) {
    return [config, { kind: 'posting', uuid: decodeURIComponent(pathname.slice('/posting/'.length)) }];
  }
  if (pathname === '/jobs') {
    const country = searchParams.get('country');
    if (!country) return null;
    const page = Number(searchParams.get('page') ?? '1');
    return [config, { kind: 'search', country, page }, { kind: 'cities', country }];
  }
  // A kind of answer no server knows, as a bundle built from newer code would ask for.
  if (pathname === '/weather') return [config, { kind: 'weather', city: 'Tokyo' }];
  return pathname === '/' ? [config] : null;
}
const text = (s) => String(s).replace(/[&<>"]/g, (c) => '&#' + c.charCodeAt(0) + ';');
/** The answer under a path that starts so: the server names each by its apiPathOf. */
const answerAt = (answers, start) => Object.entries(answers).find(([path]) => path.startsWith(start))?.[1];
export async function render(url, answers) {
  globalThis.fakeRender.count++;
  const pathname = url.split('?')[0];
  if (pathname.startsWith('/posting/')) {
    const answer = answerAt(answers, '/api/job/');
    if (!answer || answer.error) return { html: '<main>Job not found</main>' };
    const job = answer.job;
    return {
      html: '<main><h1>' + text(job.title) + '</h1><p>' + text(job.companyName) + '</p><p>Status: ' + job.status +
        '</p><p>Saved by ' + job.favoritedBy.length + '</p></main>',
    };
  }
  if (pathname === '/jobs') {
    const tiles = answerAt(answers, '/api/filter-jobs?').results;
    return { html: '<main><ul>' + tiles.map((t) => '<li>' + text(t.title) + '</li>').join('') + '</ul></main>' };
  }
  return { html: '<main>Home</main>' };
}
export function pageHeadAt(url) {
  const pathname = url.split('?')[0];
  return {
    title: 'The page at ' + pathname,
    description: 'All about ' + pathname,
    canonicalPath: pathname,
    noindex: false,
    type: 'website',
    imagePath: null,
    feed: { path: '/feed.xml', title: 'New jobs' },
    job: null,
  };
}
export async function preloadRenderedPages() {}
export function renderedUntil(url, answers, now) {
  const until = globalThis.fakeRender.renderedUntil;
  return until ? until(url, answers, now) : Infinity;
}
`;

let web: FakeWebDist;
beforeAll(() => {
  web = writeFakeWebDist(RENDER_BUNDLE);
});
afterAll(() => web.remove());

describe(`rendered pages kept by version (${dialect})`, () => {
  let t: TestApp;
  let ownerId: string;
  const errors: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { RESPONSE_CACHE_MS: '1000', WEB_DIST: web.dist },
      logStream: { write: (line) => errors.push(line) },
      logLevel: 'error',
    });
    ownerId = (await createUser(t)).id;
  });
  afterAll(async () => t.close());

  /** A GET of the page, with the number of pages it rendered. */
  async function visit(url: string, headers: Record<string, string> = {}) {
    const before = fake.count;
    const res = await t.inject({ method: 'GET', url, headers });
    return { status: res.statusCode, body: res.body, renders: fake.count - before };
  }

  /** The answers the page embeds for the browser to start from. */
  function embedded(body: string): Record<string, unknown> {
    const json = /<script type="application\/json" id="prerender-data">(.*?)<\/script>/.exec(body)?.[1];
    return json === undefined ? {} : (JSON.parse(json) as Record<string, unknown>);
  }

  it("keeps a visitor's posting page through saves, which it shows nobody, and renders it again once its photos change", async () => {
    const jobId = await createPublishedJob(t, ownerId, { title: 'Art Teacher', company_name: 'Sunrise Academy' });
    const first = await visit(`/posting/${jobId}`);
    expect(first).toMatchObject({ status: 200, renders: 1 });
    expect(first.body).toContain('<h1>Art Teacher</h1><p>Sunrise Academy</p><p>Status: published</p><p>Saved by 0');
    expect(embedded(first.body)).toHaveProperty(`/api/job/${jobId}`);
    expect(await visit(`/posting/${jobId}`)).toEqual({ ...first, renders: 0 });

    const fan = await createUser(t);
    const save = await t.inject({ method: 'POST', url: `/api/favorites/${fan.id}/${jobId}`, headers: fan.auth });
    expect(save.statusCode).toBe(200);
    // The posting's answer names its saver at once; its page is the one kept, naming nobody.
    const answer = await t.inject({ method: 'GET', url: `/api/job/${jobId}` });
    expect(answer.json()).toMatchObject({ job: { favoritedBy: [fan.id] } });
    expect(await visit(`/posting/${jobId}`)).toEqual({ ...first, renders: 0 });
    const unsave = await t.inject({
      method: 'POST',
      url: `/api/favorites/remove/${fan.id}/${jobId}`,
      headers: fan.auth,
    });
    expect(unsave.statusCode).toBe(200);
    expect((await t.inject({ method: 'GET', url: `/api/job/${jobId}` })).json()).toMatchObject({
      job: { favoritedBy: [] },
    });
    expect(await visit(`/posting/${jobId}`)).toEqual({ ...first, renders: 0 });

    await t.db
      .insertInto('job_images')
      .values({ id: randomUUID(), job_id: jobId, position: 0, url: '/media/classroom.webp', created_at: t.clock.now() })
      .execute();
    const withPhoto = await visit(`/posting/${jobId}`);
    expect(withPhoto.renders).toBe(1);
    expect(embedded(withPhoto.body)[`/api/job/${jobId}`]).toMatchObject({ job: { images: ['/media/classroom.webp'] } });
  });

  it('sends a kept page gzipped to a client that accepts gzip, and unpacked to one that does not', async () => {
    const jobId = await createPublishedJob(t, ownerId, { title: 'Music Teacher' });
    const url = `/posting/${jobId}`;
    const plain = await t.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['vary']).toMatch(/accept-encoding/i);
    expect(plain.body).toContain('<h1>Music Teacher</h1>');
    for (const acceptEncoding of ['gzip, deflate, br', 'br;q=1, gzip;q=0.5']) {
      const before = fake.count;
      const zipped = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
      expect(fake.count).toBe(before); // the kept page
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(zipped.headers['vary']).toMatch(/accept-encoding/i);
      expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
    }
    const refused = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip;q=0' } });
    expect(refused.headers['content-encoding']).toBeUndefined();
    expect(refused.body).toBe(plain.body);
  });

  it("holds each answer under its descriptor's path, as that path's route answers it, and keeps the page", async () => {
    const jobId = await createPublishedJob(t, ownerId, { country: 'indonesia', city: 'Jakarta', title: 'Maths' });
    const pages = {
      [`/posting/${jobId}`]: [{ kind: 'config' }, { kind: 'posting', uuid: jobId }],
      '/jobs?country=indonesia&page=1': [
        { kind: 'config' },
        { kind: 'search', country: 'indonesia', page: 1 },
        { kind: 'cities', country: 'indonesia' },
      ],
    } satisfies Record<string, PageData[]>;
    for (const [url, data] of Object.entries(pages)) {
      const first = await visit(url);
      expect(first, url).toMatchObject({ status: 200, renders: 1 });
      const answers = embedded(first.body);
      expect(Object.keys(answers), url).toEqual(data.map(apiPathOf));
      for (const [apiPath, answer] of Object.entries(answers)) {
        const routed = await t.inject({ method: 'GET', url: apiPath });
        expect(routed.statusCode, apiPath).toBe(200);
        expect(answer, apiPath).toEqual(routed.json());
      }
      // Every kind it is made of has a version: the page is kept.
      expect(await visit(url), url).toEqual({ ...first, renders: 0 });
    }
  });

  it('refuses loudly a page that needs a kind of answer the server does not know, rather than render it unkept', async () => {
    errors.length = 0;
    for (let i = 0; i < 2; i++) {
      const res = await visit('/weather');
      expect(res).toMatchObject({ status: 200, renders: 0 });
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('prerender-data');
    }
    const failures = errors.filter((line) => line.includes('page render failed'));
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatch(/kind weather/);
  });

  it('shows a change written through another connection (another instance, an operator) at the next visit', async () => {
    const jobId = await createPublishedJob(t, ownerId, { title: 'Art Teacher' });
    expect((await visit(`/posting/${jobId}`)).renders).toBe(1);
    expect((await visit(`/posting/${jobId}`)).renders).toBe(0);
    const other = createDb(t.config.databaseUrl);
    try {
      await sql`update jobs set title = ${'Music Teacher'} where id = ${jobId}`.execute(other);
    } finally {
      await other.destroy();
    }
    const changed = await visit(`/posting/${jobId}`);
    expect(changed.renders).toBe(1);
    expect(changed.body).toContain('<h1>Music Teacher</h1>');
    expect(changed.body).not.toContain('Art Teacher');
  });

  it('never keeps a page that was not found', async () => {
    for (const url of [`/posting/${randomUUID()}`, '/posting/not-an-id']) {
      const first = await visit(url);
      expect(first, url).toMatchObject({ status: 404, renders: 1 });
      expect(first.body).toContain('<main>Job not found</main>');
      expect((await visit(url)).renders, url).toBe(1);
    }
    // A draft is not found by visitors; published, it is the page they get at once.
    const draftId = await createPublishedJob(t, ownerId, { title: 'Draft Teacher', published_at: null });
    expect(await visit(`/posting/${draftId}`)).toMatchObject({ status: 404, renders: 1 });
    await t.db.updateTable('jobs').set({ published_at: t.clock.now() }).where('id', '=', draftId).execute();
    const published = await visit(`/posting/${draftId}`);
    expect(published).toMatchObject({ status: 200, renders: 1 });
    expect(published.body).toContain('<h1>Draft Teacher</h1>');
  });

  it('gives members the app shell, never the kept page, and keeps nothing for them', async () => {
    const jobId = await createPublishedJob(t, ownerId, { title: 'Art Teacher' });
    for (const cookie of [`${SIGNED_IN_COOKIE}=1`, `theme=dark; ${SIGNED_IN_COOKIE}=1`]) {
      const member = await visit(`/posting/${jobId}`, { cookie });
      expect(member).toMatchObject({ status: 200, renders: 0 });
      expect(member.body).toContain('<div id="root"></div>');
      expect(member.body).not.toContain('prerender-data');
      expect(member.body).not.toContain('Art Teacher');
    }
    const visitor = await visit(`/posting/${jobId}`);
    expect(visitor.renders).toBe(1);
    const member = await visit(`/posting/${jobId}`, { cookie: `${SIGNED_IN_COOKIE}=1` });
    expect(member).toMatchObject({ status: 200, renders: 0 });
    expect(member.body).not.toContain('prerender-data');
    expect(member.body).not.toBe(visitor.body);
    // A signed-out browser (the cookie gone or not 1) is a visitor again, and gets the kept page.
    expect(await visit(`/posting/${jobId}`, { cookie: `${SIGNED_IN_COOKIE}=0` })).toEqual({ ...visitor, renders: 0 });
  });

  it('keeps a search page until a job is published in its country', async () => {
    await createPublishedJob(t, ownerId, { country: 'vietnam', city: 'Hanoi', title: 'Hanoi Teacher' });
    const first = await visit('/jobs?country=vietnam');
    expect(first).toMatchObject({ status: 200, renders: 1 });
    expect(first.body).toContain('<ul><li>Hanoi Teacher</li></ul>');
    expect(await visit('/jobs?country=vietnam')).toEqual({ ...first, renders: 0 });

    await createPublishedJob(t, ownerId, {
      country: 'vietnam',
      city: 'Da Nang',
      title: 'Da Nang Teacher',
      published_at: t.clock.now() + 1000,
    });
    const second = await visit('/jobs?country=vietnam');
    expect(second.renders).toBe(1);
    expect(second.body).toContain('<ul><li>Da Nang Teacher</li><li>Hanoi Teacher</li></ul>');
    expect(embedded(second.body)['/api/jobs/cities/vietnam']).toEqual([
      { city: 'Da Nang', count: 1 },
      { city: 'Hanoi', count: 1 },
    ]);
    expect(await visit('/jobs?country=vietnam')).toEqual({ ...second, renders: 0 });
  });

  it('keeps a search page again without a render when a change to its country leaves its answers as they were', async () => {
    const shown = await createPublishedJob(t, ownerId, { country: 'thailand', city: 'Bangkok', title: 'Shown' });
    const first = await visit('/jobs?country=thailand');
    expect(first).toMatchObject({ status: 200, renders: 1 });
    expect(first.body).toContain('<ul><li>Shown</li></ul>');

    // An edit of the job it shows, to what a tile does not show (its contact address), moves the
    // country's version: the page's answers, read again, are those it was rendered from.
    const versionOf = async () =>
      Number(
        (
          await t.db
            .selectFrom('content_versions')
            .select('version')
            .where('name', '=', 'jobs:thailand')
            .executeTakeFirstOrThrow()
        ).version,
      );
    const before = await versionOf();
    await t.db.updateTable('jobs').set({ email: 'jobs@shown.example' }).where('id', '=', shown).execute();
    expect(await versionOf()).toBeGreaterThan(before);
    expect(await visit('/jobs?country=thailand')).toEqual({ ...first, renders: 0 });
    expect(await visit('/jobs?country=thailand')).toEqual({ ...first, renders: 0 });

    // A change to what it shows is rendered.
    await t.db.updateTable('jobs').set({ title: 'Shown again' }).where('id', '=', shown).execute();
    const changed = await visit('/jobs?country=thailand');
    expect(changed.renders).toBe(1);
    expect(changed.body).toContain('<ul><li>Shown again</li></ul>');
  });

  it("keeps a page no longer than the render bundle's renderedUntil says it reads the same", async () => {
    const jobId = await createPublishedJob(t, ownerId, { title: 'Art Teacher' });
    const calls: { url: string; answers: Record<string, unknown>; now: number }[] = [];
    fake.renderedUntil = (url, answers, now) => {
      calls.push({ url, answers, now });
      return now + 1000;
    };
    try {
      const renderedAt = t.clock.now();
      expect((await visit(`/posting/${jobId}`)).renders).toBe(1);
      // Asked with the page's address, the answers it was rendered with, and the server's clock.
      expect(calls).toHaveLength(1);
      expect(calls[0]!.url).toBe(`/posting/${jobId}`);
      expect(calls[0]!.answers[`/api/job/${jobId}`]).toMatchObject({ job: { uuid: jobId, title: 'Art Teacher' } });
      expect(calls[0]!.now).toBe(renderedAt);
      t.clock.advance(999);
      expect((await visit(`/posting/${jobId}`)).renders).toBe(0);
      t.clock.advance(1);
      expect((await visit(`/posting/${jobId}`)).renders).toBe(1);

      // A page that reads differently from the next moment on is never kept.
      fake.renderedUntil = (_url, _answers, now) => now;
      const otherId = await createPublishedJob(t, ownerId, { title: 'Art Teacher' });
      expect((await visit(`/posting/${otherId}`)).renders).toBe(1);
      expect((await visit(`/posting/${otherId}`)).renders).toBe(1);
    } finally {
      fake.renderedUntil = undefined;
    }
  });

  // Last: these move the clock past every posting's lifetime.
  it('renders a posting again, closed, the moment its 45 days end', async () => {
    const jobId = await createPublishedJob(t, ownerId, { title: 'Art Teacher' });
    const publishedAt = t.clock.now();
    const open = await visit(`/posting/${jobId}`);
    expect(open.body).toContain('Status: published');
    t.clock.set(publishedAt + LIFETIME - 1);
    expect(await visit(`/posting/${jobId}`)).toEqual({ ...open, renders: 0 });
    t.clock.set(publishedAt + LIFETIME);
    const closed = await visit(`/posting/${jobId}`);
    expect(closed).toMatchObject({ status: 200, renders: 1 });
    expect(closed.body).toContain('Status: expired');
    expect(await visit(`/posting/${jobId}`)).toEqual({ ...closed, renders: 0 });
  });

  it('renders a search page again when its oldest job expires', async () => {
    const now = t.clock.now();
    await createPublishedJob(t, ownerId, {
      country: 'taiwan',
      city: 'Taipei',
      title: 'Older Teacher',
      published_at: now,
    });
    await createPublishedJob(t, ownerId, {
      country: 'taiwan',
      city: 'Taipei',
      title: 'Newer Teacher',
      published_at: now + 1000,
    });
    const both = await visit('/jobs?country=taiwan');
    expect(both.body).toContain('<ul><li>Newer Teacher</li><li>Older Teacher</li></ul>');
    t.clock.set(now + LIFETIME - 1);
    expect(await visit('/jobs?country=taiwan')).toEqual({ ...both, renders: 0 });
    t.clock.set(now + LIFETIME);
    const one = await visit('/jobs?country=taiwan');
    expect(one.renders).toBe(1);
    expect(one.body).toContain('<ul><li>Newer Teacher</li></ul>');
    // Then the next oldest: kept until it expires in turn, and not a moment longer.
    t.clock.set(now + 1000 + LIFETIME - 1);
    expect(await visit('/jobs?country=taiwan')).toEqual({ ...one, renders: 0 });
    t.clock.set(now + 1000 + LIFETIME);
    const none = await visit('/jobs?country=taiwan');
    expect(none.renders).toBe(1);
    expect(none.body).not.toContain('Newer Teacher');
  });
});

describe(`postings' pages kept in the database and rendered ahead (${dialect})`, () => {
  let t: TestApp;
  let ownerId: string;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { RESPONSE_CACHE_MS: '1000', WEB_DIST: web.dist },
      logStream: { write: (line) => lines.push(line) },
      logLevel: 'info',
    });
    ownerId = (await createUser(t)).id;
  });
  afterAll(async () => t.close());

  const storedPage = (jobId: string) =>
    t.db.selectFrom('posting_pages').selectAll().where('job_id', '=', jobId).executeTakeFirst();
  const jobVersion = async (jobId: string) =>
    Number((await t.db.selectFrom('jobs').select('version').where('id', '=', jobId).executeTakeFirstOrThrow()).version);

  /** One walk of the server's renders ahead, to its end. */
  async function walkOnce(): Promise<number> {
    let rendered = 0;
    let passed: () => void = () => {};
    const done = new Promise<void>((resolve) => (passed = resolve));
    const ahead = startRenderingAhead(t.app, t.deps, pageBuildFor(t.deps), {
      onPass: (n) => {
        rendered = n;
        passed();
      },
    });
    await done;
    await ahead.stop();
    return rendered;
  }

  it('keeps a visit’s page in memory only; the walk stores it, where a server started later finds it', async () => {
    const jobId = await createPublishedJob(t, ownerId, { title: 'Drama Teacher' });
    const url = `/posting/${jobId}`;
    const data: PageData[] = [{ kind: 'config' }, { kind: 'posting', uuid: jobId }];
    const before = fake.count;
    const first = await t.inject({ method: 'GET', url });
    expect(fake.count - before).toBe(1);
    expect(await storedPage(jobId)).toBeUndefined();

    expect(await walkOnce()).toBeGreaterThanOrEqual(1);
    const row = await storedPage(jobId);
    expect(row).toMatchObject({
      job_version: await jobVersion(jobId),
      status: 'published',
      build: pageBuildFor(t.deps),
    });
    expect(gunzipSync(row!.gzipped).toString()).toBe(first.body);
    // Another process on the same database, with nothing in memory.
    const restarted = createRenderedPages(t.deps, pageBuildFor(t.deps))!;
    expect((await restarted.open(url, data)).kept?.equals(row!.gzipped)).toBe(true);
    // A page with a query is another address: kept in memory only, never stored.
    expect((await restarted.open(`${url}?ref=mail`, data)).kept).toBeUndefined();
    // Not by a server whose pages show other settings (another address, the payments' mode).
    const elsewhere = { ...t.deps, config: { ...t.deps.config, publicUrl: 'https://elsewhere.example' } };
    expect((await createRenderedPages(elsewhere, pageBuildFor(elsewhere))!.open(url, data)).kept).toBeUndefined();
    const live = { ...t.deps, payments: { ...t.deps.payments, name: 'stripe' as const } };
    expect(pageBuildFor(live)).not.toBe(pageBuildFor(t.deps));
    // Stored by another build (before a deploy), or before a change: not served.
    await t.db.updateTable('posting_pages').set({ build: 'the previous build' }).where('job_id', '=', jobId).execute();
    expect((await createRenderedPages(t.deps, pageBuildFor(t.deps))!.open(url, data)).kept).toBeUndefined();
    expect(await walkOnce()).toBe(1);
    expect((await storedPage(jobId))?.build).toBe(pageBuildFor(t.deps));
    await t.db.updateTable('posting_pages').set({ job_version: -1 }).where('job_id', '=', jobId).execute();
    expect((await createRenderedPages(t.deps, pageBuildFor(t.deps))!.open(url, data)).kept).toBeUndefined();
  });

  it('renders the live postings ahead of any visit, again after a change, and never a draft or a closed one', async () => {
    await t.db.deleteFrom('posting_pages').execute();
    const live = await Promise.all(
      ['Maths', 'Science', 'History'].map((title) => createPublishedJob(t, ownerId, { title: `${title} Teacher` })),
    );
    const draft = await createPublishedJob(t, ownerId, { title: 'Draft Teacher', published_at: null });
    const closed = await createPublishedJob(t, ownerId, {
      title: 'Closed Teacher',
      published_at: t.clock.now() - LIFETIME - 1,
    });
    const passes: number[] = [];
    let passed: () => void = () => {};
    const nextPass = () => new Promise<void>((resolve) => (passed = resolve));
    let first = nextPass();
    const errors: unknown[] = [];
    const ahead = startRenderingAhead(t.app, t.deps, pageBuildFor(t.deps), {
      onPass: (rendered) => {
        passes.push(rendered);
        passed();
      },
      onError: (err) => errors.push(err),
      passPauseMs: 1,
    });
    try {
      await first;
      const stored = await t.db.selectFrom('posting_pages').select('job_id').execute();
      // Every live posting of this file's earlier tests too; none of the draft or the closed one.
      expect(stored.map((r) => r.job_id)).toEqual(expect.arrayContaining(live));
      expect(stored.map((r) => r.job_id)).not.toContain(draft);
      expect(stored.map((r) => r.job_id)).not.toContain(closed);
      expect(passes[0]).toBe(stored.length);

      // A visit now is sent the page rendered ahead.
      const before = fake.count;
      const visit = await t.inject({ method: 'GET', url: `/posting/${live[0]}` });
      expect(visit.body).toContain('<h1>Maths Teacher</h1>');
      expect(fake.count).toBe(before);

      // A save leaves every page current: the passes after it render nothing.
      const fan = await createUser(t);
      const save = await t.inject({ method: 'POST', url: `/api/favorites/${fan.id}/${live[1]}`, headers: fan.auth });
      expect(save.statusCode).toBe(200);
      const atSave = passes.length;
      for (let i = 0; i < 2; i++) {
        first = nextPass();
        await first;
      }
      expect(passes.slice(atSave)).toEqual([0, 0]);

      // An edit moves the posting's version: the next pass renders it, and only it.
      await t.db.updateTable('jobs').set({ company_name: 'Moonrise Academy' }).where('id', '=', live[1]!).execute();
      const atEdit = passes.length;
      for (let i = 0; i < 2; i++) {
        first = nextPass();
        await first;
      }
      expect(passes.slice(atEdit).reduce((a, b) => a + b, 0)).toBe(1);
      const edited = await storedPage(live[1]!);
      expect(edited?.job_version).toBe(await jobVersion(live[1]!));
      expect(gunzipSync(edited!.gzipped).toString()).toContain(
        '<p>Moonrise Academy</p><p>Status: published</p><p>Saved by 0',
      );
    } finally {
      await ahead.stop();
    }
    expect(errors).toEqual([]);
    // The walk's own requests are not logged; a visitor's are, even one that names the header.
    expect(lines.filter((line) => line.includes(`/posting/${live[2]}`))).toEqual([]);
    await t.inject({ method: 'GET', url: `/posting/${live[2]}`, headers: { 'x-render-ahead': 'a guess' } });
    expect(lines.filter((line) => line.includes(`/posting/${live[2]}`)).length).toBeGreaterThan(0);
  });
});

describe(`rendered pages with RESPONSE_CACHE_MS=0 (${dialect})`, () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ env: { RESPONSE_CACHE_MS: '0', WEB_DIST: web.dist } });
  });
  afterAll(async () => t.close());

  it('renders every visit', async () => {
    const owner = await createUser(t);
    const jobId = await createPublishedJob(t, owner.id, { title: 'Art Teacher', country: 'china', city: 'Beijing' });
    for (const url of [`/posting/${jobId}`, '/jobs?country=china', '/']) {
      const before = fake.count;
      const bodies = new Set<string>();
      for (let i = 0; i < 3; i++) bodies.add((await t.inject({ method: 'GET', url })).body);
      expect(fake.count - before, url).toBe(3);
      expect(bodies.size, url).toBe(1);
    }
    expect(await t.db.selectFrom('posting_pages').select('job_id').execute()).toEqual([]);
  });
});

describe('the kept pages’ memory', () => {
  it('holds each page in bytes of its own, not in the compressor’s whole output chunk', async () => {
    const deps = { config: { responseCacheMs: 60_000 }, clock: { now: () => 0 } } as unknown as Deps;
    const pages = createRenderedPages(deps, 'build')!;
    const html = Buffer.from(`<main>${'<p>Teach English to young learners in Seoul.</p>'.repeat(300)}</main>`);
    const page = await pages.open('/', [{ kind: 'config' }]);
    const kept = (await page.keep(html, () => Infinity, {}))!;
    expect(gunzipSync(kept).equals(html)).toBe(true);
    // zlib's own answer is a view of a 64 KB chunk, and a Buffer.from copy a slice of a pool as large.
    expect(kept.buffer.byteLength).toBe(kept.length);
  });
});

describe('the build a stored page was rendered by', () => {
  it('changes with any file of the server’s split bundle, a chunk’s as much as the entry’s', () => {
    const web = writeFakeWebDist('export {};');
    const server = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-server-'));
    try {
      const entry = path.join(server, 'server.js');
      fs.writeFileSync(entry, 'import("./chunks/stripe-AAAA.js");');
      fs.mkdirSync(path.join(server, 'chunks'));
      fs.writeFileSync(path.join(server, 'chunks/stripe-AAAA.js'), 'export const a = 1;');
      fs.writeFileSync(path.join(server, 'chunks/chunk-BBBB.js'), 'export const b = 1;');
      const code = serverCodeOf(entry);
      expect(code).toEqual([
        entry,
        path.join(server, 'chunks/chunk-BBBB.js'),
        path.join(server, 'chunks/stripe-AAAA.js'),
      ]);

      const before = pageBuildOf(web.dist, {}, serverCodeOf(entry));
      expect(pageBuildOf(web.dist, {}, serverCodeOf(entry))).toBe(before);
      fs.writeFileSync(path.join(server, 'chunks/chunk-BBBB.js'), 'export const b = 2;');
      const changed = pageBuildOf(web.dist, {}, serverCodeOf(entry));
      expect(changed).not.toBe(before);
      expect(pageBuildOf(web.dist, { publicUrl: 'https://elsewhere.example' }, serverCodeOf(entry))).not.toBe(changed);
      // Run from its sources (no chunks beside this module), the code is the module alone.
      expect(serverCodeOf(path.join(web.dist, 'index.html'))).toEqual([path.join(web.dist, 'index.html')]);
    } finally {
      web.remove();
      fs.rmSync(server, { recursive: true, force: true });
    }
  });
});
