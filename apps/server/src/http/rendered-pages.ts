// Rendered landing pages kept by version: a page is stored under the versions of the API answers it
// was rendered with (each kind's, as page-answers.ts's PAGE_DATA_SOURCES reads it) and served again
// only while every one of them still holds, so nobody ever gets a page older than the data it shows:
// a write by any instance or command moves the version in the database, and an expiry ends the
// page's validity by the clock. Only the anonymous visitor's render is ever kept (members get the app's own
// render), and only whole 200 pages. A page is kept gzipped, as it is sent to every browser and crawler
// that accepts gzip (all of them): a rendered posting of 15 KB is kept in 4 KB, and its bytes are
// compressed once, not at each visit.
// Pages are kept in memory, the least recently used forgotten first. A posting's page (at its own
// address) is also stored in the database by each server's walk, which renders every live posting
// ahead of its first visitor (render-ahead.ts; features/job-board/posting-pages.ts): a visit finds it
// there when it is not in memory, on any instance and after a restart. Visits never write it: a
// changed posting is rendered again by its next visit, into memory, as every page is.
// A page is the same whenever its answers are (the build and the words of time aside): a page whose
// versions moved (an edit to another job of its country) but whose answers, read again, are those it
// was rendered from is kept again at the new versions without a render.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { PageData } from '@teacheast/shared';
import type { Deps } from '../deps.js';
import type { Metrics } from '../integrations/metrics/metrics.js';
import type { AnswerVersion } from '../features/job-board/service.js';
import { findStoredPage, keepPostingPage, postingVersionNow } from '../features/job-board/posting-pages.js';
import { BoundedCache } from '../lib/bounded-cache.js';
import { sourceOf } from './page-answers.js';
import { renderBundleOf } from './server-render.js';

/** Pages are forgotten, least recently used first, past this many bytes of gzipped HTML (lib/bounded-cache.ts). */
const MAX_BYTES = 32 * 1024 * 1024;

interface Kept {
  /** The page gzipped, as sent: a hit costs neither encoding nor compressing again. */
  gzipped: Buffer;
  validUntil: number;
}

/** A page kept in memory by its address: the versions and answers it was made at. */
interface KeptAt extends Kept {
  /** The versions' tag it is served at. */
  tag: string;
  /** A digest of the answers it was rendered from (digestOf). */
  answers: string;
  /** Until when its words of time read the same, whatever its versions do. */
  textUntil: number;
}

/** The answers a page is rendered from, by their path. */
type Answers = Record<string, unknown>;

/** What a page's answers are, in a few bytes: a page from the same answers is the same page. */
const digestOf = (answers: Answers): string => createHash('sha1').update(JSON.stringify(answers)).digest('base64url');

/** A page looked up under the versions its answers have now, read before the answers are. */
interface KeptPage {
  /** The page kept at those versions, gzipped, if there is one. */
  kept: Buffer | undefined;
  /**
   * The page kept at older versions, gzipped, if it was rendered from exactly these answers (read after
   * the lookup) and its words of time still read the same: it is kept at the versions read now, and
   * needs no render.
   */
  keptWith(answers: Answers): Buffer | undefined;
  /**
   * Keeps the page rendered from `answers`, read after the lookup, until its versions move or
   * `readsSameUntil` (words of time on the page) passes; returns it gzipped when it is kept.
   */
  keep(html: Buffer, readsSameUntil: (now: number) => number, answers: Answers): Promise<Buffer | undefined>;
}

export interface RenderedPages {
  /**
   * The page at `url`, made of these answers, as kept now. Read before the answers are, so a page
   * rendered from newer data is at worst kept under an older version nobody asks for again, never the
   * other way round. Throws for a kind of answer the table does not hold.
   */
  open(
    url: string,
    data: readonly PageData[],
    options?: {
      /** The server's walk renders a posting ahead (render-ahead.ts): its page is stored in the database. */
      ahead?: boolean;
    },
  ): Promise<KeptPage>;
}

/** Nothing is kept, and nothing will be (a posting that is not there). */
const NOTHING_KEPT: KeptPage = {
  kept: undefined,
  keptWith: () => undefined,
  keep: () => Promise.resolve(undefined),
};

/**
 * What rendered the pages a server keeps: its render bundle (whose name for each page's code changes
 * with that code), the web app's page shell, the server's own code (`serverCode`: its bundle and each
 * of the bundle's chunks, when served) and the settings a page shows (`settings`: its public address,
 * the site configuration it embeds). A deploy that changes any of them changes this, and no page
 * stored by another build is served.
 */
export function pageBuildOf(
  dist: string,
  settings: unknown,
  serverCode = serverCodeOf(fileURLToPath(import.meta.url)),
): string {
  const hash = createHash('sha1').update(JSON.stringify(settings));
  const files = [renderBundleOf(dist), path.join(dist, 'index.html'), ...serverCode];
  for (const file of files) {
    if (fs.existsSync(file)) hash.update(fs.readFileSync(file));
    hash.update('\u0000');
  }
  return hash.digest('base64url').slice(0, 16);
}

/**
 * The files of the server's code, given the file this module runs from: that file, and when it is
 * the server's split bundle (apps/server/dist/server.js), every chunk the bundle loads from beside it,
 * since any module, this one included, may be moved into one of them by the next build.
 */
export function serverCodeOf(entry: string): string[] {
  const chunks = path.join(path.dirname(entry), 'chunks');
  const inChunks = fs.existsSync(chunks) ? fs.readdirSync(chunks).sort() : [];
  return [entry, ...inChunks.map((name) => path.join(chunks, name))];
}

/** The job whose page is at `url` and made of `data` alone (the site's configuration aside), or null. */
function postingPageOf(url: string, data: readonly PageData[]): string | null {
  let uuid: string | null = null;
  for (const one of data) {
    if (one.kind === 'posting' && uuid === null) uuid = one.uuid;
    else if (one.kind !== 'config') return null;
  }
  return uuid !== null && url === `/posting/${uuid}` ? uuid : null;
}

export function createRenderedPages(
  deps: Deps,
  /** What renders the pages (pageBuildOf). */
  build: string,
  /** Told of each lookup, for /metrics. */
  countLookup?: Metrics['countCacheLookup'],
): RenderedPages | null {
  if (deps.config.responseCacheMs <= 0) return null;
  // Postings by their version and address (openPosting), every other page by its address alone.
  const pages = new BoundedCache<string, Kept | KeptAt>(MAX_BYTES, (kept) => kept.gzipped.length);

  /** Until when a page made now at a version valid until `until` reads the same; null: not even now. */
  function validUntilOf(until: number, readsSameUntil: (now: number) => number): number | null {
    const now = deps.clock.now();
    const validUntil = Math.min(until, readsSameUntil(now));
    return validUntil > now ? validUntil : null;
  }

  /** Keeps a page in memory under `key` until `until` or the words of time on it pass. */
  function keepInMemory(
    key: string,
    until: number,
    html: Buffer,
    readsSameUntil: (now: number) => number,
    at?: Omit<KeptAt, keyof Kept | 'textUntil'>,
  ) {
    const textUntil = readsSameUntil(deps.clock.now());
    const validUntil = validUntilOf(until, () => textUntil);
    if (validUntil === null) return Promise.resolve(undefined);
    const gzipped = ownBytes(gzipSync(html));
    if (gzipped.length > MAX_BYTES / 16) return Promise.resolve(undefined);
    pages.set(key, at ? { gzipped, validUntil, ...at, textUntil } : { gzipped, validUntil });
    return Promise.resolve(gzipped);
  }

  /** The page kept in memory under `key`, while it reads the same. */
  function fromMemory(key: string): Buffer | undefined {
    const kept = pages.get(key);
    if (kept === undefined) return undefined;
    if (kept.validUntil > deps.clock.now()) return kept.gzipped;
    pages.delete(key);
    return undefined;
  }

  /** The page kept in memory at its address, served while its answers' versions are those read now. */
  async function openInMemory(url: string, data: readonly PageData[]): Promise<KeptPage> {
    const version = await versionOf(data);
    const { tag } = version;
    const at = pages.get(url) as KeptAt | undefined;
    const kept = at?.tag === tag && at.validUntil > deps.clock.now() ? at.gzipped : undefined;
    countLookup?.('pages', kept !== undefined);
    // Asked of the same answers by keptWith and then keep: digested once.
    let digested: { answers: Answers; digest: string } | undefined;
    const digest = (answers: Answers) => {
      if (digested?.answers !== answers) digested = { answers, digest: digestOf(answers) };
      return digested.digest;
    };
    return {
      kept,
      keptWith(answers) {
        if (at === undefined || at.answers !== digest(answers)) return undefined;
        const validUntil = validUntilOf(version.validUntil, () => at.textUntil);
        if (validUntil === null) return undefined;
        pages.set(url, { ...at, tag, validUntil });
        return at.gzipped;
      },
      keep: (html, readsSameUntil, answers) =>
        keepInMemory(url, version.validUntil, html, readsSameUntil, { tag, answers: digest(answers) }),
    };
  }

  /**
   * A posting's page: in memory when a visitor asked for it lately, else as the walk stored it in the
   * database (kept in memory from then on). A visit's render is kept in memory, as every page is; the
   * walk's is stored in the database, not in memory, which would hold every live posting.
   */
  async function openPosting(url: string, jobId: string, ahead: boolean): Promise<KeptPage> {
    const version = await postingVersionNow(deps, jobId);
    if (!version) return NOTHING_KEPT;
    const key = `${version.version}:${version.status}\u0000${url}`;
    let kept = ahead ? undefined : fromMemory(key);
    if (kept === undefined) {
      const stored = await findStoredPage(deps, jobId, version, build);
      kept = stored?.gzipped;
      if (stored && !ahead) pages.set(key, stored);
    }
    countLookup?.('pages', kept !== undefined);
    return {
      kept,
      // A posting's version moves only when what its page shows does.
      keptWith: () => undefined,
      async keep(html, readsSameUntil) {
        if (!ahead) return keepInMemory(key, version.validUntil, html, readsSameUntil);
        const validUntil = validUntilOf(version.validUntil, readsSameUntil);
        if (validUntil === null) return undefined;
        const gzipped = gzipSync(html);
        try {
          await keepPostingPage(deps, { jobId, version, build, validUntil, gzipped });
        } catch (err) {
          // The job was deleted meanwhile, or the database is away: the walk comes back to it.
          deps.log.warn({ err, jobId }, 'a posting rendered ahead could not be stored');
        }
        return gzipped;
      },
    };
  }

  async function versionOf(data: readonly PageData[]): Promise<AnswerVersion> {
    // Keyed so that answers sharing a version (a search page's tiles and its cities) read it once.
    const sources = new Map<string, () => Promise<AnswerVersion>>();
    for (const one of data) sources.set(...sourceOf(one).version(deps, one));
    const all = await Promise.all([...sources.values()].map((read) => read()));
    return {
      tag: all.map((v) => v.tag).join('|'),
      validUntil: Math.min(...all.map((v) => v.validUntil)),
    };
  }

  return {
    open(url, data, { ahead = false } = {}) {
      const jobId = postingPageOf(url, data);
      return jobId === null ? openInMemory(url, data) : openPosting(url, jobId, ahead);
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
