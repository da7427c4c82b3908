// Rendered landing pages kept by version: a page is stored under the versions of the API answers it
// was rendered with (each kind's, as page-answers.ts's PAGE_DATA_SOURCES reads it) and served again
// only while every one of them still holds, so nobody ever gets a page older than the data it shows:
// a write by any instance or command moves the version in the database, and an expiry ends the
// page's validity by the clock. Only the anonymous visitor's render is ever kept (members get the app's own
// render), and only whole 200 pages. A page is kept gzipped, as it is sent to every browser and crawler
// that accepts gzip (all of them): a rendered posting of 15 KB is kept in 4 KB, so the same memory
// holds almost four times the pages, and its bytes are compressed once, not at each visit.
import { gzipSync } from 'node:zlib';
import type { PageData } from '@teacheast/shared';
import type { Deps } from '../deps.js';
import type { Metrics } from '../integrations/metrics/metrics.js';
import type { AnswerVersion } from '../features/job-board/service.js';
import { BoundedCache } from '../lib/bounded-cache.js';
import { sourceOf } from './page-answers.js';

/** Pages are forgotten, least recently used first, past this many bytes of gzipped HTML (lib/bounded-cache.ts). */
const MAX_BYTES = 32 * 1024 * 1024;

interface Kept {
  /** The page gzipped, as sent: a hit costs neither encoding nor compressing again. */
  gzipped: Buffer;
  validUntil: number;
}

export interface RenderedPages {
  /** The versions of a page made of these answers; throws for a kind the table does not hold. */
  versionOf(data: readonly PageData[]): Promise<AnswerVersion>;
  /** The kept page, gzipped. */
  find(url: string, version: AnswerVersion): Buffer | undefined;
  /**
   * Keeps the page until its versions move or `readsSameUntil` (words of time on the page) passes;
   * returns it gzipped when it is kept.
   */
  keep(url: string, version: AnswerVersion, html: Buffer, readsSameUntil: (now: number) => number): Buffer | undefined;
}

export function createRenderedPages(
  deps: Deps,
  /** Told of each lookup, for /metrics. */
  countLookup?: Metrics['countCacheLookup'],
): RenderedPages | null {
  if (deps.config.responseCacheMs <= 0) return null;
  const pages = new BoundedCache<string, Kept>(MAX_BYTES, (kept) => kept.gzipped.length);
  const keyOf = (url: string, version: AnswerVersion) => `${version.tag}\u0000${url}`;

  return {
    async versionOf(data) {
      // Keyed so that answers sharing a version (a search page's tiles and its cities) read it once.
      const sources = new Map<string, () => Promise<AnswerVersion>>();
      for (const one of data) sources.set(...sourceOf(one).version(deps, one));
      const all = await Promise.all([...sources.values()].map((read) => read()));
      return {
        tag: all.map((v) => v.tag).join('|'),
        validUntil: Math.min(...all.map((v) => v.validUntil)),
      };
    },
    find(url, version) {
      const key = keyOf(url, version);
      const kept = pages.get(key);
      const fresh = kept !== undefined && kept.validUntil > deps.clock.now();
      countLookup?.('pages', fresh);
      if (fresh && kept) return kept.gzipped;
      if (kept) pages.delete(key);
      return undefined;
    },
    keep(url, version, html, readsSameUntil) {
      const key = keyOf(url, version);
      pages.delete(key);
      const now = deps.clock.now();
      const validUntil = Math.min(version.validUntil, readsSameUntil(now));
      if (validUntil <= now) return undefined;
      const gzipped = ownBytes(gzipSync(html));
      if (gzipped.length > MAX_BYTES / 16) return undefined;
      pages.set(key, { gzipped, validUntil });
      return gzipped;
    },
  };
}

/**
 * The bytes of `view` in memory of their own. gzipSync answers a view of its 64 KB output chunk, and
 * Buffer.from a slice of Node's shared 64 KB pool: kept, either would hold 64 KB for a page of 4 KB,
 * and the budget would count a sixteenth of the memory it holds.
 */
function ownBytes(view: Buffer): Buffer {
  const own = Buffer.allocUnsafeSlow(view.length);
  view.copy(own);
  return own;
}
