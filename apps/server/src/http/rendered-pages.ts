// Rendered landing pages kept by version: a page is stored under the versions of the API answers it
// was rendered with (job-board service: postingVersion, searchVersion) and served again only while
// every one of them still holds, so nobody ever gets a page older than the data it shows: a write by
// any instance or command moves the version in the database, and an expiry ends the page's
// validity by the clock. Only the anonymous visitor's render is ever kept (members get the app's own
// render), and only whole 200 pages.
import type { Deps } from '../deps.js';
import { postingVersion, searchVersion, type AnswerVersion } from '../features/job-board/service.js';
import { CITIES_ANSWER, POSTING_ANSWER, SEARCH_ANSWER, STATIC_ANSWERS } from './page-answers.js';

/** Pages are evicted, least recently used first, past this many bytes of HTML. */
const MAX_BYTES = 128 * 1024 * 1024;

interface Kept {
  /** The page as sent: bytes, so a hit costs neither encoding nor measuring the text again. */
  html: Buffer;
  validUntil: number;
}

export interface RenderedPages {
  /** The versions of a page made of these answers, or null when one of them cannot be versioned. */
  versionOf(apiPaths: readonly string[]): Promise<AnswerVersion | null>;
  find(url: string, version: AnswerVersion): Buffer | undefined;
  /** Keeps the page until its versions move or `readsSameUntil` (words of time on the page) passes. */
  keep(url: string, version: AnswerVersion, html: Buffer, readsSameUntil: (now: number) => number): void;
}

export function createRenderedPages(deps: Deps): RenderedPages | null {
  if (deps.config.responseCacheMs <= 0) return null;
  const pages = new Map<string, Kept>();
  let bytes = 0;
  const keyOf = (url: string, version: AnswerVersion) => `${version.tag}\u0000${url}`;
  const forget = (key: string) => {
    const kept = pages.get(key);
    if (!kept) return;
    bytes -= kept.html.length;
    pages.delete(key);
  };

  /**
   * Where an answer's version is read from, under a key shared by answers with one version (a search
   * page's tiles and its cities), so a page reads each version once; null: it cannot be versioned.
   */
  const versionSourceOf = (apiPath: string): [string, () => Promise<AnswerVersion>] | null => {
    if (STATIC_ANSWERS.has(apiPath)) return ['static', () => Promise.resolve({ tag: '', validUntil: Infinity })];
    const posting = POSTING_ANSWER.exec(apiPath);
    const jobId = posting && decodeURIComponent(posting[1]!);
    if (jobId) return [`posting ${jobId}`, () => postingVersion(deps, jobId)];
    const cities = CITIES_ANSWER.exec(apiPath);
    const country = cities
      ? decodeURIComponent(cities[1]!)
      : new URLSearchParams(SEARCH_ANSWER.exec(apiPath)?.[1] ?? '').get('country');
    if (country) return [`search ${country}`, () => searchVersion(deps, country)];
    return null;
  };

  return {
    async versionOf(apiPaths) {
      const sources = new Map<string, () => Promise<AnswerVersion>>();
      for (const apiPath of apiPaths) {
        const source = versionSourceOf(apiPath);
        if (!source) return null;
        sources.set(...source);
      }
      const all = await Promise.all([...sources.values()].map((read) => read()));
      return {
        tag: all.map((v) => v.tag).join('|'),
        validUntil: Math.min(...all.map((v) => v.validUntil)),
      };
    },
    find(url, version) {
      const key = keyOf(url, version);
      const kept = pages.get(key);
      if (!kept) return undefined;
      forget(key);
      if (kept.validUntil <= deps.clock.now()) return undefined;
      pages.set(key, kept); // most recently used last
      bytes += kept.html.length;
      return kept.html;
    },
    keep(url, version, html, readsSameUntil) {
      const key = keyOf(url, version);
      forget(key);
      const now = deps.clock.now();
      const validUntil = Math.min(version.validUntil, readsSameUntil(now));
      if (html.length > MAX_BYTES / 16 || validUntil <= now) return;
      while (bytes + html.length > MAX_BYTES && pages.size > 0) forget(pages.keys().next().value!);
      pages.set(key, { html, validUntil });
      bytes += html.length;
    },
  };
}
