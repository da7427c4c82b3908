// The rows `npm run bench` reports, their targets and their markdown tables.
import type { Pair, Side } from './protocol.js';

/**
 * What a read scenario must reach, on one of its columns: `uncached` for the work a request does
 * (every request after a write, every key the cache does not hold), `cached` where the issue lets a
 * cache carry the page, `null` for a figure only reported.
 */
export interface ReadTarget {
  judgedOn: 'uncached' | 'cached' | null;
  minRatio?: number;
  maxP99Ms?: number;
}

export interface ReadRow extends Pair {
  name: string;
  scenario: string;
  keys: number;
  target: string;
  judgedOn: ReadTarget['judgedOn'];
  /** Why the row failed: a missed target, an unexpected answer, a probe that found a broken page. */
  problems: string[];
  pass: boolean;
}

export interface SingleRow {
  name: string;
  scenario: string;
  rps: number;
  ratio: number;
  /** What the ratio is of: 'bare Node', 'health alone', 'answered 429'. */
  ratioOf: string;
  p99: number;
  baselineRps: number | null;
  non2xx: number;
  target: string;
  note?: string;
  problems: string[];
  pass: boolean;
}

export function describeTarget(target: ReadTarget): string {
  if (!target.judgedOn) return 'report only';
  const parts = [
    ...(target.minRatio !== undefined ? [`ratio >= ${target.minRatio.toFixed(2)}`] : []),
    ...(target.maxP99Ms !== undefined ? [`p99 <= ${target.maxP99Ms} ms`] : []),
  ];
  return `${target.judgedOn}: ${parts.join(', ')}`;
}

/** Every answer of a read scenario must be a 2xx, on both servers, without a connection error. */
export function unexpectedAnswers(label: string, side: Side): string[] {
  const problems: string[] = [];
  if (side.non2xx > 0) {
    const codes = Object.entries(side.statusCodes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, count]) => `${count} × ${code}`)
      .join(', ');
    problems.push(`${label}: ${side.non2xx} non-2xx (${codes})`);
  }
  if (side.errors > 0) problems.push(`${label}: ${side.errors} connection errors`);
  return problems;
}

export function judgeRead(target: ReadTarget, pair: Pair): string[] {
  const problems = [...unexpectedAnswers('uncached', pair.uncached), ...unexpectedAnswers('cached', pair.cached)];
  if (target.judgedOn) {
    const side = pair[target.judgedOn];
    if (target.minRatio !== undefined && !(side.ratio >= target.minRatio)) {
      problems.push(`${target.judgedOn} ratio ${side.ratio.toFixed(2)} < ${target.minRatio.toFixed(2)}`);
    }
    if (target.maxP99Ms !== undefined && !(side.p99 <= target.maxP99Ms)) {
      problems.push(`${target.judgedOn} p99 ${side.p99} ms > ${target.maxP99Ms} ms`);
    }
  }
  return problems;
}

const rps = (n: number) => n.toFixed(0);
const ratio = (n: number) => n.toFixed(2);
const result = (pass: boolean) => (pass ? 'pass' : 'FAIL');

export function printReadTable(rows: readonly ReadRow[]): void {
  if (rows.length === 0) return;
  console.log(
    '\n| scenario | keys | uncached req/s | uncached ratio | uncached p99 ms | cached req/s | cached ratio | cached p99 ms | baseline req/s | non-2xx (off / on) | target | result |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.scenario} | ${r.keys} | ${rps(r.uncached.rps)} | ${ratio(r.uncached.ratio)} | ${r.uncached.p99} | ` +
        `${rps(r.cached.rps)} | ${ratio(r.cached.ratio)} | ${r.cached.p99} | ${rps(r.baselineRps)} | ` +
        `${r.uncached.non2xx} / ${r.cached.non2xx} | ${r.target} | ${result(r.pass)} |`,
    );
  }
}

export function printSingleTable(rows: readonly SingleRow[]): void {
  if (rows.length === 0) return;
  console.log('\n| scenario | req/s | ratio | p99 ms | baseline req/s | non-2xx | target | result | note |');
  console.log('|---|---:|---:|---:|---:|---:|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.scenario} | ${rps(r.rps)} | ${ratio(r.ratio)} of ${r.ratioOf} | ${r.p99} | ` +
        `${r.baselineRps === null ? '–' : rps(r.baselineRps)} | ${r.non2xx} | ${r.target} | ${result(r.pass)} | ${r.note ?? ''} |`,
    );
  }
}

export function printProblems(rows: readonly (ReadRow | SingleRow)[]): void {
  const failed = rows.filter((r) => r.problems.length > 0);
  if (failed.length === 0) return;
  console.log('\nProblems:');
  for (const r of failed) console.log(`- ${r.scenario}: ${r.problems.join('; ')}`);
}
