// The four questions of "Can I take these jobs?" (BEYOND §7): passports (up to three), highest
// degree, TEFL hours, years of teaching. Every one may be left unanswered. Used by the form of the
// /jobs panel and the posting's panel, and by the resume wizard's details step.
import type { Degree } from '@teacheast/shared';
import { useId, type ReactNode } from 'react';
import { DEGREE_LABELS, MAX_PASSPORTS, TEACHING_YEARS_MAX, TEFL_HOURS_MAX, hasFacts, type Facts } from '../facts';
import { PASSPORT_COUNTRIES } from '../passport-countries';

/** The answers as the controls hold them: a slot per passport ('' when empty), numbers as typed. */
export interface FactsInput {
  passports: string[];
  degree: Degree | '';
  teflHours: string;
  teachingYears: string;
}

export type FactsErrors = Partial<Record<keyof FactsInput, string>>;

export function inputOf(facts: Facts | null): FactsInput {
  const passports = facts?.passports ?? [];
  return {
    passports: Array.from({ length: MAX_PASSPORTS }, (_, i) => passports[i] ?? ''),
    degree: facts?.degree ?? '',
    teflHours: facts?.teflHours === undefined ? '' : String(facts.teflHours),
    teachingYears: facts?.teachingYears === undefined ? '' : String(facts.teachingYears),
  };
}

/**
 * A whole number from 0 to `max` as typed, undefined when left empty, or the message saying what is
 * wrong (the words of EligibilityFactsSchema in the shared package).
 */
function readWholeNumber(text: string, what: string, max: number): number | undefined | { error: string } {
  const typed = text.trim();
  if (typed === '') return undefined;
  if (!/^\d+$/.test(typed)) return { error: `${what} must be a whole number` };
  const n = Number(typed);
  return n <= max ? n : { error: `${what} must be between 0 and ${max}` };
}

/** The answers read from the controls: the facts, or the message of each wrong answer. */
export function readFactsInput(input: FactsInput): { facts: Facts; errors: FactsErrors } {
  const facts: Facts = {};
  const errors: FactsErrors = {};
  const passports = input.passports.filter(Boolean);
  if (new Set(passports).size !== passports.length) errors.passports = 'Give each passport once';
  else if (passports.length > 0) facts.passports = passports;
  if (input.degree) facts.degree = input.degree;
  const teflHours = readWholeNumber(input.teflHours, 'TEFL hours', TEFL_HOURS_MAX);
  if (typeof teflHours === 'object') errors.teflHours = teflHours.error;
  else if (teflHours !== undefined) facts.teflHours = teflHours;
  const teachingYears = readWholeNumber(input.teachingYears, 'Years of teaching', TEACHING_YEARS_MAX);
  if (typeof teachingYears === 'object') errors.teachingYears = teachingYears.error;
  else if (teachingYears !== undefined) facts.teachingYears = teachingYears;
  return { facts, errors };
}

/** Whether two sets of answers say the same (passports in any order). */
export function isSameFacts(a: Facts | null, b: Facts | null): boolean {
  if (!hasFacts(a) || !hasFacts(b)) return hasFacts(a) === hasFacts(b);
  const passports = (facts: Facts) => [...(facts.passports ?? [])].sort().join(',');
  return (
    passports(a) === passports(b) &&
    a.degree === b.degree &&
    a.teflHours === b.teflHours &&
    a.teachingYears === b.teachingYears
  );
}

const PASSPORT_LABELS = ['Passport', 'Second passport (optional)', 'Third passport (optional)'];
const COUNTRY_OPTIONS = Object.entries(PASSPORT_COUNTRIES);

/**
 * A question's label, hint and message around its control, tied by ids as ui/field-frame.tsx does.
 * Written here rather than imported: /jobs loads these questions apart, and sharing that module with the
 * form pages would split it into a chunk of its own, one more file named in /jobs's first download.
 */
function Question({
  id,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** What a question's control carries: its id, whether it is wrong, and its hint and message. */
function controlOf(id: string, hint: boolean, error: string | undefined) {
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return { id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined };
}

interface EligibilityQuestionsProps {
  value: FactsInput;
  onChange: (next: FactsInput) => void;
  errors: FactsErrors;
}

export function EligibilityQuestions({ value, onChange, errors }: EligibilityQuestionsProps) {
  const id = useId();
  const ids = {
    passportsHint: `${id}-passports-hint`,
    passportsError: `${id}-passports-error`,
    degree: `${id}-degree`,
    teflHours: `${id}-tefl`,
    teachingYears: `${id}-years`,
  };
  const set = (next: Partial<FactsInput>) => onChange({ ...value, ...next });
  const setPassport = (index: number, code: string) =>
    set({ passports: value.passports.map((held, i) => (i === index ? code : held)) });
  // One more empty slot after the last passport chosen, up to three: a second passport is offered once
  // there is a first, and an emptied slot stays where it is.
  const lastChosen = value.passports.reduce((last, code, i) => (code ? i : last), -1);
  const slots = Math.min(MAX_PASSPORTS, lastChosen + 2);

  return (
    <div className="eligibility-questions">
      <fieldset
        className={`eligibility-questions__passports${errors.passports ? ' field--invalid' : ''}`}
        aria-describedby={errors.passports ? `${ids.passportsHint} ${ids.passportsError}` : ids.passportsHint}
      >
        <legend className="field__label">Passports</legend>
        <p className="field__hint" id={ids.passportsHint}>
          Every passport you hold, up to three.
        </p>
        {value.passports.slice(0, slots).map((code, index) => (
          <div className="field" key={index}>
            <label className="field__label" htmlFor={`${id}-passport-${index}`}>
              {PASSPORT_LABELS[index]}
            </label>
            <select
              id={`${id}-passport-${index}`}
              className="field__control"
              value={code}
              aria-invalid={errors.passports ? true : undefined}
              onChange={(e) => setPassport(index, e.target.value)}
            >
              <option value="">{index === 0 ? 'Choose a country' : 'None'}</option>
              {COUNTRY_OPTIONS.map(([country, name]) => (
                <option key={country} value={country}>
                  {name}
                </option>
              ))}
            </select>
          </div>
        ))}
        {errors.passports && (
          <p className="field__error" id={ids.passportsError}>
            {errors.passports}
          </p>
        )}
      </fieldset>
      <Question id={ids.degree} label="Highest degree" error={errors.degree}>
        <select
          {...controlOf(ids.degree, false, errors.degree)}
          className="field__control"
          value={value.degree}
          onChange={(e) => set({ degree: e.target.value as Degree | '' })}
        >
          <option value="">Choose a degree</option>
          {Object.entries(DEGREE_LABELS).map(([degree, label]) => (
            <option key={degree} value={degree}>
              {label}
            </option>
          ))}
        </select>
      </Question>
      <Question
        id={ids.teflHours}
        label="TEFL certificate, in hours"
        hint="A TEFL, TESOL or CELTA certificate; 0 if you have none."
        error={errors.teflHours}
      >
        <input
          {...controlOf(ids.teflHours, true, errors.teflHours)}
          className="field__control"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value.teflHours}
          onChange={(e) => set({ teflHours: e.target.value })}
        />
      </Question>
      <Question
        id={ids.teachingYears}
        label="Years of teaching"
        hint="Whole years; 0 if you have not taught yet."
        error={errors.teachingYears}
      >
        <input
          {...controlOf(ids.teachingYears, true, errors.teachingYears)}
          className="field__control"
          type="text"
          inputMode="numeric"
          autoComplete="off"
          value={value.teachingYears}
          onChange={(e) => set({ teachingYears: e.target.value })}
        />
      </Question>
    </div>
  );
}
