// The scale benchmark's requests sent one at a time (bench/scale.ts): what one anonymous request of
// each kind costs an idle server, the whole sitemap file by file, and how long an edit takes to reach
// the keyword search.
import {
  JobDetailsAnswerSchema,
  JobDetailsSchema,
  JobSearchAnswerSchema,
  SavedJobDetailsAnswerSchema,
} from '@teacheast/shared';
import { median } from './protocol.js';
import type { EditedJob } from './scale-dataset.js';

/** What a request of one kind costs, at most, before it is flagged. */
export const SERVER_TIME_LIMIT_MS = 100;
const SAMPLES = 5;

/** One request, timed from sending it to the last byte of its answer. */
async function timed(url: string, init?: RequestInit): Promise<{ ms: number; status: number; body: string }> {
  const started = performance.now();
  const res = await fetch(url, init);
  const body = await res.text();
  return { ms: performance.now() - started, status: res.status, body };
}

export interface RequestKind {
  kind: string;
  /** Asked in turn, one per sample. */
  paths: readonly string[];
}

export interface ServerTime {
  kind: string;
  paths: string[];
  medianMs: number;
  maxMs: number;
  statuses: number[];
  /** The median is over SERVER_TIME_LIMIT_MS. */
  over: boolean;
}

/**
 * Each kind asked SAMPLES times one request after another (after one unmeasured, which may compile
 * the code path), each time with its next path: on an idle server, with its caches off, the time to
 * the last byte is what the request costs the server, as the loopback adds a fraction of a millisecond.
 * Judged on the median; the maximum is shown beside it, as one sample may meet a collection.
 */
export async function timeServerRequests(base: string, kinds: readonly RequestKind[]): Promise<ServerTime[]> {
  const times: ServerTime[] = [];
  for (const { kind, paths } of kinds) {
    await timed(base + paths[0]!);
    const samples: { ms: number; status: number; path: string }[] = [];
    for (let i = 0; i < SAMPLES; i++) {
      const path = paths[i % paths.length]!;
      samples.push({ ...(await timed(base + path)), path });
    }
    const medianMs = median(samples.map((s) => s.ms));
    times.push({
      kind,
      paths: [...new Set(samples.map((s) => s.path))],
      medianMs,
      maxMs: Math.max(...samples.map((s) => s.ms)),
      statuses: samples.map((s) => s.status),
      over: medianMs > SERVER_TIME_LIMIT_MS,
    });
  }
  return times;
}

export interface SitemapFile {
  path: string;
  ms: number;
  status: number;
  urls: number;
  bytes: number;
}

export interface SitemapPass {
  /** /sitemap.xml first, then each part its index names, in order. */
  files: SitemapFile[];
  isIndex: boolean;
  totalMs: number;
  /** Posting and page URLs over every file. */
  urls: number;
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);

/** The whole sitemap, /sitemap.xml and each part it names when it is an index, one file after another. */
export async function fetchWholeSitemap(base: string): Promise<SitemapPass> {
  const files: SitemapFile[] = [];
  const read = async (path: string) => {
    const answer = await timed(base + path);
    const locs = locsOf(answer.body);
    files.push({ path, ms: answer.ms, status: answer.status, urls: locs.length, bytes: answer.body.length });
    return { ...answer, locs };
  };
  const top = await read('/sitemap.xml');
  const isIndex = top.body.includes('<sitemapindex');
  // The index names its parts under PUBLIC_URL; the bench server answers them on its own port.
  if (isIndex) for (const part of top.locs) await read(new URL(part).pathname);
  return {
    files,
    isIndex,
    totalMs: files.reduce((sum, f) => sum + f.ms, 0),
    urls: isIndex ? files.slice(1).reduce((n, f) => n + f.urls, 0) : files[0]!.urls,
  };
}

/** The parts of an index worth timing one by one: the first, one in the middle and the last. */
export function sampleSitemapParts(pass: SitemapPass): { label: string; path: string }[] {
  const parts = pass.files.slice(1).map((f) => f.path);
  const jobParts = parts.filter((p) => p.startsWith('/sitemap-jobs-'));
  const others = parts.filter((p) => !p.startsWith('/sitemap-jobs-'));
  const picks = new Map<string, string>();
  if (jobParts.length > 0) {
    picks.set(jobParts[0]!, 'sitemap jobs part, first');
    picks.set(jobParts[Math.floor((jobParts.length - 1) / 2)]!, 'sitemap jobs part, middle');
    picks.set(jobParts[jobParts.length - 1]!, 'sitemap jobs part, last');
  }
  for (const path of others) picks.set(path, `sitemap part ${path}`);
  return [...picks].map(([path, label]) => ({ label, path }));
}

export interface EditToSearch {
  jobId: string;
  word: string;
  /** The edit's own answer. */
  editMs: number;
  /** From sending the edit to the first keyword search that finds the job by its new word. */
  searchMs: number | null;
  searches: number;
  problems: string[];
}

const SEARCH_WAIT_MS = 60_000;

/** A word no generated posting holds: letters only, so the search takes it whole. */
function uniqueWord(): string {
  const letters = Array.from({ length: 10 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26)));
  return `scale${letters.join('')}`;
}

/**
 * The owner retitles a live job through the wizard's details route, then keyword search in the job's
 * country is asked for the new word, one request after another, until the job is among the results.
 * The old title is put back afterwards, so the kept dataset stays as it was generated.
 */
export async function timeEditToSearch(base: string, job: EditedJob, token: string): Promise<EditToSearch> {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
  const detailsUrl = `${base}/api/jobs/details/${job.id}/${job.ownerId}`;
  const current = await fetch(detailsUrl, { headers });
  if (current.status !== 200) throw new Error(`GET ${detailsUrl}: ${current.status} ${await current.text()}`);
  const { uuid: _uuid, status: _status, ...details } = JobDetailsAnswerSchema.parse(await current.json()).job;
  const save = (title: string) => {
    // Checked here by the form's own schema: a refusal would otherwise read as a slow edit.
    const body = JobDetailsSchema.parse({ ...details, title });
    return timed(detailsUrl, { method: 'POST', headers, body: JSON.stringify(body) });
  };

  const word = uniqueWord();
  const problems: string[] = [];
  const started = performance.now();
  const edit = await save(`${word} English teacher`);
  if (edit.status !== 200) throw new Error(`POST ${detailsUrl}: ${edit.status} ${edit.body}`);
  if (!SavedJobDetailsAnswerSchema.parse(JSON.parse(edit.body)).job.title.includes(word)) {
    problems.push('the saved details do not carry the new title');
  }
  const searchUrl = `${base}/api/filter-jobs?country=${job.country}&q=${word}&page=1`;
  let searchMs: number | null = null;
  let searches = 0;
  while (performance.now() - started < SEARCH_WAIT_MS) {
    searches++;
    const res = await fetch(searchUrl);
    if (res.status !== 200) {
      problems.push(`search answered ${res.status}`);
      break;
    }
    if (JobSearchAnswerSchema.parse(await res.json()).results.some((tile) => tile.uuid === job.id)) {
      searchMs = performance.now() - started;
      break;
    }
  }
  if (searchMs === null && problems.length === 0) {
    problems.push(`not found by its new word within ${SEARCH_WAIT_MS / 1000} s`);
  }
  const restored = await save(details.title);
  if (restored.status !== 200) problems.push(`putting the old title back answered ${restored.status}`);
  return { jobId: job.id, word, editMs: edit.ms, searchMs, searches, problems };
}
