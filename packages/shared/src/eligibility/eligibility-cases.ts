// One table of teachers and permits with the answer each must get from the product's rules
// (rules.json), run by the shared tests and by the web project's tests (apps/web/src/lib/eligibility.test.ts),
// so the browser and the server are held to the same answers.
import { PERMITS } from '../schemas/terms-words.js';
import type { EligibilityFacts, EligibilityStatus } from './eligibility.js';

export interface EligibilityCase {
  name: string;
  permit: string | null;
  facts: Partial<EligibilityFacts>;
  /** Whether the job is an English teaching post; left out, it is one (as every TeachEast job). */
  englishTeachingPost?: boolean;
  status: EligibilityStatus;
  /** The codes of the reasons, in order. */
  codes: string[];
}

/** A teacher who qualifies for every permit, with each requirement met. */
const QUALIFIED: EligibilityFacts = { passports: ['US'], degree: 'bachelor', teflHours: 120, teachingYears: 2 };

export const ELIGIBILITY_CASES: EligibilityCase[] = [
  ...PERMITS.map((permit): EligibilityCase => ({
    name: `${permit}: a US bachelor with 120 TEFL hours and 2 years of teaching qualifies`,
    permit,
    facts: QUALIFIED,
    status: 'eligible',
    codes: [],
  })),

  // KR-E2 exactly as BEYOND §7: a passport of US GB CA IE ZA AU NZ, and at least a bachelor's degree.
  {
    name: 'KR-E2: a UK bachelor qualifies without TEFL or years (not needed)',
    permit: 'KR-E2',
    facts: { passports: ['GB'], degree: 'bachelor' },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'KR-E2: a South African master qualifies (a higher degree meets a bachelor)',
    permit: 'KR-E2',
    facts: { passports: ['ZA'], degree: 'master' },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'KR-E2: a doctorate meets a bachelor too',
    permit: 'KR-E2',
    facts: { passports: ['NZ'], degree: 'doctorate' },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'KR-E2: an associate degree misses a bachelor by one step',
    permit: 'KR-E2',
    facts: { passports: ['US'], degree: 'associate' },
    status: 'not_eligible',
    codes: ['degree'],
  },
  {
    name: 'KR-E2: a French passport is not one of the seven',
    permit: 'KR-E2',
    facts: { passports: ['FR'], degree: 'bachelor' },
    status: 'not_eligible',
    codes: ['passport'],
  },
  {
    name: 'KR-E2: both failed, both reasons',
    permit: 'KR-E2',
    facts: { passports: ['FR'], degree: 'none' },
    status: 'not_eligible',
    codes: ['passport', 'degree'],
  },
  {
    name: 'KR-E2: one passport of three suffices (French and Irish)',
    permit: 'KR-E2',
    facts: { passports: ['FR', 'IE'], degree: 'bachelor' },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'KR-E2: three passports, none of the seven',
    permit: 'KR-E2',
    facts: { passports: ['FR', 'DE', 'IT'], degree: 'bachelor' },
    status: 'not_eligible',
    codes: ['passport'],
  },
  {
    name: 'KR-E2: no passport given is unknown',
    permit: 'KR-E2',
    facts: { degree: 'bachelor' },
    status: 'unknown',
    codes: ['missing_passports'],
  },
  {
    name: 'KR-E2: an empty passport list counts as not given',
    permit: 'KR-E2',
    facts: { passports: [], degree: 'bachelor' },
    status: 'unknown',
    codes: ['missing_passports'],
  },
  {
    name: 'KR-E2: no degree given is unknown',
    permit: 'KR-E2',
    facts: { passports: ['CA'] },
    status: 'unknown',
    codes: ['missing_degree'],
  },
  {
    name: 'KR-E2: no facts at all names each missing fact',
    permit: 'KR-E2',
    facts: {},
    status: 'unknown',
    codes: ['missing_passports', 'missing_degree'],
  },
  {
    name: 'KR-E2: a failed passport is not eligible even with the degree missing',
    permit: 'KR-E2',
    facts: { passports: ['FR'] },
    status: 'not_eligible',
    codes: ['passport'],
  },
  {
    name: 'KR-E2: passport codes in lower case still match',
    permit: 'KR-E2',
    facts: { passports: ['au'], degree: 'bachelor' },
    status: 'eligible',
    codes: [],
  },

  // CN-Z exactly as BEYOND §7: a bachelor's degree, and TEFL 120 hours or 2 years of teaching; for an
  // English teaching post, a passport of the same seven countries.
  {
    name: 'CN-Z: 120 TEFL hours and no teaching just meets',
    permit: 'CN-Z',
    facts: { passports: ['AU'], degree: 'bachelor', teflHours: 120, teachingYears: 0 },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'CN-Z: 2 years of teaching and no TEFL just meets',
    permit: 'CN-Z',
    facts: { passports: ['CA'], degree: 'bachelor', teflHours: 0, teachingYears: 2 },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'CN-Z: 119 TEFL hours and 1 year both just miss',
    permit: 'CN-Z',
    facts: { passports: ['US'], degree: 'bachelor', teflHours: 119, teachingYears: 1 },
    status: 'not_eligible',
    codes: ['qualification'],
  },
  {
    name: 'CN-Z: a master without TEFL or teaching still misses the alternatives',
    permit: 'CN-Z',
    facts: { passports: ['US'], degree: 'master', teflHours: 0, teachingYears: 0 },
    status: 'not_eligible',
    codes: ['qualification'],
  },
  {
    name: 'CN-Z: an associate degree misses the bachelor',
    permit: 'CN-Z',
    facts: { passports: ['US'], degree: 'associate', teflHours: 120, teachingYears: 2 },
    status: 'not_eligible',
    codes: ['degree'],
  },
  {
    name: 'CN-Z: to teach English, a French passport fails',
    permit: 'CN-Z',
    facts: { passports: ['FR'], degree: 'bachelor', teflHours: 120, teachingYears: 0 },
    status: 'not_eligible',
    codes: ['passport'],
  },
  {
    name: 'CN-Z: for a post that is not English teaching, a French passport is fine',
    permit: 'CN-Z',
    facts: { passports: ['FR'], degree: 'bachelor', teflHours: 120, teachingYears: 0 },
    englishTeachingPost: false,
    status: 'eligible',
    codes: [],
  },
  {
    name: 'CN-Z: for a post that is not English teaching, no passport is needed',
    permit: 'CN-Z',
    facts: { degree: 'bachelor', teflHours: 0, teachingYears: 3 },
    englishTeachingPost: false,
    status: 'eligible',
    codes: [],
  },
  {
    name: 'CN-Z: to teach English, no passport given is unknown',
    permit: 'CN-Z',
    facts: { degree: 'bachelor', teflHours: 0, teachingYears: 3 },
    status: 'unknown',
    codes: ['missing_passports'],
  },
  {
    name: 'CN-Z: years meet the alternative, so missing TEFL hours do not matter',
    permit: 'CN-Z',
    facts: { passports: ['IE'], degree: 'bachelor', teachingYears: 2 },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'CN-Z: 1 year and no TEFL hours given is unknown on the TEFL hours',
    permit: 'CN-Z',
    facts: { passports: ['IE'], degree: 'bachelor', teachingYears: 1 },
    status: 'unknown',
    codes: ['missing_tefl_hours'],
  },
  {
    name: 'CN-Z: 100 TEFL hours and no years given is unknown on the years',
    permit: 'CN-Z',
    facts: { passports: ['GB'], degree: 'bachelor', teflHours: 100 },
    status: 'unknown',
    codes: ['missing_teaching_years'],
  },
  {
    name: 'CN-Z: neither alternative given names both facts',
    permit: 'CN-Z',
    facts: { passports: ['GB'], degree: 'bachelor' },
    status: 'unknown',
    codes: ['missing_tefl_hours', 'missing_teaching_years'],
  },
  {
    name: 'CN-Z: a failed degree outweighs the missing alternatives',
    permit: 'CN-Z',
    facts: { passports: ['GB'], degree: 'none' },
    status: 'not_eligible',
    codes: ['degree'],
  },

  // Japan.
  {
    name: 'JP-INSTRUCTOR: any passport with a bachelor qualifies',
    permit: 'JP-INSTRUCTOR',
    facts: { passports: ['FR'], degree: 'bachelor' },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'JP-INSTRUCTOR: no passport is needed',
    permit: 'JP-INSTRUCTOR',
    facts: { degree: 'master' },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'JP-INSTRUCTOR: an associate degree misses',
    permit: 'JP-INSTRUCTOR',
    facts: { passports: ['US'], degree: 'associate', teflHours: 200, teachingYears: 10 },
    status: 'not_eligible',
    codes: ['degree'],
  },
  {
    name: 'JP-INSTRUCTOR: no degree given is unknown',
    permit: 'JP-INSTRUCTOR',
    facts: { passports: ['US'], teflHours: 120 },
    status: 'unknown',
    codes: ['missing_degree'],
  },
  {
    name: 'JP-HUMANITIES: no degree and 3 years of teaching just meets',
    permit: 'JP-HUMANITIES',
    facts: { passports: ['BR'], degree: 'none', teachingYears: 3 },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'JP-HUMANITIES: an associate degree and 2 years both just miss',
    permit: 'JP-HUMANITIES',
    facts: { passports: ['BR'], degree: 'associate', teachingYears: 2 },
    status: 'not_eligible',
    codes: ['qualification'],
  },
  {
    name: 'JP-HUMANITIES: a bachelor and no teaching meets',
    permit: 'JP-HUMANITIES',
    facts: { degree: 'bachelor', teachingYears: 0 },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'JP-HUMANITIES: no degree and years not given is unknown on the years',
    permit: 'JP-HUMANITIES',
    facts: { degree: 'none' },
    status: 'unknown',
    codes: ['missing_teaching_years'],
  },
  {
    name: 'JP-HUMANITIES: 5 years meet it with the degree not given',
    permit: 'JP-HUMANITIES',
    facts: { teachingYears: 5 },
    status: 'eligible',
    codes: [],
  },

  // South Korea, E-1.
  {
    name: 'KR-E1: any passport with a master qualifies',
    permit: 'KR-E1',
    facts: { passports: ['DE'], degree: 'master' },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'KR-E1: an associate degree misses',
    permit: 'KR-E1',
    facts: { passports: ['US'], degree: 'associate' },
    status: 'not_eligible',
    codes: ['degree'],
  },

  // Taiwan.
  {
    name: 'TW-WORK: a Philippine passport (English is official there) with a bachelor qualifies',
    permit: 'TW-WORK',
    facts: { passports: ['PH'], degree: 'bachelor' },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'TW-WORK: an associate degree with a TEFL certificate qualifies',
    permit: 'TW-WORK',
    facts: { passports: ['US'], degree: 'associate', teflHours: 1 },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'TW-WORK: an associate degree without a TEFL certificate misses',
    permit: 'TW-WORK',
    facts: { passports: ['US'], degree: 'associate', teflHours: 0 },
    status: 'not_eligible',
    codes: ['qualification'],
  },
  {
    name: 'TW-WORK: no degree with a TEFL certificate misses',
    permit: 'TW-WORK',
    facts: { passports: ['US'], degree: 'none', teflHours: 120 },
    status: 'not_eligible',
    codes: ['qualification'],
  },
  {
    name: 'TW-WORK: to teach English, a Japanese passport fails',
    permit: 'TW-WORK',
    facts: { passports: ['JP'], degree: 'bachelor' },
    status: 'not_eligible',
    codes: ['passport'],
  },
  {
    name: 'TW-WORK: for a post that is not English teaching, a Japanese passport is fine',
    permit: 'TW-WORK',
    facts: { passports: ['JP'], degree: 'bachelor' },
    englishTeachingPost: false,
    status: 'eligible',
    codes: [],
  },
  {
    name: 'TW-WORK: an associate degree with TEFL hours not given is unknown',
    permit: 'TW-WORK',
    facts: { passports: ['CA'], degree: 'associate' },
    status: 'unknown',
    codes: ['missing_tefl_hours'],
  },

  // Thailand.
  {
    name: 'TH-NON-B: any passport with a bachelor qualifies',
    permit: 'TH-NON-B',
    facts: { passports: ['FR'], degree: 'bachelor' },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'TH-NON-B: an associate degree misses',
    permit: 'TH-NON-B',
    facts: { passports: ['GB'], degree: 'associate' },
    status: 'not_eligible',
    codes: ['degree'],
  },

  // Vietnam.
  {
    name: 'VN-WORK: 1 year of teaching just misses',
    permit: 'VN-WORK',
    facts: { passports: ['US'], degree: 'bachelor', teflHours: 120, teachingYears: 1 },
    status: 'not_eligible',
    codes: ['teaching_years'],
  },
  {
    name: 'VN-WORK: to teach English, 119 TEFL hours just miss',
    permit: 'VN-WORK',
    facts: { passports: ['US'], degree: 'bachelor', teflHours: 119, teachingYears: 2 },
    status: 'not_eligible',
    codes: ['tefl'],
  },
  {
    name: 'VN-WORK: for a post that is not English teaching, no TEFL is needed',
    permit: 'VN-WORK',
    facts: { passports: ['US'], degree: 'bachelor', teflHours: 0, teachingYears: 2 },
    englishTeachingPost: false,
    status: 'eligible',
    codes: [],
  },
  {
    name: 'VN-WORK: every failed requirement has its reason, in order',
    permit: 'VN-WORK',
    facts: { passports: ['US'], degree: 'associate', teflHours: 0, teachingYears: 1 },
    status: 'not_eligible',
    codes: ['degree', 'teaching_years', 'tefl'],
  },

  // Indonesia.
  {
    name: 'ID-KITAS: 5 years of teaching and no TEFL just meets',
    permit: 'ID-KITAS',
    facts: { passports: ['FR'], degree: 'bachelor', teflHours: 0, teachingYears: 5 },
    status: 'eligible',
    codes: [],
  },
  {
    name: 'ID-KITAS: 4 years and 119 TEFL hours just miss',
    permit: 'ID-KITAS',
    facts: { passports: ['FR'], degree: 'bachelor', teflHours: 119, teachingYears: 4 },
    status: 'not_eligible',
    codes: ['qualification'],
  },
  {
    name: 'ID-KITAS: an associate degree misses',
    permit: 'ID-KITAS',
    facts: { passports: ['US'], degree: 'associate', teflHours: 120, teachingYears: 5 },
    status: 'not_eligible',
    codes: ['degree'],
  },

  // No permit to check.
  {
    name: 'a job that names no permit is unknown, whatever the facts',
    permit: null,
    facts: QUALIFIED,
    status: 'unknown',
    codes: ['no_permit'],
  },
  {
    name: 'a job that names no permit is unknown without facts too',
    permit: null,
    facts: {},
    status: 'unknown',
    codes: ['no_permit'],
  },
  {
    name: 'a permit the rules do not know is unknown',
    permit: 'XX-NONE',
    facts: QUALIFIED,
    status: 'unknown',
    codes: ['unknown_permit'],
  },
];
