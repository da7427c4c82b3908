// The scale benchmark's acceptance (bench/scale.ts), judged on the figures of one size. Only 100,000
// and 1,000,000 jobs have targets; the other sizes are reported.
import { SERVER_TIME_LIMIT_MS } from './scale-requests.js';

export const REFERENCE_JOBS = 100_000;
const LARGE_JOBS = 1_000_000;
/** A read's uncached p99 at a million jobs, at most this many times its figure at REFERENCE_JOBS. */
const P99_GROWTH_MAX = 2;

export interface SizeFigures {
  jobs: number;
  /** From the spawn to the first real read answering. */
  firstReadMs: number;
  /** Peak RssAnon while the reads ran. */
  anonUnderLoadMb: number;
  /** Peak RssAnon over everything measured at this size: start, idle, reads, sitemap, edit. */
  anonPeakMb: number;
  reads: readonly { name: string; title: string; p99: number; rps: number }[];
  serverTimes: readonly { kind: string; medianMs: number }[];
}

/** Each read's uncached p99 at REFERENCE_JOBS, by read name, and where the figures come from. */
export interface Reference {
  p99: ReadonlyMap<string, number>;
  source: string;
}

export interface TargetResult {
  jobs: number;
  target: string;
  measured: string;
  /** null: nothing to judge it by (no figure at REFERENCE_JOBS). */
  pass: boolean | null;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const mb = (value: number) => `${value.toFixed(0)} MB`;

function firstAnswer(size: SizeFigures, limitMs: number): TargetResult {
  return {
    jobs: size.jobs,
    target: `answers within ${limitMs / 1000} s of starting (first list page 1)`,
    measured: ms(size.firstReadMs),
    pass: size.firstReadMs <= limitMs,
  };
}

function p99Growth(size: SizeFigures, reference: Reference | null): TargetResult[] {
  return size.reads.map((read) => {
    const base = reference?.p99.get(read.name);
    const target = `${read.title}: uncached p99 <= ${P99_GROWTH_MAX} x its figure at ${REFERENCE_JOBS.toLocaleString('en')} jobs`;
    // A read nothing answered has no p99 to judge, and fails.
    if (read.rps === 0) return { jobs: size.jobs, target, measured: 'nothing answered', pass: false };
    if (base === undefined)
      return { jobs: size.jobs, target, measured: `p99 ${read.p99} ms, no reference`, pass: null };
    const ratio = read.p99 / base;
    return {
      jobs: size.jobs,
      target,
      measured: `p99 ${read.p99} ms against ${base} ms: ${ratio.toFixed(2)} x`,
      pass: ratio <= P99_GROWTH_MAX,
    };
  });
}

function serverTimes(size: SizeFigures): TargetResult {
  const over = size.serverTimes.filter((t) => t.medianMs > SERVER_TIME_LIMIT_MS);
  const slowest = [...size.serverTimes].sort((a, b) => b.medianMs - a.medianMs)[0];
  return {
    jobs: size.jobs,
    target: `no anonymous request costs more than ${SERVER_TIME_LIMIT_MS} ms of server time (median of 5)`,
    measured:
      over.length > 0
        ? `over: ${over.map((t) => `${t.kind} ${ms(t.medianMs)}`).join(', ')}`
        : `slowest: ${slowest ? `${slowest.kind} ${ms(slowest.medianMs)}` : 'none measured'}`,
    pass: size.serverTimes.length > 0 && over.length === 0,
  };
}

/** The targets of this size, judged; none for a size the acceptance does not name. */
export function judgeSize(size: SizeFigures, reference: Reference | null): TargetResult[] {
  if (size.jobs === REFERENCE_JOBS) {
    return [
      {
        jobs: size.jobs,
        target: 'at most 250 MB of anonymous memory (RssAnon) under load',
        measured: mb(size.anonUnderLoadMb),
        pass: size.anonUnderLoadMb <= 250,
      },
      firstAnswer(size, 3_000),
    ];
  }
  if (size.jobs === LARGE_JOBS) {
    return [
      firstAnswer(size, 15_000),
      {
        jobs: size.jobs,
        target: 'holds at most 1.5 GB (1,536 MB) of anonymous memory (RssAnon)',
        measured: `peak ${mb(size.anonPeakMb)}, ${mb(size.anonUnderLoadMb)} under load`,
        pass: size.anonPeakMb <= 1536,
      },
      ...p99Growth(size, reference),
      serverTimes(size),
    ];
  }
  return [];
}
