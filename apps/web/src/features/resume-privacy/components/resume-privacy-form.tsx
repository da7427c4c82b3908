// Who sees the teacher's resume (BEYOND §11): on the board, or only the schools they apply to; and the
// e-mail domains it is hidden from whatever the choice (an employer at one of them never sees it).
// One Save sends both; a domain the server refuses is marked where it sits in the list.
import {
  HIDDEN_DOMAINS_MAX,
  RESUME_VISIBILITIES,
  ResumePrivacySchema,
  type ResumePrivacy,
  type ResumeVisibility,
} from '@teacheast/shared';
import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { isApiError } from '../../../lib/api-error';
import { toast, toastError } from '../../../lib/toast';
import { Spinner } from '../../../ui/spinner';
import { SubmitButton } from '../../../ui/submit-button';
import { useResumePrivacy, useSaveResumePrivacy } from '../api';
import '../resume-privacy.css';

/** What each choice means for the teacher, said under it. */
const VISIBILITY_EXPLANATIONS: Record<ResumeVisibility, string> = {
  board:
    'Schools with a Resume Board subscription can find your resume on the board and open it, and so can the schools you apply to.',
  applications_only:
    'Your resume is not on the Resume Board. Only the schools you apply to can open it, from your application.',
};

/** The list's own check, the server's: an address pasted whole counts as its domain. */
const DomainsSchema = ResumePrivacySchema.shape.hiddenFromDomains;

const PRIVACY_SAVED_MESSAGE = 'Your resume’s privacy is saved.';

export function ResumePrivacyForm({ userUuid }: { userUuid: string }) {
  const privacy = useResumePrivacy(userUuid);
  if (privacy.isPending) return <Spinner label="Loading who sees your resume" />;
  if (privacy.isError) return <p role="alert">{privacy.error.message}</p>;
  return <PrivacyEditor userUuid={userUuid} saved={privacy.data} />;
}

/** The server's messages, by where they belong: the choice, the list, one domain of it. */
interface PrivacyErrors {
  visibility?: string;
  list?: string;
  /** By domain, as it was sent (the server names it by its place in the list sent). */
  domains: Record<string, string>;
}

const NO_ERRORS: PrivacyErrors = { domains: {} };

function PrivacyEditor({ userUuid, saved }: { userUuid: string; saved: ResumePrivacy }) {
  const save = useSaveResumePrivacy(userUuid);
  const id = useId();
  const [visibility, setVisibility] = useState<ResumeVisibility>(saved.visibility);
  const [domains, setDomains] = useState<string[]>(saved.hiddenFromDomains);
  const [typed, setTyped] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [errors, setErrors] = useState<PrivacyErrors>(NO_ERRORS);
  const formRef = useRef<HTMLFormElement>(null);
  const addInputRef = useRef<HTMLInputElement>(null);

  const ids = {
    title: `${id}-title`,
    visibilityError: `${id}-visibility-error`,
    domainsHint: `${id}-domains-hint`,
    domainsCount: `${id}-domains-count`,
    listError: `${id}-list-error`,
    addInput: `${id}-add`,
    addError: `${id}-add-error`,
    explanation: (value: ResumeVisibility) => `${id}-${value}-explanation`,
    choice: (value: ResumeVisibility) => `${id}-${value}`,
    domainError: (index: number) => `${id}-domain-${index}-error`,
  };

  /** The typed domain, checked as the server checks it; null (and its message shown) when refused. */
  const checkTyped = (): string | null => {
    const refuse = (message: string) => {
      setAddError(message);
      addInputRef.current?.focus();
      return null;
    };
    const candidate = typed.trim();
    if (!candidate) return refuse('Type a domain, e.g. school.example');
    const parsed = DomainsSchema.safeParse([candidate]);
    const domain = parsed.success ? parsed.data[0] : undefined;
    if (!parsed.success || domain === undefined) {
      return refuse(parsed.error?.issues[0]?.message ?? 'Not an e-mail domain, e.g. school.example');
    }
    if (domains.includes(domain)) return refuse(`${domain} is already in the list.`);
    if (domains.length >= HIDDEN_DOMAINS_MAX) {
      return refuse(`You can hide your resume from at most ${HIDDEN_DOMAINS_MAX} domains: remove one first.`);
    }
    return domain;
  };

  const add = () => {
    const domain = checkTyped();
    if (domain === null) return;
    setDomains([...domains, domain]);
    setTyped('');
    setAddError(null);
    setErrors((current) => ({ ...current, list: undefined }));
    addInputRef.current?.focus();
  };

  const remove = (domain: string) => {
    setDomains(domains.filter((d) => d !== domain));
    setErrors((current) => {
      const others = Object.entries(current.domains).filter(([d]) => d !== domain);
      return { ...current, list: undefined, domains: Object.fromEntries(others) };
    });
    // Its button is gone: the field that adds one is where the list goes on.
    addInputRef.current?.focus();
  };

  const onAddKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    // Enter in this field adds the domain; it does not save the form.
    if (event.key !== 'Enter') return;
    event.preventDefault();
    add();
  };

  /** Puts the server's field messages where they belong and brings the focus to the first. */
  const showErrors = (error: unknown, sent: readonly string[]) => {
    const fields = isApiError(error) ? (error.fields ?? {}) : {};
    const next: PrivacyErrors = { domains: {} };
    for (const [field, message] of Object.entries(fields)) {
      if (field === 'visibility') next.visibility = message;
      else if (field === 'hiddenFromDomains') next.list = message;
      else {
        const index = /^hiddenFromDomains\.(\d+)$/.exec(field)?.[1];
        const domain = index === undefined ? undefined : sent[Number(index)];
        if (domain !== undefined) next.domains[domain] ??= message;
      }
    }
    setErrors(next);
    // After the re-render: the first control that carries a message.
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[data-invalid]')?.focus();
    });
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    // A domain typed but not added yet goes with the others: leaving it behind would lose it unseen.
    let sent = [...domains];
    if (typed.trim()) {
      const domain = checkTyped();
      if (domain === null) return;
      sent = [...sent, domain];
      setDomains(sent);
      setTyped('');
      setAddError(null);
    }
    save.mutate(
      { visibility, hiddenFromDomains: sent },
      {
        onSuccess: (answer) => {
          setVisibility(answer.visibility);
          setDomains(answer.hiddenFromDomains);
          setErrors(NO_ERRORS);
          toast.success(PRIVACY_SAVED_MESSAGE);
        },
        onError: (error) => {
          showErrors(error, sent);
          toastError(error);
        },
      },
    );
  };

  return (
    <form ref={formRef} className="form resume-privacy" noValidate aria-labelledby={ids.title} onSubmit={onSubmit}>
      <h3 id={ids.title} className="resume-privacy__title">
        Who sees your resume
      </h3>

      <fieldset
        className="resume-privacy__group"
        aria-describedby={errors.visibility ? ids.visibilityError : undefined}
      >
        <legend className="field__label">Where your resume is shown</legend>
        {RESUME_VISIBILITIES.map(({ value, label }) => (
          <div key={value} className="resume-privacy__choice">
            <input
              type="radio"
              id={ids.choice(value)}
              name={`${id}-visibility`}
              value={value}
              checked={visibility === value}
              onChange={() => setVisibility(value)}
              aria-describedby={[ids.explanation(value), errors.visibility && ids.visibilityError]
                .filter(Boolean)
                .join(' ')}
              data-invalid={Boolean(errors.visibility) && value === visibility ? true : undefined}
            />
            <label htmlFor={ids.choice(value)} className="resume-privacy__choice-label">
              {label}
            </label>
            <p id={ids.explanation(value)} className="field__hint resume-privacy__explanation">
              {VISIBILITY_EXPLANATIONS[value]}
            </p>
          </div>
        ))}
        {errors.visibility && (
          <p className="field__error" id={ids.visibilityError}>
            {errors.visibility}
          </p>
        )}
      </fieldset>

      <fieldset
        className="resume-privacy__group"
        aria-describedby={[ids.domainsHint, errors.list && ids.listError].filter(Boolean).join(' ')}
      >
        <legend className="field__label">Hidden from these e-mail domains</legend>
        <p id={ids.domainsHint} className="field__hint">
          An employer whose e-mail address ends in one of these domains never sees your resume, whatever you chose
          above: your current school, say. At most {HIDDEN_DOMAINS_MAX}.
        </p>
        <p id={ids.domainsCount} className="resume-privacy__count" aria-live="polite">
          {domains.length === 0
            ? 'Your resume is hidden from no domain.'
            : `Hidden from ${domains.length} of at most ${HIDDEN_DOMAINS_MAX} domains.`}
        </p>
        {domains.length > 0 && (
          <ul className="resume-privacy__domains" aria-label="Hidden domains">
            {domains.map((domain, index) => {
              const message = errors.domains[domain];
              return (
                <li
                  key={domain}
                  className={message ? 'resume-privacy__domain field--invalid' : 'resume-privacy__domain'}
                >
                  <span className="resume-privacy__domain-name">{domain}</span>
                  <button
                    type="button"
                    className="button button--secondary resume-privacy__remove"
                    aria-label={`Remove ${domain}`}
                    data-invalid={message ? true : undefined}
                    aria-describedby={message ? ids.domainError(index) : undefined}
                    onClick={() => remove(domain)}
                  >
                    Remove
                  </button>
                  {message && (
                    <p className="field__error resume-privacy__domain-error" id={ids.domainError(index)}>
                      {message}
                    </p>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        {errors.list && (
          <p className="field__error" id={ids.listError}>
            {errors.list}
          </p>
        )}
        <div className={addError ? 'field field--invalid' : 'field'}>
          <label className="field__label" htmlFor={ids.addInput}>
            Domain or e-mail address to hide from
          </label>
          <div className="resume-privacy__add">
            <input
              ref={addInputRef}
              id={ids.addInput}
              className="field__control"
              type="text"
              inputMode="email"
              autoComplete="off"
              spellCheck={false}
              placeholder="school.example"
              value={typed}
              onChange={(event) => {
                setTyped(event.target.value);
                if (addError) setAddError(null);
              }}
              onKeyDown={onAddKeyDown}
              aria-invalid={addError ? true : undefined}
              aria-describedby={addError ? ids.addError : undefined}
            />
            <button type="button" className="button button--secondary" onClick={add}>
              Add
            </button>
          </div>
          {addError && (
            <p className="field__error" id={ids.addError} role="alert">
              {addError}
            </p>
          )}
        </div>
      </fieldset>

      <div className="resume-privacy__actions">
        <SubmitButton isPending={save.isPending}>Save privacy</SubmitButton>
      </div>
    </form>
  );
}
