// The CPU time of a process, read from Linux's /proc: shared by the benchmarks' TypeScript
// (bench/processes.ts) and the mixed load's generator, a plain Node script (bench/mix-load.mjs).
import fs from 'node:fs';

/** CPU time a process has used, in ms (utime and stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
export function processCpuMs(pid) {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}
