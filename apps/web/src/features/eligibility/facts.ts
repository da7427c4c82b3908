// A teacher's answers to "Can I take these jobs?" (BEYOND §7) as the web app keeps and shows them: in
// this browser for a visitor, in the search's URL for "Only jobs I can take", and in words. No zod:
// the /jobs panel that reads them loads with every search (docs/decisions/005-lean-first-load.md).
import type { Degree, EligibilityFacts, SearchTermsFilters } from '@teacheast/shared';
import { ELIGIBILITY_FACTS_STORAGE_KEY } from '../../config/storage-keys';
import { PASSPORT_COUNTRIES } from './passport-countries';

/** The four facts; any of them may be missing (the answer for a job that needs it is then unknown). */
export type Facts = Partial<EligibilityFacts>;

/**
 * Each degree as the question offers it, lowest first (the shared DEGREES, which live beside the
 * eligibility check itself and so are not imported into the panel's code).
 */
export const DEGREE_LABELS: Readonly<Record<Degree, string>> = {
  none: 'No degree',
  associate: 'Associate degree',
  bachelor: 'Bachelor’s degree',
  master: 'Master’s degree',
  doctorate: 'Doctorate',
};

/** The limits of EligibilityFactsSchema in the shared package. */
export const MAX_PASSPORTS = 3;
export const TEFL_HOURS_MAX = 1000;
export const TEACHING_YEARS_MAX = 40;

const isDegree = (value: unknown): value is Degree => typeof value === 'string' && Object.hasOwn(DEGREE_LABELS, value);

const isWholeNumber = (value: unknown, max: number): value is number =>
  typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= max;

/** Whether any of the four is answered. */
export function hasFacts(facts: Facts | null | undefined): facts is Facts {
  if (!facts) return false;
  return (
    (facts.passports?.length ?? 0) > 0 ||
    facts.degree !== undefined ||
    facts.teflHours !== undefined ||
    facts.teachingYears !== undefined
  );
}

/**
 * Facts read from something kept or received (the browser's storage, an old version of the app): a
 * fact that is not in shape is left out, so one bad value does not lose the others.
 */
export function readFacts(value: unknown): Facts {
  if (typeof value !== 'object' || value === null) return {};
  const raw = value as Record<string, unknown>;
  const facts: Facts = {};
  if (Array.isArray(raw.passports)) {
    const codes = raw.passports.filter(
      (code, index, all): code is string =>
        typeof code === 'string' && Object.hasOwn(PASSPORT_COUNTRIES, code) && all.indexOf(code) === index,
    );
    if (codes.length > 0) facts.passports = codes.slice(0, MAX_PASSPORTS);
  }
  if (isDegree(raw.degree)) facts.degree = raw.degree;
  if (isWholeNumber(raw.teflHours, TEFL_HOURS_MAX)) facts.teflHours = raw.teflHours;
  if (isWholeNumber(raw.teachingYears, TEACHING_YEARS_MAX)) facts.teachingYears = raw.teachingYears;
  return facts;
}

/** The facts as a search's query writes them (BEYOND §7): passports comma separated, numbers as text. */
export function factsQuery(facts: Facts): SearchTermsFilters {
  return {
    passport: facts.passports?.length ? facts.passports.join(',') : undefined,
    degree: facts.degree,
    teflHours: facts.teflHours === undefined ? undefined : String(facts.teflHours),
    teachingYears: facts.teachingYears === undefined ? undefined : String(facts.teachingYears),
  };
}

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** The name of a passport's country, or its code for one the list does not know. */
function passportName(code: string): string {
  return PASSPORT_COUNTRIES[code] ?? code;
}

/** The answers in words, in the questions' order: "Philippines passport", "Bachelor’s degree", … */
export function describeFacts(facts: Facts): string[] {
  const words: string[] = [];
  if (facts.passports?.length) {
    const names = facts.passports.map(passportName);
    words.push(`${names.join(' and ')} ${names.length === 1 ? 'passport' : 'passports'}`);
  }
  if (facts.degree) words.push(DEGREE_LABELS[facts.degree]);
  if (facts.teflHours !== undefined) {
    words.push(facts.teflHours === 0 ? 'No TEFL certificate' : `TEFL certificate of ${facts.teflHours} hours`);
  }
  if (facts.teachingYears !== undefined) words.push(`${count(facts.teachingYears, 'year', 'years')} of teaching`);
  return words;
}

// The visitor's answers in this browser. Every reader shares one copy, so that useSyncExternalStore
// sees the same object until the stored text changes (here or in another tab).

const listeners = new Set<() => void>();
let lastRead: { text: string | null; facts: Facts | null } = { text: null, facts: null };
/** The answers' text when the browser refused to store it (private mode): kept for the page's life. */
let unstoredText: string | null | undefined;

function storedText(): string | null {
  if (unstoredText !== undefined) return unstoredText;
  try {
    return window.localStorage.getItem(ELIGIBILITY_FACTS_STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The answers kept in this browser, or null before any (or without storage). */
export function readStoredFacts(): Facts | null {
  const text = storedText();
  if (text !== lastRead.text) {
    let facts: Facts | null = null;
    try {
      facts = text === null ? null : readFacts(JSON.parse(text));
    } catch {
      // Not JSON (written by hand, say): as if nothing were kept.
    }
    lastRead = { text, facts: hasFacts(facts) ? facts : null };
  }
  return lastRead.facts;
}

/** Keeps the answers in this browser; none (or all empty) forgets them. */
export function storeFacts(facts: Facts | null): void {
  const text = hasFacts(facts) ? JSON.stringify(facts) : null;
  try {
    if (text === null) window.localStorage.removeItem(ELIGIBILITY_FACTS_STORAGE_KEY);
    else window.localStorage.setItem(ELIGIBILITY_FACTS_STORAGE_KEY, text);
    unstoredText = undefined;
  } catch {
    unstoredText = text;
  }
  for (const listener of listeners) listener();
}

/** Calls `listener` when the kept answers change, here or in another tab. */
export function subscribeToStoredFacts(listener: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === ELIGIBILITY_FACTS_STORAGE_KEY || event.key === null) listener();
  };
  listeners.add(listener);
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
