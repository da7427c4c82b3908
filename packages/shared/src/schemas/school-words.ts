// School profiles' words and limits (BEYOND §8), without zod: the web app's first load (a tile's
// "Recruiter", the school page) imports them. The schemas are in schools.ts.
import type { Country, Option } from '../enums.js';

export const SCHOOL_KINDS = [
  { value: 'language_centre', label: 'Language centre' },
  { value: 'public_school_program', label: 'Public school programme' },
  { value: 'private_school', label: 'Private school' },
  { value: 'international_school', label: 'International school' },
  { value: 'kindergarten', label: 'Kindergarten' },
  { value: 'university', label: 'University' },
  { value: 'recruiter', label: 'Recruiter' },
] as const satisfies readonly Option[];
export type SchoolKind = (typeof SCHOOL_KINDS)[number]['value'];
export const SCHOOL_KIND_VALUES = SCHOOL_KINDS.map((k) => k.value) as [SchoolKind, ...SchoolKind[]];

export function schoolKindLabel(kind: string): string {
  return SCHOOL_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

/** Schools one account may create. */
export const SCHOOLS_PER_ACCOUNT = 20;
/** Characters of text (not of markup) a school's about may hold. */
export const SCHOOL_ABOUT_TEXT_MAX = 5_000;
export const SCHOOL_NAME_MIN = 2;
export const SCHOOL_NAME_MAX = 120;
export const FOREIGN_TEACHERS_MAX = 500;
/** The earliest founding year a school may give. */
export const FOUNDED_YEAR_MIN = 1800;
/** The label of a job posted by a recruiter, on its tile and its page. */
export const RECRUITER_LABEL = 'Recruiter';

/** The national number a school of each country gives for its registration check. */
export const REGISTRATION_NAMES: Record<Country, string> = {
  'south-korea': 'business registration number',
  china: 'unified social credit code',
  japan: 'corporate number',
  taiwan: 'unified business number',
  thailand: 'tax identification number',
  vietnam: 'tax number (MST)',
  indonesia: 'tax number (NPWP)',
};
