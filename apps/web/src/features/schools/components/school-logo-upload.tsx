// A school's logo (BEYOND §8): picked from a file, shown before it is sent, and re-encoded by the server
// like a job's header image. No crop: the server fits the whole picture in a square.
import type { OwnSchool } from '@teacheast/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { toast, toastError } from '../../../lib/toast';
import { ACCEPT_ATTRIBUTE, imageFileProblem, readAsDataUrl } from '../../job-wizard/components/image-files';
import { useSaveSchoolLogo } from '../my-schools-api';

export function SchoolLogoUpload({ school }: { school: OwnSchool }) {
  const inputId = useId();
  const save = useSaveSchoolLogo(school.slug);
  const [picked, setPicked] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const reason = imageFileProblem(file);
    setProblem(reason);
    setPicked(reason ? null : await readAsDataUrl(file));
  };

  const onSave = () => {
    if (!picked || save.isPending) return;
    save.mutate(picked, {
      onSuccess: () => {
        toast.success('Logo saved.');
        setPicked(null);
      },
      onError: toastError,
    });
  };

  return (
    <div className="school-logo-upload">
      {school.logo ? (
        <img
          className="school-logo-upload__image"
          src={school.logo}
          alt={`The logo of ${school.name}`}
          width={96}
          height={96}
        />
      ) : (
        <p>This school has no logo yet.</p>
      )}
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          {school.logo ? 'Choose a new logo' : 'Choose a logo'} (.jpg, .jpeg or .png, at most 5 MB)
        </label>
        <input id={inputId} type="file" accept={ACCEPT_ATTRIBUTE} onChange={(event) => void onPick(event)} />
        {problem && (
          <p className="field__error" role="alert">
            {problem}
          </p>
        )}
      </div>
      {picked && (
        <div className="school-logo-upload__picked">
          <img className="school-logo-upload__image" src={picked} alt="The logo you chose" width={96} height={96} />
          <button
            type="button"
            className="button button--primary"
            onClick={onSave}
            aria-busy={save.isPending || undefined}
          >
            {save.isPending ? 'Saving…' : 'Save logo'}
          </button>
        </div>
      )}
    </div>
  );
}
