// Every enumeration of the product as data: the value that travels on the wire and the label people see.

export interface Option<V extends string = string> {
  value: V;
  label: string;
}

export const COUNTRIES = [
  { value: 'china', label: 'China' },
  { value: 'indonesia', label: 'Indonesia' },
  { value: 'japan', label: 'Japan' },
  { value: 'south-korea', label: 'South Korea' },
  { value: 'taiwan', label: 'Taiwan' },
  { value: 'thailand', label: 'Thailand' },
  { value: 'vietnam', label: 'Vietnam' },
] as const satisfies readonly Option[];

export type Country = (typeof COUNTRIES)[number]['value'];
export const COUNTRY_VALUES = COUNTRIES.map((c) => c.value) as [Country, ...Country[]];

export function countryLabel(value: string): string {
  return COUNTRIES.find((c) => c.value === value)?.label ?? value;
}

/** One list of student age groups for jobs, resumes and both searches, youngest first. */
export const AGE_GROUPS = ['Children', 'Adolescents', 'University', 'Adults'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];

export const CLASS_SIZES = ['1 - 10', '11 - 20', '21 - 30', 'Greater than 30'] as const;
export type ClassSize = (typeof CLASS_SIZES)[number];

export const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
export type Month = (typeof MONTHS)[number];

/** Job start date: '' means as soon as possible, '1'..'12' are months. */
export const START_DATES = [
  { value: '', label: 'ASAP' },
  ...MONTHS.map((label, i) => ({ value: String(i + 1), label })),
] as const satisfies readonly Option[];
export const START_DATE_VALUES = START_DATES.map((s) => s.value);

export function startDateLabel(value: string): string {
  return START_DATES.find((s) => s.value === value)?.label ?? value;
}

/** Contract duration in months: 1..11, 12 is one year, 13 is more than one year. */
export const DURATIONS = [
  ...Array.from({ length: 11 }, (_, i) => ({
    value: String(i + 1),
    label: i === 0 ? '1 Month' : `${i + 1} Months`,
  })),
  { value: '12', label: '1 Year' },
  { value: '13', label: 'More than 1 year' },
] as const satisfies readonly Option[];
export const DURATION_VALUES = DURATIONS.map((d) => d.value);

export function durationLabel(value: string): string {
  return DURATIONS.find((d) => d.value === value)?.label ?? value;
}

export const NATIONALITIES = [
  'United States',
  'United Kingdom',
  'Canada',
  'Ireland',
  'South Africa',
  'New Zealand',
  'Australia',
  'Other',
] as const;
export type Nationality = (typeof NATIONALITIES)[number];

export const EDUCATION_LEVELS = ['High School', 'Bachelors', 'Masters', 'Phd'] as const;
export type Education = (typeof EDUCATION_LEVELS)[number];

export const EXPERIENCE_LEVELS = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10+'] as const;
export type Experience = (typeof EXPERIENCE_LEVELS)[number];

/** Resume desired country travels as the label ("South Korea"). */
export const DESIRED_COUNTRIES = COUNTRIES.map((c) => c.label) as [string, ...string[]];

export type JobStatus = 'unpublished' | 'published' | 'expired';
