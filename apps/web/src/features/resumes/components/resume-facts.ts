// How resume values read on tiles and pages, with the tile's defaults for missing values.

import { ago, type TimeUnit } from '../../../lib/dates';

const UNITS: [TimeUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
];

/** "just now", "5 minutes ago", "yesterday", "3 weeks ago". */
export function updatedAgo(iso: string | null, now = Date.now()): string {
  if (!iso) return 'just now';
  const elapsed = Math.max(0, now - Date.parse(iso));
  for (const [unit, ms] of UNITS) {
    if (elapsed >= ms) return ago(Math.floor(elapsed / ms), unit);
  }
  return 'just now';
}

/** Resume tile: desired country, start date and age group fall back to these when missing. */
export const TILE_DEFAULTS = {
  desiredCountry: 'Japan',
  desiredStartDate: 'March',
  desiredAgeGroup: 'College',
} as const;

export function experienceText(experience: string): string {
  if (!experience) return '';
  return experience === '1' ? '1 year' : `${experience} years`;
}

export function initialsOf(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return (
    parts
      .slice(0, 2)
      .map((p) => p[0]!.toUpperCase())
      .join('') || '?'
  ).slice(0, 2);
}
