import { describe, expect, it, vi } from 'vitest';
import { ELIGIBILITY_FACTS_STORAGE_KEY } from '../../config/storage-keys';
import {
  describeFacts,
  factsQuery,
  hasFacts,
  readFacts,
  readStoredFacts,
  storeFacts,
  subscribeToStoredFacts,
} from './facts';

describe("a teacher's answers", () => {
  it('are read fact by fact, leaving out what is not in shape', () => {
    expect(readFacts({ passports: ['PH', 'XX', 'PH', 'us', 'GB', 'CA'], degree: 'bachelor', teflHours: 120 })).toEqual({
      // Unknown and lower-case codes and repeats go; three at most.
      passports: ['PH', 'GB', 'CA'],
      degree: 'bachelor',
      teflHours: 120,
    });
    expect(readFacts({ degree: 'phd', teflHours: 1001, teachingYears: 2.5 })).toEqual({});
    expect(readFacts({ teflHours: 0, teachingYears: 40 })).toEqual({ teflHours: 0, teachingYears: 40 });
    expect(readFacts('PH')).toEqual({});
    expect(readFacts(null)).toEqual({});
  });

  it('count as answered when any one is given (0 hours of TEFL is an answer)', () => {
    expect(hasFacts(null)).toBe(false);
    expect(hasFacts({})).toBe(false);
    expect(hasFacts({ passports: [] })).toBe(false);
    expect(hasFacts({ teflHours: 0 })).toBe(true);
    expect(hasFacts({ degree: 'none' })).toBe(true);
  });

  it("go in a search's query as the API takes them", () => {
    expect(factsQuery({ passports: ['PH', 'US'], degree: 'bachelor', teflHours: 120, teachingYears: 0 })).toEqual({
      passport: 'PH,US',
      degree: 'bachelor',
      teflHours: '120',
      teachingYears: '0',
    });
    expect(factsQuery({ degree: 'master' })).toEqual({
      passport: undefined,
      degree: 'master',
      teflHours: undefined,
      teachingYears: undefined,
    });
  });

  it('read in words, in the order of the questions', () => {
    expect(describeFacts({ passports: ['PH'], degree: 'bachelor', teflHours: 120, teachingYears: 1 })).toEqual([
      'Philippines passport',
      'Bachelor’s degree',
      'TEFL certificate of 120 hours',
      '1 year of teaching',
    ]);
    expect(describeFacts({ passports: ['US', 'IE'], teflHours: 0, teachingYears: 3 })).toEqual([
      'United States and Ireland passports',
      'No TEFL certificate',
      '3 years of teaching',
    ]);
  });

  it('are kept in this browser, the same object until they change, and forgotten when emptied', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeToStoredFacts(listener);
    expect(readStoredFacts()).toBeNull();

    storeFacts({ passports: ['PH'], degree: 'bachelor' });
    expect(listener).toHaveBeenCalledTimes(1);
    expect(JSON.parse(window.localStorage.getItem(ELIGIBILITY_FACTS_STORAGE_KEY)!)).toEqual({
      passports: ['PH'],
      degree: 'bachelor',
    });
    const first = readStoredFacts();
    expect(first).toEqual({ passports: ['PH'], degree: 'bachelor' });
    expect(readStoredFacts()).toBe(first);

    storeFacts({});
    expect(window.localStorage.getItem(ELIGIBILITY_FACTS_STORAGE_KEY)).toBeNull();
    expect(readStoredFacts()).toBeNull();
    unsubscribe();
  });

  it('read nothing from a stored value that is not theirs', () => {
    window.localStorage.setItem(ELIGIBILITY_FACTS_STORAGE_KEY, 'not json');
    expect(readStoredFacts()).toBeNull();
    window.localStorage.setItem(ELIGIBILITY_FACTS_STORAGE_KEY, JSON.stringify({ degree: 'phd' }));
    expect(readStoredFacts()).toBeNull();
  });
});
