// http_request_duration_seconds, recorded on every request. prom-client's own Histogram.observe()
// hashes and checks the label set and allocates on each call (about half a microsecond, measured),
// too much to add to a health check; this keeps each series' bucket counts in a plain array found
// through three map lookups (a few tens of nanoseconds), and writes them in the registry's text
// format when Prometheus scrapes.

interface Series {
  /** The series' labels, written once: route="…",method="…",status="…". */
  labels: string;
  /** Observations per bucket (not cumulative); the last slot is above the highest bound. */
  counts: Float64Array;
  sum: number;
  count: number;
}

/** A label value as the text format needs it: backslash, double quote and newline escaped. */
function escapeLabel(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');
}

export class RequestDurations {
  readonly name = 'http_request_duration_seconds';
  private readonly help =
    'Time from a request arriving to its answer being sent, by route pattern, method and status code';
  // route → method → status → series. Route patterns and methods are the same string objects on every
  // request, so their hashes are cached; nothing is allocated once a series exists.
  private readonly series = new Map<string, Map<string, Map<number, Series>>>();

  constructor(private readonly buckets: readonly number[]) {}

  observe(route: string, method: string, status: number, seconds: number): void {
    let byMethod = this.series.get(route);
    if (!byMethod) this.series.set(route, (byMethod = new Map<string, Map<number, Series>>()));
    let byStatus = byMethod.get(method);
    if (!byStatus) byMethod.set(method, (byStatus = new Map<number, Series>()));
    let series = byStatus.get(status);
    if (!series) {
      series = {
        labels: `route="${escapeLabel(route)}",method="${escapeLabel(method)}",status="${status}"`,
        counts: new Float64Array(this.buckets.length + 1),
        sum: 0,
        count: 0,
      };
      byStatus.set(status, series);
    }
    let bucket = 0;
    while (bucket < this.buckets.length && seconds > this.buckets[bucket]) bucket++;
    series.counts[bucket] += 1;
    series.sum += seconds;
    series.count += 1;
  }

  /** The histogram in Prometheus text format (cumulative buckets, +Inf, _sum and _count per series). */
  text(): string {
    const lines = [`# HELP ${this.name} ${this.help}`, `# TYPE ${this.name} histogram`];
    for (const byMethod of this.series.values()) {
      for (const byStatus of byMethod.values()) {
        for (const { labels, counts, sum, count } of byStatus.values()) {
          let cumulative = 0;
          this.buckets.forEach((bound, i) => {
            cumulative += counts[i];
            lines.push(`${this.name}_bucket{le="${bound}",${labels}} ${cumulative}`);
          });
          lines.push(`${this.name}_bucket{le="+Inf",${labels}} ${count}`);
          lines.push(`${this.name}_sum{${labels}} ${sum}`);
          lines.push(`${this.name}_count{${labels}} ${count}`);
        }
      }
    }
    return `${lines.join('\n')}\n`;
  }
}
