// The home-made zone arithmetic held against Intl, which knows every zone's rules: the offset written
// into a proposal is the one Intl names for that moment, and the moment reads back as the wall time
// the school typed, in every zone the runtime knows.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { browserTimeZone, dateInZone, isoInZone, knownTimeZones, offsetMinutes, timeInBothZones } from './zoned-time';

/** One formatter per zone and kind: building them is what takes the time. */
function cached(cache: Map<string, Intl.DateTimeFormat>, timeZone: string, make: () => Intl.DateTimeFormat) {
  let format = cache.get(timeZone);
  if (!format) cache.set(timeZone, (format = make()));
  return format;
}
const offsetFormats = new Map<string, Intl.DateTimeFormat>();
const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** Intl's own words for the offset of `timeZone` at `ms`: "+09:00", "-05:00", "+00:00". */
function intlOffset(ms: number, timeZone: string): string {
  const name = cached(
    offsetFormats,
    timeZone,
    () => new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }),
  )
    .formatToParts(ms)
    .find((part) => part.type === 'timeZoneName')!.value;
  return name === 'GMT' ? '+00:00' : name.slice(3);
}

/** The wall clock of `timeZone` at `ms` as Intl reads it: "2026-12-10 11:00". */
function intlWallClock(ms: number, timeZone: string): string {
  const format = cached(
    wallFormats,
    timeZone,
    () =>
      new Intl.DateTimeFormat('en-CA', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
  );
  const parts = Object.fromEntries(format.formatToParts(ms).map((part) => [part.type, part.value]));
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}`;
}

describe('isoInZone', () => {
  it('writes the local time with the offset of its zone at that moment', () => {
    expect(isoInZone('2026-12-10', '11:00', 'Asia/Seoul')).toBe('2026-12-10T11:00:00+09:00');
    expect(isoInZone('2026-12-10', '11:00', 'America/New_York')).toBe('2026-12-10T11:00:00-05:00');
    expect(isoInZone('2026-07-01', '11:00', 'America/New_York')).toBe('2026-07-01T11:00:00-04:00');
    expect(isoInZone('2026-12-10', '09:15', 'Asia/Kolkata')).toBe('2026-12-10T09:15:00+05:30');
    expect(isoInZone('2026-12-10', '09:15', 'Asia/Kathmandu')).toBe('2026-12-10T09:15:00+05:45');
    // Chatham's summer time: +13:45.
    expect(isoInZone('2026-12-10', '23:59', 'Pacific/Chatham')).toBe('2026-12-10T23:59:00+13:45');
    expect(isoInZone('2026-12-10', '00:00', 'UTC')).toBe('2026-12-10T00:00:00+00:00');
    expect(isoInZone('2026-12-31', '23:30', 'America/St_Johns')).toBe('2026-12-31T23:30:00-03:30');
  });

  it('around the changes of the clocks: a skipped time moves on by the hour skipped, a repeated one is the first', () => {
    // New York, 8 March 2026: 02:00 became 03:00.
    expect(isoInZone('2026-03-08', '01:30', 'America/New_York')).toBe('2026-03-08T01:30:00-05:00');
    expect(isoInZone('2026-03-08', '02:30', 'America/New_York')).toBe('2026-03-08T03:30:00-04:00');
    expect(isoInZone('2026-03-08', '03:30', 'America/New_York')).toBe('2026-03-08T03:30:00-04:00');
    // 1 November 2026: 02:00 went back to 01:00, so 01:30 came twice; the first is in summer time.
    expect(isoInZone('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T01:30:00-04:00');
    expect(isoInZone('2026-11-01', '02:30', 'America/New_York')).toBe('2026-11-01T02:30:00-05:00');
    // Lord Howe Island moves its clocks by half an hour.
    expect(isoInZone('2026-10-04', '02:15', 'Australia/Lord_Howe')).toBe('2026-10-04T02:45:00+11:00');
  });

  it('refuses what is not a date or a time', () => {
    expect(isoInZone('', '11:00', 'Asia/Seoul')).toBeNull();
    expect(isoInZone('2026-12-10', '', 'Asia/Seoul')).toBeNull();
    expect(isoInZone('10/12/2026', '11:00', 'Asia/Seoul')).toBeNull();
  });

  it('agrees with Intl in every zone the runtime knows: the offset it names, and the wall time read back', () => {
    const zones = knownTimeZones();
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContain('Asia/Seoul');
    // Days away from most changes of the clocks, in both halves of the year.
    const days = ['2026-01-15', '2026-05-20', '2026-07-01', '2026-12-10'];
    const times = ['00:00', '06:45', '11:00', '23:30'];
    let checked = 0;
    const disagreements: string[] = [];
    for (const zone of zones) {
      for (const day of days) {
        for (const time of times) {
          const iso = isoInZone(day, time, zone)!;
          const ms = Date.parse(iso);
          const agrees =
            iso.slice(0, 16) === `${day}T${time}` &&
            iso.slice(19) === intlOffset(ms, zone) &&
            intlWallClock(ms, zone) === `${day} ${time}`;
          if (!agrees) disagreements.push(`${day} ${time} in ${zone}: ${iso}`);
          checked += 1;
        }
      }
    }
    expect(disagreements).toEqual([]);
    expect(checked).toBe(zones.length * days.length * times.length);
  }, 30_000);
});

describe('offsetMinutes and dateInZone', () => {
  it('read the zone’s offset and its calendar day', () => {
    const moment = Date.parse('2026-12-10T02:00:00Z');
    expect(offsetMinutes(moment, 'Asia/Seoul')).toBe(540);
    expect(offsetMinutes(moment, 'America/New_York')).toBe(-300);
    expect(dateInZone(moment, 'Asia/Seoul')).toBe('2026-12-10');
    expect(dateInZone(moment, 'America/New_York')).toBe('2026-12-09');
    expect(dateInZone(moment, 'America/New_York', 3)).toBe('2026-12-12');
  });
});

describe('timeInBothZones', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("shows a slot in the browser's zone and in the school's", () => {
    vi.stubEnv('TZ', 'America/New_York');
    expect(browserTimeZone()).toBe('America/New_York');
    expect(timeInBothZones('2026-12-10T02:00:00.000Z', 'Asia/Seoul')).toBe(
      'Wed 9 Dec, 21:00 your time (Thu 10 Dec, 11:00 in Asia/Seoul)',
    );
  });

  it('says it once when the browser is in the school’s zone', () => {
    vi.stubEnv('TZ', 'Asia/Seoul');
    expect(timeInBothZones('2026-12-10T02:00:00.000Z', 'Asia/Seoul')).toBe(
      "Thu 10 Dec, 11:00 your time (in Asia/Seoul, the school's time zone too)",
    );
  });
});
