import { describe, expect, it } from 'vitest';
import { ago, longUtcDate, type TimeUnit } from './dates';

describe('dates in words', () => {
  it('says what Intl.RelativeTimeFormat says in English', () => {
    const intl = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
    const units: TimeUnit[] = ['year', 'month', 'week', 'day', 'hour', 'minute'];
    for (const unit of units) {
      for (let count = 0; count <= 60; count++) expect(ago(count, unit)).toBe(intl.format(-count, unit));
    }
  });

  it('writes the UTC calendar day as Intl does', () => {
    const intl = new Intl.DateTimeFormat('en', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });
    for (let day = 0; day < 800; day += 7) {
      const iso = new Date(Date.UTC(2025, 0, 1, 23, 30) + day * 86_400_000).toISOString();
      expect(longUtcDate(iso)).toBe(intl.format(new Date(iso)));
    }
    expect(longUtcDate('2026-11-22T23:59:00.000Z')).toBe('November 22, 2026');
  });
});
