// The Pay and Conditions step's form: the contract sheet (BEYOND §6) as the inputs hold it (text, and
// 'yes'/'no' for the two questions), read back into a sheet and checked with the shared rules, the
// same JobTermsSchema and termsIssues the server runs. Field names are the sheet's dotted paths
// (`salary.max`), so the browser's messages and the server's `fields` land on the same inputs.
import {
  COUNTRY_CURRENCIES,
  JobTermsSchema,
  parsePay,
  termsIssues,
  type Country,
  type Currency,
  type JobTerms,
  type PayPeriod,
  type TermsIssue,
  type TermsJob,
} from '@teacheast/shared';
import type { FieldErrors, Resolver } from 'react-hook-form';

export interface TermsFormValues {
  salary: { currency: string; min: string; max: string; period: string; basis: string };
  teachingHoursPerWeek: string;
  officeHoursPerWeek: string;
  housing: string;
  housingAllowance: string;
  flights: string;
  /** sponsored: 'yes', 'no', or '' before it is answered. */
  visa: { sponsored: string; permit: string; costsPaidBy: string };
  vacationDays: string;
  healthInsurance: string;
  severance: string;
  /** 'yes', 'no', or '' before it is answered. */
  splitShift: string;
  saturdays: string;
}

/** Every input's name: where a message from the browser or the server can land. */
export const TERMS_FIELD_PATHS = [
  'salary.currency',
  'salary.min',
  'salary.max',
  'salary.period',
  'salary.basis',
  'teachingHoursPerWeek',
  'officeHoursPerWeek',
  'housing',
  'housingAllowance',
  'flights',
  'visa.sponsored',
  'visa.permit',
  'visa.costsPaidBy',
  'vacationDays',
  'healthInsurance',
  'severance',
  'splitShift',
  'saturdays',
] as const;

/** The currency a sheet starts in: the job country's own. */
function ownCurrencyOf(country: string): Currency | undefined {
  return COUNTRY_CURRENCIES[country as Country] as Currency | undefined;
}

/** The currencies the school may choose: the country's own, then USD. */
export function currencyChoices(country: string): Currency[] {
  const own = ownCurrencyOf(country);
  return own ? [own, 'USD'] : ['USD'];
}

/** A choice not made yet is left out, so the schema names what is missing. */
const choice = (value: string | null | undefined) => value || undefined;

/**
 * A number as typed: thousands separators ("2,300,000") are let through; anything else that is not a
 * number stays NaN, which the schema refuses as "must be a whole number". Empty is left out.
 */
function numberOf(text: string | null | undefined): number | undefined {
  const cleaned = (text ?? '').trim().replace(/[,\s]/g, '');
  return cleaned === '' ? undefined : Number(cleaned);
}

function yesNo(value: string | null | undefined): boolean | undefined {
  if (value === 'yes') return true;
  if (value === 'no') return false;
  return undefined;
}

/**
 * The sheet the inputs state, unchecked. What goes with another answer only (the allowance with
 * "Housing allowance", the permit and who pays with a sponsored visa) is left out otherwise, so a
 * value typed before the answer changed is not sent.
 */
function termsOf(values: TermsFormValues): unknown {
  const sponsored = yesNo(values.visa.sponsored);
  return {
    salary: {
      currency: choice(values.salary.currency),
      min: numberOf(values.salary.min),
      max: numberOf(values.salary.max),
      period: choice(values.salary.period),
      basis: choice(values.salary.basis),
    },
    teachingHoursPerWeek: numberOf(values.teachingHoursPerWeek),
    officeHoursPerWeek: numberOf(values.officeHoursPerWeek),
    housing: choice(values.housing),
    housingAllowance: values.housing === 'allowance' ? numberOf(values.housingAllowance) : undefined,
    flights: choice(values.flights),
    visa: {
      sponsored,
      permit: sponsored ? choice(values.visa.permit) : undefined,
      costsPaidBy: sponsored ? choice(values.visa.costsPaidBy) : undefined,
    },
    vacationDays: numberOf(values.vacationDays),
    healthInsurance: choice(values.healthInsurance),
    severance: choice(values.severance),
    splitShift: yesNo(values.splitShift),
    saturdays: choice(values.saturdays),
  };
}

/**
 * The sheet, or what is wrong with it: first each field on its own (the schema), then, once they
 * all hold, the rules between fields and the job (termsIssues), as the server checks them.
 */
function checkTerms(values: TermsFormValues, job: TermsJob): { terms: JobTerms } | { issues: TermsIssue[] } {
  const parsed = JobTermsSchema.safeParse(termsOf(values));
  if (!parsed.success) {
    return { issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })) };
  }
  const issues = termsIssues(parsed.data, job);
  return issues.length > 0 ? { issues } : { terms: parsed.data };
}

/** The issues as react-hook-form's nested errors; the first message of a field is the one shown. */
function fieldErrorsOf(issues: readonly TermsIssue[]): FieldErrors<TermsFormValues> {
  const errors: Record<string, unknown> = {};
  for (const { path, message } of issues) {
    const keys = path.split('.');
    let node = errors;
    for (const key of keys.slice(0, -1)) node = (node[key] ??= {}) as Record<string, unknown>;
    node[keys.at(-1)!] ??= { type: 'validate', message };
  }
  return errors as FieldErrors<TermsFormValues>;
}

/** The form's resolver: the values become the sheet, or the errors land on their inputs. */
export function termsResolver(job: TermsJob): Resolver<TermsFormValues, unknown, JobTerms> {
  return (values) => {
    const result = checkTerms(values, job);
    return 'terms' in result
      ? { values: result.terms, errors: {} }
      : { values: {}, errors: fieldErrorsOf(result.issues) };
  };
}

const text = (n: number | undefined) => (n === undefined ? '' : String(n));
const answer = (b: boolean) => (b ? 'yes' : 'no');

/** A saved sheet as the inputs show it. */
export function formValuesOf(terms: JobTerms): TermsFormValues {
  return {
    salary: {
      currency: terms.salary.currency,
      min: text(terms.salary.min),
      max: text(terms.salary.max),
      period: terms.salary.period,
      basis: terms.salary.basis,
    },
    teachingHoursPerWeek: text(terms.teachingHoursPerWeek),
    officeHoursPerWeek: text(terms.officeHoursPerWeek),
    housing: terms.housing,
    housingAllowance: text(terms.housingAllowance),
    flights: terms.flights,
    visa: {
      sponsored: answer(terms.visa.sponsored),
      permit: terms.visa.permit ?? '',
      costsPaidBy: terms.visa.costsPaidBy ?? '',
    },
    vacationDays: text(terms.vacationDays),
    healthInsurance: terms.healthInsurance,
    severance: terms.severance ?? '',
    splitShift: answer(terms.splitShift),
    saturdays: terms.saturdays,
  };
}

/** A blank sheet, in the job country's currency. */
export function emptyFormValues(country: string): TermsFormValues {
  return {
    salary: { currency: ownCurrencyOf(country) ?? '', min: '', max: '', period: '', basis: '' },
    teachingHoursPerWeek: '',
    officeHoursPerWeek: '',
    housing: '',
    housingAllowance: '',
    flights: '',
    visa: { sponsored: '', permit: '', costsPaidBy: '' },
    vacationDays: '',
    healthInsurance: '',
    severance: '',
    splitShift: '',
    saturdays: '',
  };
}

/**
 * A blank sheet with the salary the pay notes state, when they read as one (parsePay) in a currency
 * the sheet can hold; null when they do not, and the sheet starts blank.
 */
export function prefillFromPay(pay: string, country: string): TermsFormValues | null {
  const salary = parsePay(pay, country);
  if (!salary || !(currencyChoices(country) as string[]).includes(salary.currency)) return null;
  const blank = emptyFormValues(country);
  return {
    ...blank,
    salary: {
      ...blank.salary,
      currency: salary.currency,
      min: text(salary.value ?? salary.minValue),
      max: text(salary.maxValue),
      period: salary.unitText.toLowerCase() as PayPeriod,
    },
  };
}

/** Whether the inputs state the same sheet as the one saved (what Next and the hint go by). */
export function isSameSheet(values: TermsFormValues, saved: JobTerms | null): boolean {
  return saved !== null && JSON.stringify(termsOf(values)) === JSON.stringify(termsOf(formValuesOf(saved)));
}
