// The resume wizard's details step asks the four questions of "Can I take these jobs?" too, as an
// optional part saved to the account with the step's Next (PUT /api/post-resume/eligibility/{userUuid}).
// The answers a visitor gave in this browser before signing up fill it until the account has its own.
import { useEffect, useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { isApiError } from '../../../lib/api-error';
import { Spinner } from '../../../ui/spinner';
import { useSavedFacts, useSaveFacts } from '../api';
import { readStoredFacts, type Facts } from '../facts';
import { factsErrorsOf } from './eligibility-facts-form';
import { EligibilityQuestions, inputOf, isSameFacts, readFactsInput, type FactsErrors } from './eligibility-questions';
import '../eligibility.css';

export interface EligibilityFactsPartHandle {
  /**
   * Saves the answers when they changed; false (with the messages shown) when one is wrong or the
   * account refused them, so the step stays.
   */
  save: () => Promise<boolean>;
}

interface EligibilityFactsPartProps {
  userUuid: string;
  ref?: Ref<EligibilityFactsPartHandle>;
}

export function EligibilityFactsPart({ userUuid, ref }: EligibilityFactsPartProps) {
  const saved = useSavedFacts(userUuid);
  const titleId = useId();

  // The handle is the questions' (below): until the account's answers are known it is null, and there
  // is nothing to save; if they cannot be read, the part says so and the step goes on without it
  // (saving would overwrite answers nobody saw).

  return (
    <section className="eligibility-part" aria-labelledby={titleId}>
      <h2 id={titleId} className="eligibility-part__title">
        Can I take these jobs? <span className="eligibility-part__optional">(optional)</span>
      </h2>
      <p className="field__hint">
        Your passports, degree, TEFL certificate and years of teaching tell you which jobs’ work permits you qualify
        for, on every job. Only you see these answers.
      </p>
      {saved.isPending && <Spinner label="Loading your answers" />}
      {saved.isError && (
        <p className="field__error" role="alert">
          Your answers could not be loaded: {saved.error.message}
        </p>
      )}
      {saved.isSuccess && (
        <FactsQuestions
          userUuid={userUuid}
          saved={saved.data.facts}
          initial={saved.data.facts ?? readStoredFacts()}
          ref={ref}
        />
      )}
    </section>
  );
}

interface FactsQuestionsProps {
  userUuid: string;
  /** The account's answers; null before the first save. */
  saved: Facts | null;
  /** What the questions start from: the account's answers, or this browser's. */
  initial: Facts | null;
  ref?: Ref<EligibilityFactsPartHandle>;
}

function FactsQuestions({ userUuid, saved, initial, ref }: FactsQuestionsProps) {
  const [input, setInput] = useState(() => inputOf(initial));
  const [errors, setErrors] = useState<FactsErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const saveFacts = useSaveFacts(userUuid);
  const questionsRef = useRef<HTMLDivElement>(null);
  const isShowingNewErrors = useRef(false);

  // Once the messages of a refused Next are on screen, the first wrong answer takes the focus.
  useEffect(() => {
    if (!isShowingNewErrors.current) return;
    isShowingNewErrors.current = false;
    questionsRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [errors]);

  useImperativeHandle(
    ref,
    () => ({
      save: async () => {
        const read = readFactsInput(input);
        setErrors(read.errors);
        setFailure(null);
        if (Object.keys(read.errors).length > 0) {
          isShowingNewErrors.current = true;
          return false;
        }
        if (isSameFacts(read.facts, saved)) return true;
        try {
          await saveFacts.mutateAsync(read.facts);
          return true;
        } catch (error) {
          isShowingNewErrors.current = true;
          setErrors(factsErrorsOf(error));
          setFailure(isApiError(error) ? error.message : 'Your answers could not be saved. Please try again.');
          return false;
        }
      },
    }),
    [input, saved, saveFacts],
  );

  return (
    <div ref={questionsRef}>
      <EligibilityQuestions value={input} onChange={setInput} errors={errors} />
      {failure && (
        <p className="field__error" role="alert">
          {failure}
        </p>
      )}
    </div>
  );
}
