import { describe, expect, it } from 'vitest';
import { PERMITS } from '../schemas/terms-words.js';
import { ELIGIBILITY_CASES } from './eligibility-cases.js';
import { eligibilityFor, type EligibilityFacts, type EligibilityRules } from './eligibility.js';
import { EligibilityFactsSchema, EligibilityResultSchema, parseEligibilityRules } from './eligibility-schema.js';
import { ELIGIBILITY_RULES } from './rules.js';
import rulesFile from './rules.json' with { type: 'json' };

const SEVEN = ['US', 'GB', 'CA', 'IE', 'ZA', 'AU', 'NZ'];

/** A deep copy of JSON data (this package's lib has no structuredClone). */
const copyOf = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

describe('eligibilityFor, the table', () => {
  it('has at least 40 cases, every permit among them', () => {
    expect(ELIGIBILITY_CASES.length).toBeGreaterThanOrEqual(40);
    for (const permit of PERMITS) expect(ELIGIBILITY_CASES.some((c) => c.permit === permit)).toBe(true);
  });

  it.each(ELIGIBILITY_CASES)('$name', ({ permit, facts, englishTeachingPost, status, codes }) => {
    const result = eligibilityFor(ELIGIBILITY_RULES, facts, permit, { englishTeachingPost });
    expect(result.status).toBe(status);
    expect(result.reasons.map((r) => r.code)).toEqual(codes);
    expect(result.permit).toBe(permit);
    expect(result.rulesReviewedAt).toBe(ELIGIBILITY_RULES.reviewedAt);
    for (const reason of result.reasons) expect(reason.text).toMatch(/\S/);
    expect(EligibilityResultSchema.parse(result)).toEqual(result);
  });
});

describe('eligibilityFor, the texts', () => {
  it('says the E-2 passport reason in BEYOND §7 words', () => {
    const result = eligibilityFor(ELIGIBILITY_RULES, { passports: ['FR'], degree: 'bachelor' }, 'KR-E2');
    expect(result.reasons).toEqual([
      {
        code: 'passport',
        text: 'The E-2 visa needs a passport of the US, UK, Canada, Ireland, South Africa, Australia or New Zealand',
      },
    ]);
  });

  it('names the missing fact and the permit', () => {
    const result = eligibilityFor(ELIGIBILITY_RULES, { degree: 'bachelor' }, 'KR-E2');
    expect(result.reasons).toEqual([
      { code: 'missing_passports', text: 'To check the E-2 teaching visa, we need your passport.' },
    ]);
  });

  it('reads the job as an English teaching post unless told otherwise', () => {
    const facts: EligibilityFacts = { passports: ['FR'], degree: 'bachelor', teflHours: 120, teachingYears: 0 };
    const byDefault = eligibilityFor(ELIGIBILITY_RULES, facts, 'CN-Z');
    const told = eligibilityFor(ELIGIBILITY_RULES, facts, 'CN-Z', { englishTeachingPost: true });
    expect(byDefault).toEqual(told);
    expect(byDefault.status).toBe('not_eligible');
  });

  it('leaves the facts as they were', () => {
    const facts = { passports: ['us', 'FR'], degree: 'bachelor' as const };
    const copy = copyOf(facts);
    eligibilityFor(ELIGIBILITY_RULES, facts, 'KR-E2');
    expect(facts).toEqual(copy);
  });
});

describe('the rules file', () => {
  it('parses, and parsing keeps it as it is', () => {
    expect(parseEligibilityRules(rulesFile)).toEqual(rulesFile);
    expect(ELIGIBILITY_RULES).toBe(rulesFile);
  });

  it('has one rule for each permit of each country, with its sources', () => {
    const rules = parseEligibilityRules(rulesFile);
    expect(rules.permits.map((p) => p.permit).sort()).toEqual([...PERMITS].sort());
    for (const rule of rules.permits) expect(rule.sources.length).toBeGreaterThan(0);
    expect(rules.reviewedAt).toBe('2026-11-28');
  });

  it('holds KR-E2 and CN-Z exactly as BEYOND §7 states them', () => {
    const rules = parseEligibilityRules(rulesFile);
    const rule = (permit: string) => rules.permits.find((p) => p.permit === permit);
    expect(rule('KR-E2')?.requires).toEqual({ passports: SEVEN, minDegree: 'bachelor' });
    expect(rule('KR-E2')?.requiresForEnglishTeaching).toBeUndefined();
    expect(rule('CN-Z')?.requires).toEqual({
      minDegree: 'bachelor',
      anyOf: [{ minTeflHours: 120 }, { minTeachingYears: 2 }],
    });
    expect(rule('CN-Z')?.requiresForEnglishTeaching).toEqual({ passports: SEVEN });
  });

  type Breakage = [what: string, breakFile: (file: EligibilityRules) => void, named: string[]];
  const loose = (value: object) => value as Record<string, unknown>;
  const BREAKAGES: Breakage[] = [
    ['a reason left out', (f) => delete f.permits[4].reasons.degree, ['permits[KR-E2].reasons.degree', 'missing']],
    [
      'a degree the rules do not know',
      (f) => (loose(f.permits[2].requires).minDegree = 'phd'),
      ['permits[JP-INSTRUCTOR].requires.minDegree'],
    ],
    ['a permit left out', (f) => f.permits.pop(), ['no rule for VN-WORK']],
    ['a permit twice', (f) => f.permits.push(copyOf(f.permits[0])), ['2 rules for CN-Z']],
    [
      'a permit in the wrong country',
      (f) => (loose(f.permits[5]).country = 'japan'),
      ['permits[KR-E1].country', 'KR-E1 is not a permit of japan'],
    ],
    ['a review date that is not a date', (f) => (f.reviewedAt = 'last week'), ['reviewedAt']],
    [
      'a source that is not an address',
      (f) => (f.permits[0].sources[0].url = 'see the embassy'),
      ['permits[CN-Z].sources.0.url'],
    ],
    ['a permit without sources', (f) => (f.permits[1].sources = []), ['permits[ID-KITAS].sources', 'public source']],
    [
      'a passport that is not a code',
      (f) => f.permits[4].requires.passports?.splice(0, 1, 'USA'),
      ['permits[KR-E2].requires.passports.0'],
    ],
    [
      'a reason for no requirement',
      (f) => (f.permits[5].reasons.passport = 'Nobody asked'),
      ['permits[KR-E1].reasons.passport', 'belongs to no requirement'],
    ],
    ['an unknown field', (f) => (loose(f.permits[0].requires).minAge = 24), ['permits[CN-Z].requires', 'minAge']],
    ['no permits at all', (f) => delete loose(f).permits, ['permits']],
  ];

  it.each(BREAKAGES)('refuses %s in one line naming the problem', (_what, breakFile, named) => {
    const broken = copyOf(ELIGIBILITY_RULES);
    breakFile(broken);
    let message = '';
    try {
      parseEligibilityRules(broken);
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/^The eligibility rules file is not valid: /);
    expect(message).not.toMatch(/\n/);
    for (const part of named) expect(message).toContain(part);
  });

  it('refuses what is not a rules file', () => {
    expect(() => parseEligibilityRules(null)).toThrow(/^The eligibility rules file is not valid: the file/);
    expect(() => parseEligibilityRules('rules')).toThrow(/^The eligibility rules file is not valid: /);
  });
});

describe('EligibilityFactsSchema', () => {
  it('takes all four facts, or any of them missing', () => {
    const facts = { passports: ['US', 'IE'], degree: 'master', teflHours: 1000, teachingYears: 40 };
    expect(EligibilityFactsSchema.parse(facts)).toEqual(facts);
    expect(EligibilityFactsSchema.parse({})).toEqual({});
    expect(EligibilityFactsSchema.parse({ degree: 'none', teflHours: 0, teachingYears: 0 })).toEqual({
      degree: 'none',
      teflHours: 0,
      teachingYears: 0,
    });
  });

  it.each([
    ['no passport in the list', { passports: [] }, 'passports', 'Give at least one passport'],
    ['four passports', { passports: ['US', 'GB', 'IE', 'CA'] }, 'passports', 'Give at most three passports'],
    ['the same passport twice', { passports: ['US', 'US'] }, 'passports', 'Give each passport once'],
    ['a passport that is not a code', { passports: ['USA'] }, 'passports.0', 'two-letter country code'],
    ['a code in lower case', { passports: ['us'] }, 'passports.0', 'two-letter country code'],
    ['a degree it does not know', { degree: 'phd' }, 'degree', 'Choose your highest degree'],
    ['TEFL hours above 1000', { teflHours: 1001 }, 'teflHours', 'between 0 and 1000'],
    ['negative TEFL hours', { teflHours: -1 }, 'teflHours', 'between 0 and 1000'],
    ['half an hour', { teflHours: 120.5 }, 'teflHours', 'whole number'],
    ['41 years of teaching', { teachingYears: 41 }, 'teachingYears', 'between 0 and 40'],
    ['a field it does not know', { age: 30 }, '', 'age'],
  ])('refuses %s', (_what, input, path, message) => {
    const parsed = EligibilityFactsSchema.safeParse(input);
    expect(parsed.success).toBe(false);
    const issue = parsed.error?.issues[0];
    expect(issue?.path.join('.')).toBe(path);
    expect(JSON.stringify(issue)).toContain(message);
  });
});
