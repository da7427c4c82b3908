// The four questions as a form of their own, saved where the teacher's answers are kept (this browser
// or the account): the /jobs panel's and the posting panel's.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { isApiError } from '../../../lib/api-error';
import { hasFacts, type Facts } from '../facts';
import type { TeacherFacts } from '../use-teacher-facts';
import {
  EligibilityQuestions,
  inputOf,
  readFactsInput,
  type FactsErrors,
  type FactsInput,
} from './eligibility-questions';

/** The server's field errors on the questions they belong to (`passports.1` is the passports'). */
export function factsErrorsOf(error: unknown): FactsErrors {
  const errors: FactsErrors = {};
  if (!isApiError(error) || !error.fields) return errors;
  for (const [path, message] of Object.entries(error.fields)) {
    const field = path.split('.')[0] as keyof FactsInput;
    if (['passports', 'degree', 'teflHours', 'teachingYears'].includes(field)) errors[field] ??= message;
  }
  return errors;
}

interface EligibilityFactsFormProps {
  teacher: Pick<TeacherFacts, 'facts' | 'keptIn' | 'save'>;
  /** The answers are kept (or cleared): `facts` are the new ones. */
  onSaved: (facts: Facts) => void;
  onCancel: () => void;
  /** The form's name, for screen readers moving by landmarks. */
  label: string;
}

export function EligibilityFactsForm({ teacher, onSaved, onCancel, label }: EligibilityFactsFormProps) {
  const [input, setInput] = useState(() => inputOf(teacher.facts));
  const [errors, setErrors] = useState<FactsErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const isShowingNewErrors = useRef(false);

  // Once the messages are on screen, the first control that says it is wrong takes the focus, so its
  // message is read out.
  useEffect(() => {
    if (!isShowingNewErrors.current) return;
    isShowingNewErrors.current = false;
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  const keep = async (facts: Facts) => {
    if (isSaving) return;
    setIsSaving(true);
    setFailure(null);
    try {
      await teacher.save(facts);
      onSaved(facts);
    } catch (error) {
      isShowingNewErrors.current = true;
      setErrors(factsErrorsOf(error));
      setFailure(error instanceof Error ? error.message : 'Your answers could not be saved. Please try again.');
    } finally {
      setIsSaving(false);
    }
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const read = readFactsInput(input);
    setErrors(read.errors);
    if (Object.keys(read.errors).length > 0) {
      isShowingNewErrors.current = true;
      return;
    }
    void keep(read.facts);
  };

  return (
    <form ref={formRef} className="eligibility-form" noValidate aria-label={label} onSubmit={onSubmit}>
      <EligibilityQuestions value={input} onChange={setInput} errors={errors} />
      <p className="field__hint">
        {teacher.keptIn === 'browser'
          ? 'Your answers are kept in this browser only.'
          : 'Your answers are kept in your account. Only you see them.'}
      </p>
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
      <div className="eligibility-form__actions">
        <button type="submit" className="button button--primary" aria-busy={isSaving || undefined}>
          Save my answers
        </button>
        {hasFacts(teacher.facts) && (
          <button type="button" className="button button--secondary" onClick={() => void keep({})}>
            Clear my answers
          </button>
        )}
        <button type="button" className="button button--secondary" onClick={onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
