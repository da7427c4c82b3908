/** CPU time a process has used, in ms (utime and stime of /proc/<pid>/stat, in clock ticks of 10 ms). */
export function processCpuMs(pid: number): number;
