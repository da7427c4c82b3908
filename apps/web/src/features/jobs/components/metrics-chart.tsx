import type { JobMetrics } from '@teacheast/shared';
import { useId } from 'react';
import './jobs.css';

type Day = JobMetrics['daily'][number];

const WIDTH = 720;
const HEIGHT = 260;
const PAD = { top: 16, right: 12, bottom: 34, left: 40 };

function shortDate(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString('en', { month: 'short', day: 'numeric', timeZone: 'UTC' });
}

/** A round step for the vertical axis: 1, 2, 5, 10, 20, 50… */
function niceMax(value: number): number {
  if (value <= 4) return 4;
  const magnitude = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 5, 10]) if (step * magnitude >= value) return step * magnitude;
  return 10 * magnitude;
}

/**
 * Clicks, saves and applications per day for the last 45 days, as grouped bars. The SVG scales to any width
 * (viewBox), and the same numbers are offered as a table for screen readers and careful reading.
 */
export function MetricsChart({ daily }: { daily: Day[] }) {
  const titleId = useId();
  const descId = useId();
  const max = niceMax(Math.max(1, ...daily.map((d) => Math.max(d.clicks, d.saves, d.applications))));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(daily.length, 1);
  const barW = Math.max(2, slot * 0.27);
  const y = (v: number) => PAD.top + plotH - (v / max) * plotH;
  const ticks = [0, max / 4, max / 2, (3 * max) / 4, max];
  const totalClicks = daily.reduce((s, d) => s + d.clicks, 0);
  const totalSaves = daily.reduce((s, d) => s + d.saves, 0);
  const totalApplications = daily.reduce((s, d) => s + d.applications, 0);
  const busiest = daily.reduce<Day | null>((b, d) => (b === null || d.clicks > b.clicks ? d : b), null);
  const first = daily[0]?.date;
  const last = daily[daily.length - 1]?.date;

  return (
    <figure className="metrics-chart">
      <div className="metrics-chart__legend" aria-hidden="true">
        <span className="metrics-chart__key metrics-chart__key--clicks" /> Clicks
        <span className="metrics-chart__key metrics-chart__key--saves" /> Saves
        <span className="metrics-chart__key metrics-chart__key--applications" /> Applications
      </div>
      <svg
        className="metrics-chart__svg"
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-labelledby={`${titleId} ${descId}`}
      >
        <title id={titleId}>Clicks and saves per day, last 45 days, with the applications received</title>
        <desc id={descId}>
          {first && last
            ? `From ${shortDate(first)} to ${shortDate(last)}: ${totalClicks} clicks, ${totalSaves} saves and ${totalApplications} applications.` +
              (busiest && busiest.clicks > 0
                ? ` The busiest day was ${shortDate(busiest.date)} with ${busiest.clicks} clicks.`
                : '')
            : 'No data.'}
        </desc>
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="metrics-chart__grid" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="metrics-chart__axis">
              {Math.round(t)}
            </text>
          </g>
        ))}
        {daily.map((d, i) => {
          const x = PAD.left + i * slot + (slot - 3 * barW) / 2;
          return (
            <g key={d.date}>
              <rect
                x={x}
                y={y(d.clicks)}
                width={barW}
                height={PAD.top + plotH - y(d.clicks)}
                className="metrics-chart__bar--clicks"
              />
              <rect
                x={x + barW}
                y={y(d.saves)}
                width={barW}
                height={PAD.top + plotH - y(d.saves)}
                className="metrics-chart__bar--saves"
              />
              <rect
                x={x + 2 * barW}
                y={y(d.applications)}
                width={barW}
                height={PAD.top + plotH - y(d.applications)}
                className="metrics-chart__bar--applications"
              />
              {(i % 7 === 0 || i === daily.length - 1) && (
                <text
                  x={PAD.left + i * slot + slot / 2}
                  y={HEIGHT - 10}
                  textAnchor="middle"
                  className="metrics-chart__axis"
                >
                  {shortDate(d.date)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption>
        <details className="metrics-chart__table">
          <summary>Show the numbers per day as a table</summary>
          <div className="metrics-chart__table-scroll" tabIndex={0} role="region" aria-label="Numbers per day">
            <table>
              <caption className="visually-hidden">Clicks, saves, applications and time spent per day</caption>
              <thead>
                <tr>
                  <th scope="col">Date</th>
                  <th scope="col">Clicks</th>
                  <th scope="col">Saves</th>
                  <th scope="col">Applications</th>
                  <th scope="col">Time spent (seconds)</th>
                </tr>
              </thead>
              <tbody>
                {[...daily].reverse().map((d) => (
                  <tr key={d.date}>
                    <th scope="row">{shortDate(d.date)}</th>
                    <td>{d.clicks}</td>
                    <td>{d.saves}</td>
                    <td>{d.applications}</td>
                    <td>{d.timeSpent}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </details>
      </figcaption>
    </figure>
  );
}
