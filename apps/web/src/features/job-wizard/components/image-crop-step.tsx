// Step 3, Upload Image Head: pick a photo, crop it 16:9 (starting at half its width) and save it.
import { useId, useState, type ChangeEvent } from 'react';
import { toast, toastError } from '../../../lib/toast';
import { ImageCropper } from '../../../ui/image-cropper';
import { useHeaderImage, useSaveHeaderImage } from '../api';
import { ACCEPT_ATTRIBUTE, imageFileProblem, readAsDataUrl } from './image-files';
import { WizardNav } from './wizard-nav';

export function ImageCropStep({ uuid, userUuid, readOnly }: { uuid: string; userUuid: string; readOnly: boolean }) {
  const inputId = useId();
  const header = useHeaderImage(uuid, userUuid);
  const save = useSaveHeaderImage(uuid, userUuid);
  const [source, setSource] = useState<string | null>(null);
  const [cropped, setCropped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const onPick = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const reason = imageFileProblem(file);
    setProblem(reason);
    if (reason) return;
    setCropped(null);
    setSource(await readAsDataUrl(file));
  };

  const onSave = () => {
    if (!cropped || save.isPending) return;
    save.mutate(cropped, {
      onSuccess: (result) => {
        toast.success(result.message);
        setSource(null);
        setCropped(null);
      },
      onError: toastError,
    });
  };

  const current = header.data?.thumbnail;
  return (
    <div className="image-crop-step">
      {current ? (
        <figure className="image-crop-step__current">
          <img src={current} alt="The current header image of this job" width={640} height={360} />
          <figcaption>Current header image. It is also shown, smaller, on the job's search tile.</figcaption>
        </figure>
      ) : (
        header.isSuccess && <p>This job has no header image yet. It is needed before publishing.</p>
      )}
      {!readOnly && (
        <div className="field">
          <label className="field__label" htmlFor={inputId}>
            {current ? 'Choose a new header image' : 'Choose a header image'} (.jpg, .jpeg or .png, at most 5 MB)
          </label>
          <input id={inputId} type="file" accept={ACCEPT_ATTRIBUTE} onChange={(e) => void onPick(e)} />
          {problem && (
            <p className="field__error" role="alert">
              {problem}
            </p>
          )}
        </div>
      )}
      {source && (
        <>
          <ImageCropper imageSrc={source} aspect={16 / 9} initialWidthPercent={50} onCropped={setCropped} />
          <div className="wizard__save">
            <button
              type="button"
              className="button button--primary"
              onClick={onSave}
              disabled={!cropped || save.isPending}
              aria-busy={save.isPending || undefined}
            >
              {save.isPending ? 'Saving…' : 'Save header image'}
            </button>
          </div>
        </>
      )}
      <WizardNav uuid={uuid} step="image-crop" />
    </div>
  );
}
