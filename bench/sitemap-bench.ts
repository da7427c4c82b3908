// The whole sitemap (the index and every part) fetched over HTTP from a freshly started server, timing
// each pass and the server's extra memory (sampled every few milliseconds, peak minus what it held
// before). Targets: 2 s and 50 MB. Used by `npm run bench:sitemap` and `npm run bench`.
// The memory judged is what the server allocates (RssAnon), which a sitemap held whole instead of
// streamed would swell; the whole resident set is reported beside it, as it also counts the pages of
// the database file SQLite maps (mmap), which the kernel can take back at any time.
// The response cache keeps only whole string answers and sitemaps are streamed, so it never holds one;
// each pass runs with the caches off and as configured all the same, to show it.
import SQLite from 'better-sqlite3';
import { POSTING_LIFETIME_DAYS } from '@teacheast/shared';
import { memoryMb, stopProcess } from './processes.js';
import { startServer, type CacheMode } from './servers.js';

export const SITEMAP_TARGET_SECONDS = 2;
export const SITEMAP_TARGET_MB = 50;
/** The sitemap's URLs besides the postings: the static pages and each country's search. */
const OTHER_URLS = 11;
const PASSES = 3;
const DAY_MS = 86_400_000;

/**
 * The dataset lets about one job in ten expire; the sitemap is measured with every one of them live.
 * The jobs live already were published under 44 days ago, so none expires during the run.
 */
export function makeEveryJobLive(sqliteFile: string): void {
  const now = Date.now();
  const sqlite = new SQLite(sqliteFile);
  sqlite
    .prepare('update jobs set published_at = ? where published_at <= ?')
    .run(now - DAY_MS, now - (POSTING_LIFETIME_DAYS - 1) * DAY_MS);
  sqlite.close();
}

/** Every URL of the sitemap, following the index to its parts; answers the URLs and the bytes read. */
async function fetchWholeSitemap(base: string): Promise<{ urls: number; parts: number; bytes: number }> {
  const read = async (url: string) => {
    const res = await fetch(url);
    if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
    return res.text();
  };
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
  const top = await read(`${base}/sitemap.xml`);
  let bytes = top.length;
  if (!top.includes('<sitemapindex')) return { urls: locs(top).length, parts: 1, bytes };
  let urls = 0;
  const parts = locs(top);
  for (const part of parts) {
    // The index names parts under PUBLIC_URL; the bench server answers them on its own port.
    const xml = await read(`${base}${new URL(part).pathname}`);
    bytes += xml.length;
    urls += locs(xml).length;
  }
  return { urls, parts: parts.length + 1, bytes };
}

export interface SitemapPass {
  database: string;
  cache: CacheMode;
  seconds: number;
  /** Peak growth of what the server allocated (RssAnon). */
  extraMb: number;
  /** Peak growth of the whole resident set (VmRSS), mapped file pages included. */
  extraRssMb: number;
  anonBeforeMb: number;
  rssBeforeMb: number;
  urls: number;
  parts: number;
  megabytes: number;
  feedMs: number;
}

export interface SitemapRun {
  database: string;
  databaseUrl: string;
  mediaDir: string;
  cache: CacheMode;
  port: number;
  /** Live jobs in the database: the sitemap must list every one. */
  jobs: number;
}

/** PASSES passes over the whole sitemap against a server started for them. */
export async function measureSitemap(run: SitemapRun): Promise<SitemapPass[]> {
  const base = `http://127.0.0.1:${run.port}`;
  const server = await startServer({
    name: `sitemap-${run.database}-${run.cache}`,
    port: run.port,
    databaseUrl: run.databaseUrl,
    mediaDir: run.mediaDir,
    cache: run.cache,
    core: null,
  });
  try {
    // One warm-up fetch of the feed (code paths compiled, statements prepared) before anything is timed.
    await (await fetch(`${base}/feed.xml`)).text();
    const passes: SitemapPass[] = [];
    for (let i = 0; i < PASSES; i++) {
      await new Promise((r) => setTimeout(r, 300));
      const before = memoryMb(server.pid!);
      const peak = { ...before };
      const sample = () => {
        const now = memoryMb(server.pid!);
        peak.anon = Math.max(peak.anon, now.anon);
        peak.rss = Math.max(peak.rss, now.rss);
      };
      const sampler = setInterval(sample, 5);
      const started = performance.now();
      const whole = await fetchWholeSitemap(base);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      sample();
      if (whole.urls !== run.jobs + OTHER_URLS)
        throw new Error(`expected ${run.jobs + OTHER_URLS} URLs, read ${whole.urls}`);
      const feedStarted = performance.now();
      await (await fetch(`${base}/feed.xml`)).text();
      const feedMs = performance.now() - feedStarted;
      const pass: SitemapPass = {
        database: run.database,
        cache: run.cache,
        seconds,
        extraMb: peak.anon - before.anon,
        extraRssMb: peak.rss - before.rss,
        anonBeforeMb: before.anon,
        rssBeforeMb: before.rss,
        urls: whole.urls,
        parts: whole.parts,
        megabytes: whole.bytes / 1_048_576,
        feedMs,
      };
      console.log(
        `  ${run.database}, caches ${run.cache}, pass ${i + 1}: ${seconds.toFixed(2)} s, +${pass.extraMb.toFixed(1)} MB ` +
          `allocated (${before.anon.toFixed(0)} MB before), +${pass.extraRssMb.toFixed(1)} MB resident ` +
          `(${before.rss.toFixed(0)} MB before), ${whole.urls} URLs in ${whole.parts} files, ` +
          `${pass.megabytes.toFixed(1)} MB of XML; feed ${feedMs.toFixed(0)} ms`,
      );
      passes.push(pass);
    }
    return passes;
  } finally {
    await stopProcess(server);
  }
}

export interface SitemapRow {
  database: string;
  cache: CacheMode;
  worstSeconds: number;
  worstExtraMb: number;
  worstExtraRssMb: number;
  target: string;
  pass: boolean;
}

/** The worst pass of each database and cache mode, against the targets. */
export function sitemapRows(passes: readonly SitemapPass[]): SitemapRow[] {
  const keys = [...new Set(passes.map((p) => `${p.database}\n${p.cache}`))];
  return keys.map((key) => {
    const group = passes.filter((p) => `${p.database}\n${p.cache}` === key);
    const worstSeconds = Math.max(...group.map((p) => p.seconds));
    const worstExtraMb = Math.max(...group.map((p) => p.extraMb));
    const worstExtraRssMb = Math.max(...group.map((p) => p.extraRssMb));
    return {
      database: group[0]!.database,
      cache: group[0]!.cache,
      worstSeconds,
      worstExtraMb,
      worstExtraRssMb,
      target: `<= ${SITEMAP_TARGET_SECONDS} s, <= ${SITEMAP_TARGET_MB} MB allocated`,
      pass: worstSeconds <= SITEMAP_TARGET_SECONDS && worstExtraMb <= SITEMAP_TARGET_MB,
    };
  });
}

export function printSitemapTable(rows: readonly SitemapRow[]): void {
  if (rows.length === 0) return;
  console.log(
    '\n| sitemap | caches | worst time | worst extra memory allocated | worst extra resident (with mapped files) | target | result |',
  );
  console.log('|---|---|---:|---:|---:|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.database} | ${r.cache} | ${r.worstSeconds.toFixed(2)} s | ${r.worstExtraMb.toFixed(1)} MB | ${r.worstExtraRssMb.toFixed(1)} MB | ${r.target} | ${r.pass ? 'pass' : 'FAIL'} |`,
    );
  }
}
