import { MAX_PDF_BYTES, MESSAGES, MIN_RESUME_TEXT_CHARS, plainTextOf } from '@teacheast/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { toast, toastError } from '../../../lib/toast';
import { RichTextEditor } from '../../../ui/rich-text-editor';
import { useSaveResumeContent, type ResumeContent } from '../api';
import { WizardNav } from './wizard-nav';

type Mode = 'pdf' | 'text';

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Step 3: a PDF or rich text. Saving one clears the other (the server does it; we say so). */
export function ResumeContentStep({ userUuid, saved }: { userUuid: string; saved: ResumeContent }) {
  const navigate = useNavigate();
  const fileId = useId();
  const save = useSaveResumeContent(userUuid);
  const [mode, setMode] = useState<Mode>(saved.resumeUrl ? 'pdf' : 'text');
  const [html, setHtml] = useState(saved.resumeHtml);
  const [fileError, setFileError] = useState<string | null>(null);
  const [textError, setTextError] = useState<string | null>(null);
  const hasPdf = Boolean(saved.resumeUrl);
  const isTextDirty = html !== saved.resumeHtml;

  // Rejects only when the browser cannot read the file; the step then stays as it was.
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setFileError(null);
    if (!file) return;
    if (!/\.pdf$/i.test(file.name)) {
      setFileError('Only .pdf files are accepted.');
      return;
    }
    if (file.size > MAX_PDF_BYTES) {
      setFileError(MESSAGES.fileTooLarge);
      toast.error(MESSAGES.fileTooLarge);
      return;
    }
    const resumeUrl = await readAsDataUrl(file);
    save.mutate(
      { resumeUrl },
      {
        onSuccess: (answer) => {
          setHtml(answer.resumeHtml);
          toast.success('Your PDF is saved.');
        },
        onError: toastError,
      },
    );
  };

  const saveText = (then?: () => void) => {
    setTextError(null);
    // Rich text of 8 characters or fewer is not saved.
    if (plainTextOf(html).length < MIN_RESUME_TEXT_CHARS) {
      setTextError(`Write at least ${MIN_RESUME_TEXT_CHARS} characters, or upload a PDF instead.`);
      return;
    }
    save.mutate(
      { resumeHtml: html },
      {
        onSuccess: () => {
          toast.success('Your resume text is saved.');
          then?.();
        },
        onError: toastError,
      },
    );
  };

  const next = () => {
    const go = () => navigate(paths.postResumeStep('preview', userUuid));
    if (mode === 'text' && isTextDirty) saveText(go);
    else go();
  };

  return (
    <div className="card wizard-step">
      <fieldset className="mode-switch">
        <legend className="field__label">How would you like to add your resume?</legend>
        <label>
          <input type="radio" name="resume-mode" value="pdf" checked={mode === 'pdf'} onChange={() => setMode('pdf')} />{' '}
          Upload a PDF
        </label>
        <label>
          <input
            type="radio"
            name="resume-mode"
            value="text"
            checked={mode === 'text'}
            onChange={() => setMode('text')}
          />{' '}
          Write it here (rich text)
        </label>
        <p className="field__hint">Saving a PDF replaces your text, and saving text replaces your PDF.</p>
      </fieldset>

      {mode === 'pdf' ? (
        <div className="field">
          <label className="field__label" htmlFor={fileId}>
            Resume PDF
          </label>
          <p className="field__hint" id={`${fileId}-hint`}>
            A .pdf file of at most 1 MB (1,000,000 bytes).
          </p>
          <input
            id={fileId}
            type="file"
            accept=".pdf,application/pdf"
            aria-describedby={`${fileId}-hint${fileError ? ` ${fileId}-error` : ''}`}
            onChange={(event) => void onFile(event)}
            disabled={save.isPending}
          />
          {fileError && (
            <p className="field__error" id={`${fileId}-error`} role="alert">
              {fileError}
            </p>
          )}
          {save.isPending && <p aria-live="polite">Uploading…</p>}
          {hasPdf && (
            <p className="resume-step__current">
              Your PDF is saved.{' '}
              <a href={saved.resumeUrl} target="_blank" rel="noopener noreferrer">
                Open it<span className="visually-hidden"> (opens in a new tab)</span>
              </a>
            </p>
          )}
        </div>
      ) : (
        <div className="field">
          <RichTextEditor
            value={html}
            onChange={setHtml}
            label="Resume text"
            placeholder="Your experience, qualifications and what you are looking for."
          />
          {textError && (
            <p className="field__error" role="alert">
              {textError}
            </p>
          )}
          <p>
            <button
              type="button"
              className="button button--accent"
              onClick={() => saveText()}
              aria-busy={save.isPending || undefined}
            >
              {save.isPending ? 'Saving…' : 'Save text'}
            </button>
          </p>
        </div>
      )}

      <WizardNav backTo={paths.postResumeStep('profile-image', userUuid)}>
        <button type="button" className="button button--primary" onClick={next}>
          Next
        </button>
      </WizardNav>
    </div>
  );
}
