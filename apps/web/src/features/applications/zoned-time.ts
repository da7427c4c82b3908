// Interview times across time zones (BEYOND §10): a school's local date and time in its own IANA zone
// made into an ISO string with that zone's offset, and a moment in words both in the viewer's zone
// (the browser's) and in the school's. The web app has no time-zone library; Intl knows every zone's
// rules, so the offset is read from it (zoned-time.test.ts holds this against Intl).

const MINUTE = 60_000;

/** The browser's own IANA time zone. */
export function browserTimeZone(): string {
  return new Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** Every IANA zone the browser knows, for the zone field's suggestions (none where it cannot list them). */
export function knownTimeZones(): string[] {
  return typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
}

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `timeZone` at `ms`, read as if it were UTC (what the zone's offset is added to). */
function wallClockAsUtc(ms: number, timeZone: string): number {
  let format = wallClocks.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallClocks.set(timeZone, format);
  }
  const part: Record<string, number> = {};
  for (const { type, value } of format.formatToParts(ms)) part[type] = Number(value);
  return Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
}

/** The zone's offset from UTC at `ms`, in minutes (Asia/Seoul: 540; America/New_York in winter: -300). */
export function offsetMinutes(ms: number, timeZone: string): number {
  const whole = Math.floor(ms / 1000) * 1000;
  return Math.round((wallClockAsUtc(whole, timeZone) - whole) / MINUTE);
}

const two = (n: number) => String(n).padStart(2, '0');

function offsetWords(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+';
  const abs = Math.abs(minutes);
  return `${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
}

/**
 * The moment a date (YYYY-MM-DD) and a time (HH:MM) mean on the wall clocks of `timeZone`, as ISO 8601
 * with that zone's offset then, e.g. ('2026-12-10', '11:00', 'Asia/Seoul') → '2026-12-10T11:00:00+09:00'.
 * A time the clocks skip (the hour a summer time starts) comes out as the moment it would have been,
 * read on the clocks after the change (02:30 becomes 03:30); a time they show twice, the first of the two.
 * Null for a date or time that cannot be read.
 */
export function isoInZone(date: string, time: string, timeZone: string): string | null {
  const d = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const t = /^(\d{2}):(\d{2})$/.exec(time);
  if (!d || !t) return null;
  const asUtc = Date.UTC(Number(d[1]), Number(d[2]) - 1, Number(d[3]), Number(t[1]), Number(t[2]));
  if (Number.isNaN(asUtc)) return null;
  // The offset before and after the guess differ only near a change of the clocks: the earlier offset
  // that still lands on the wall time wins; where none does (skipped), the later reading is taken.
  const before = offsetMinutes(asUtc - 24 * 60 * MINUTE, timeZone);
  const after = offsetMinutes(asUtc + 24 * 60 * MINUTE, timeZone);
  const candidates = [...new Set([before, after])].map((offset) => asUtc - offset * MINUTE);
  const exact = candidates.filter((ms) => wallClockAsUtc(ms, timeZone) === asUtc).sort((a, b) => a - b);
  const moment = exact[0] ?? asUtc - before * MINUTE;
  const offset = offsetMinutes(moment, timeZone);
  const wall = new Date(moment + offset * MINUTE);
  return (
    `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}` +
    `T${two(wall.getUTCHours())}:${two(wall.getUTCMinutes())}:00${offsetWords(offset)}`
  );
}

/** "Thu 10 Dec, 11:00" in `timeZone`, or in the browser's zone without one. */
function momentWords(ms: number, timeZone?: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    ...(timeZone ? { timeZone } : {}),
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(ms);
}

/**
 * A moment in the viewer's time zone and in the school's, e.g.
 * "Wed 9 Dec, 21:00 your time (Thu 10 Dec, 11:00 in Asia/Seoul)"; once when both zones are the same.
 */
export function timeInBothZones(iso: string, schoolZone: string): string {
  const ms = Date.parse(iso);
  const yours = momentWords(ms);
  if (browserTimeZone() === schoolZone) return `${yours} your time (in ${schoolZone}, the school's time zone too)`;
  return `${yours} your time (${momentWords(ms, schoolZone)} in ${schoolZone})`;
}

/** A moment in the viewer's zone with the year, e.g. "28 Nov 2026, 19:43" (when a message was sent). */
export function localDateTime(iso: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(Date.parse(iso));
}

/** Today's date (YYYY-MM-DD) on the clocks of `timeZone`, `days` later. */
export function dateInZone(ms: number, timeZone: string, days = 0): string {
  const wall = new Date(wallClockAsUtc(ms, timeZone) + days * 24 * 60 * MINUTE);
  return `${wall.getUTCFullYear()}-${two(wall.getUTCMonth() + 1)}-${two(wall.getUTCDate())}`;
}
