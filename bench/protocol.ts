// How a number is measured so that a noisy machine moves it and its baseline together: the target's
// runs are interleaved with runs of a bare Node server (the baseline), each target run is divided by
// the mean of the baseline runs either side of it, and the median of those ratios is reported.
import { runLoad, type LoadResult } from './load-client.js';

export interface Timing {
  /** Seconds of each measured run. */
  seconds: number;
  /** Seconds of load each server gets before a scenario's measured runs. */
  warmUpSeconds: number;
}

/** Where the baseline answers, and the spec file of its one path. */
export interface Baseline {
  origin: string;
  specFile: string;
}

export interface Side {
  /** Medians over the runs. */
  rps: number;
  ratio: number;
  p99: number;
  /** Totals over the runs. */
  non2xx: number;
  errors: number;
  statusCodes: Record<string, number>;
  runs: LoadResult[];
}

export const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function side(runs: LoadResult[], baselineRuns: LoadResult[]): Side {
  const ratios = runs.map((r, i) => r.rps / ((baselineRuns[i]!.rps + baselineRuns[i + 1]!.rps) / 2));
  const statusCodes: Record<string, number> = {};
  for (const run of runs) {
    for (const [code, count] of Object.entries(run.statusCodes)) statusCodes[code] = (statusCodes[code] ?? 0) + count;
  }
  return {
    rps: median(runs.map((r) => r.rps)),
    ratio: median(ratios),
    p99: median(runs.map((r) => r.p99)),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors, 0),
    statusCodes,
    runs,
  };
}

/** Every baseline run of the whole benchmark: the machine's bare-Node figure. */
export const baselineRuns: LoadResult[] = [];

async function baselineRun(baseline: Baseline, seconds: number): Promise<LoadResult> {
  const run = await runLoad(baseline.specFile, baseline.origin, seconds);
  baselineRuns.push(run);
  return run;
}

export interface Pair {
  uncached: Side;
  cached: Side;
  baselineRps: number;
}

/**
 * One scenario on the server with its caches as configured and on the one with them off, then B, On,
 * Off, B, On, Off, B, On, Off, B. Both are first warmed up with the scenario's own random keys; the
 * server with its caches is first asked every key once, as a server that has been up while visitors
 * and crawlers came has been: its cache is measured as it stands then, not while it fills (a first
 * visit costs what the uncached column shows).
 */
export async function measurePair(
  specFile: string,
  origins: { cached: string; uncached: string },
  baseline: Baseline,
  timing: Timing,
): Promise<Pair> {
  await runLoad(specFile, origins.cached, 'pass');
  await runLoad(specFile, origins.cached, timing.warmUpSeconds);
  await runLoad(specFile, origins.uncached, timing.warmUpSeconds);
  const b = [await baselineRun(baseline, timing.seconds)];
  const on: LoadResult[] = [];
  const off: LoadResult[] = [];
  for (let i = 0; i < 3; i++) {
    on.push(await runLoad(specFile, origins.cached, timing.seconds));
    off.push(await runLoad(specFile, origins.uncached, timing.seconds));
    b.push(await baselineRun(baseline, timing.seconds));
  }
  return { uncached: side(off, b), cached: side(on, b), baselineRps: median(b.map((r) => r.rps)) };
}

/**
 * One or more servers side by side on one spec, nothing cached to compare (health, bare Fastify): a
 * warm-up each, then B, T1, T2…, three times, and B; each run divided by the baseline runs either side.
 */
export async function measureBeside(
  specFile: string,
  origins: readonly string[],
  baseline: Baseline,
  timing: Timing,
): Promise<(Side & { baselineRps: number })[]> {
  for (const origin of origins) await runLoad(specFile, origin, timing.warmUpSeconds);
  const b = [await baselineRun(baseline, timing.seconds)];
  const runs: LoadResult[][] = origins.map(() => []);
  for (let i = 0; i < 3; i++) {
    for (const [n, origin] of origins.entries()) runs[n]!.push(await runLoad(specFile, origin, timing.seconds));
    b.push(await baselineRun(baseline, timing.seconds));
  }
  const baselineRps = median(b.map((r) => r.rps));
  return runs.map((r) => ({ ...side(r, b), baselineRps }));
}
