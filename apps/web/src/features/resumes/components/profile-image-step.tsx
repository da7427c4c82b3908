import { MAX_IMAGE_BYTES } from '@teacheast/shared';
import { useId, useState, type ChangeEvent } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { toast, toastError } from '../../../lib/toast';
import { ImageCropper } from '../../../ui/image-cropper';
import { Spinner } from '../../../ui/spinner';
import { useProfileImage, useSaveProfileImage } from '../api';
import { ProfilePhoto } from './profile-photo';
import { WizardNav } from './wizard-nav';

const IMAGE_TYPES = ['image/jpeg', 'image/png'];

function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** Step 2: choose a photo, crop it round (1:1, 30% wide to start), save it. */
export function ProfileImageStep({ userUuid }: { userUuid: string }) {
  const inputId = useId();
  const navigate = useNavigate();
  const current = useProfileImage(userUuid);
  const save = useSaveProfileImage(userUuid);
  const [source, setSource] = useState<string | null>(null);
  const [cropped, setCropped] = useState<string | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);

  // Rejects only when the browser cannot read the file; the step then stays as it was.
  const onFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setFileError(null);
    if (!file) return;
    if (!IMAGE_TYPES.includes(file.type) || !/\.(jpe?g|png)$/i.test(file.name)) {
      setFileError('Please choose a .jpg, .jpeg or .png image.');
      return;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      setFileError('Your file is too large');
      return;
    }
    setCropped(null);
    setSource(await readAsDataUrl(file));
  };

  const upload = (then?: () => void) => {
    if (!cropped || save.isPending) return;
    save.mutate(cropped, {
      onSuccess: () => {
        toast.success('Your photo is saved.');
        setSource(null);
        setCropped(null);
        then?.();
      },
      onError: toastError,
    });
  };

  const next = () => {
    const go = () => navigate(paths.postResumeStep('resume', userUuid));
    if (cropped) upload(go);
    else go();
  };

  return (
    <div className="card wizard-step">
      <div className="profile-step__current">
        {current.isPending ? (
          <Spinner label="Loading your photo" />
        ) : (
          <ProfilePhoto src={current.data?.profileImage ?? null} name="" size={120} />
        )}
        <p>{current.data?.profileImage ? 'Your current photo.' : 'No photo yet.'}</p>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={inputId}>
          Choose a photo
        </label>
        <p className="field__hint" id={`${inputId}-hint`}>
          A .jpg, .jpeg or .png image of at most 5 MB. You will crop it to a circle.
        </p>
        <input
          id={inputId}
          type="file"
          accept=".jpg,.jpeg,.png,image/jpeg,image/png"
          aria-describedby={`${inputId}-hint${fileError ? ` ${inputId}-error` : ''}`}
          onChange={(event) => void onFile(event)}
        />
        {fileError && (
          <p className="field__error" id={`${inputId}-error`} role="alert">
            {fileError}
          </p>
        )}
      </div>
      {source && (
        <>
          <ImageCropper
            imageSrc={source}
            aspect={1}
            cropShape="round"
            initialWidthPercent={30}
            onCropped={setCropped}
          />
          <p>
            <button
              type="button"
              className="button button--accent"
              disabled={!cropped}
              aria-busy={save.isPending || undefined}
              onClick={() => upload()}
            >
              {save.isPending ? 'Saving…' : 'Save photo'}
            </button>
          </p>
        </>
      )}
      <WizardNav backTo={paths.postResumeStep('details', userUuid)}>
        <button type="button" className="button button--primary" onClick={next} aria-busy={save.isPending || undefined}>
          Next
        </button>
      </WizardNav>
    </div>
  );
}
