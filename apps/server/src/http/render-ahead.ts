// Renders the live postings ahead of their first visitor (features/job-board/posting-pages.ts): a
// posting published or changed, or every posting after a deploy, has its page stored before a crawler
// or a teacher asks for it, and a first visit is sent a page rather than waiting for a render. A
// pass walks every job by id, a window at a time, from a point drawn at random (two instances mostly
// take different postings), and renders each one whose page is not stored at its version by this
// build through the page's own route, as an anonymous visitor who accepts gzip, so what is stored is
// what a visit would have rendered (the route stores the walk's render, server-render.ts). Then it waits, and walks again.
// It gives way to visitors: after each render and each window of jobs read it lets the requests that
// arrived meanwhile go first; after each run of RUN_MS it rests, and while requests kept the event loop
// busy during the rest it renders one posting a rest of REST_BUSY_MS.
import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setImmediate, setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../deps.js';
import { postingsToRender } from '../features/job-board/posting-pages.js';

/**
 * Marks the walk's own requests, by a token this process alone knows, so they are not logged: after a
 * deploy a walk renders every live posting. A client that sends the header without the token is logged.
 */
const HEADER = 'x-render-ahead';
const TOKEN = randomBytes(16).toString('hex');

/** Whether a request is the walk's own (app.ts: disableRequestLogging). */
export const isRenderingAhead = (request: { headers: Record<string, string | string[] | undefined> }): boolean =>
  request.headers[HEADER] === TOKEN;

/** Jobs read at a time while walking. */
const WINDOW = 500;
/** On an idle server: renders for this long, then rests REST_MS. */
const RUN_MS = 20;
const REST_MS = 5;
/** Past this share of a rest spent answering requests, the server is busy. */
const BUSY = 0.1;
/** On a busy server: one render, then this rest. */
const REST_BUSY_MS = 100;
/** Between passes: at least this, and at least PASS_FACTOR times what the last walk's reads took. */
const PASS_PAUSE_MS = 30_000;
const PASS_FACTOR = 50;

export interface RenderAhead {
  /** Ends the walk; resolves once the render under way, if any, is done. */
  stop(): Promise<void>;
}

export function startRenderingAhead(
  app: FastifyInstance,
  deps: Deps,
  build: string,
  options: {
    /** Told of a pass that failed (the database away); the next pass starts as usual. */
    onError?: (err: unknown) => void;
    /** Told of each pass ended, with the postings it rendered (tests, logs). */
    onPass?: (rendered: number) => void;
    passPauseMs?: number;
  } = {},
): RenderAhead {
  const controller = new AbortController();
  const { signal } = controller;

  /** Renders one posting's page as a visit would, storing it; false when the page did not render. */
  async function render(jobId: string): Promise<boolean> {
    const res = await app.inject({
      method: 'GET',
      url: `/posting/${jobId}`,
      headers: { 'accept-encoding': 'gzip', [HEADER]: TOKEN },
    });
    return res.statusCode === 200;
  }

  /** Waits `ms`, or less when the walk is stopped. */
  const rest = (ms: number) => sleep(ms, undefined, { signal }).catch(() => undefined);

  /** Renders for RUN_MS at a time, resting between runs, and longer while visitors keep the server busy. */
  let runStarted = performance.now();
  async function giveWay(): Promise<void> {
    // The requests that arrived meanwhile are taken first (the next poll of the event loop).
    await setImmediate();
    if (performance.now() - runStarted < RUN_MS) return;
    const before = performance.eventLoopUtilization();
    await rest(REST_MS);
    // How much of the rest went to others' work: requests being answered.
    const busy = performance.eventLoopUtilization(before).utilization > BUSY;
    if (busy) await rest(REST_BUSY_MS);
    runStarted = busy ? -Infinity : performance.now();
  }

  /** One walk over every job, from `start` to the end and from the first to `start`. */
  async function pass(start: string): Promise<{ rendered: number; walkMs: number }> {
    let rendered = 0;
    let walkMs = 0;
    for (const [from, until] of [
      [start, '\uffff'],
      ['', start],
    ] as const) {
      let after: string | null = from;
      while (after !== null && after < until && !signal.aborted) {
        const began = performance.now();
        const window = await postingsToRender(deps, build, after, WINDOW);
        walkMs += performance.now() - began;
        after = window.last;
        await giveWay();
        for (const jobId of window.ids) {
          if (signal.aborted || jobId > until) break;
          if (await render(jobId)) rendered++;
          await giveWay();
        }
      }
    }
    return { rendered, walkMs };
  }

  const walking = (async () => {
    while (!signal.aborted) {
      let walkMs = 0;
      try {
        const done = await pass(randomBytes(2).toString('hex'));
        walkMs = done.walkMs;
        options.onPass?.(done.rendered);
      } catch (err) {
        if (!signal.aborted) options.onError?.(err);
      }
      // The walk's own reads stay a small share of the server's time however many jobs there are.
      const pause = Math.max(options.passPauseMs ?? PASS_PAUSE_MS, PASS_FACTOR * walkMs);
      await rest(pause);
    }
  })();

  return {
    async stop() {
      controller.abort();
      await walking;
    },
  };
}
