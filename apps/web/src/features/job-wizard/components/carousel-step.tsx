// Step 4, Carousel Image Upload: up to 15 photos, picked or dropped, scaled in the browser to fit
// 900x900 and re-encoded, reordered or removed, then sent in as many requests as their size needs
// (carousel-upload.ts) under one upload progress bar.
import { MAX_CAROUSEL_IMAGES } from '@teacheast/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState, type DragEvent } from 'react';
import { toast, toastError } from '../../../lib/toast';
import { uploadCarouselImages, useCarouselImages, wizardKeys } from '../api';
import { ACCEPT_ATTRIBUTE, imageFileProblem, scaleToFit } from './image-files';
import { WizardNav } from './wizard-nav';

export function CarouselStep({ uuid, userUuid, readOnly }: { uuid: string; userUuid: string; readOnly: boolean }) {
  const inputId = useId();
  const client = useQueryClient();
  const stored = useCarouselImages(uuid, userUuid);
  const [images, setImages] = useState<string[] | null>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [progress, setProgress] = useState<number | null>(null);
  const [isDragOver, setDragOver] = useState(false);
  const [status, setStatus] = useState('');

  useEffect(() => {
    if (stored.data && images === null) setImages(stored.data);
  }, [stored.data, images]);

  const list = images ?? [];
  const isDirty = stored.data !== undefined && JSON.stringify(list) !== JSON.stringify(stored.data);

  const addFiles = async (files: File[]) => {
    const found: string[] = [];
    const added: string[] = [];
    for (const file of files) {
      const reason = imageFileProblem(file);
      if (reason) {
        found.push(reason);
        continue;
      }
      if (list.length + added.length >= MAX_CAROUSEL_IMAGES) {
        found.push(`${file.name}: a job can have at most ${MAX_CAROUSEL_IMAGES} carousel images.`);
        continue;
      }
      try {
        added.push(await scaleToFit(file));
      } catch (error) {
        found.push(error instanceof Error ? error.message : `${file.name} could not be read.`);
      }
    }
    setProblems(found);
    if (added.length > 0) {
      setImages([...list, ...added]);
      setStatus(`${added.length} ${added.length === 1 ? 'image' : 'images'} added. Save to upload.`);
    }
  };

  const move = (index: number, by: -1 | 1) => {
    const next = [...list];
    const [item] = next.splice(index, 1);
    next.splice(index + by, 0, item!);
    setImages(next);
    setStatus(`Image moved to position ${index + by + 1}.`);
  };

  const remove = (index: number) => {
    setImages(list.filter((_, i) => i !== index));
    setStatus(`Image ${index + 1} removed. Save to apply.`);
  };

  const save = async (): Promise<boolean> => {
    if (readOnly || !isDirty) return true;
    if (progress !== null) return false;
    setProgress(0);
    try {
      const result = await uploadCarouselImages(uuid, userUuid, list, setProgress);
      client.setQueryData(wizardKeys.images(uuid), result);
      void client.invalidateQueries({ queryKey: wizardKeys.preview(uuid) });
      setImages(result);
      toast.success('Carousel images saved.');
      return true;
    } catch (error) {
      toastError(error);
      return false;
    } finally {
      setProgress(null);
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragOver(false);
    if (!readOnly) void addFiles([...event.dataTransfer.files]);
  };

  return (
    <div className="carousel-step">
      {!readOnly && (
        <div
          className={`drop-zone${isDragOver ? ' drop-zone--active' : ''}`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragOver(true);
          }}
          onDragLeave={() => setDragOver(false)}
          onDrop={onDrop}
        >
          <label className="field__label" htmlFor={inputId}>
            Add photos (.jpg, .jpeg or .png, at most 5 MB each, up to {MAX_CAROUSEL_IMAGES})
          </label>
          <input
            id={inputId}
            type="file"
            multiple
            accept={ACCEPT_ATTRIBUTE}
            onChange={(event) => {
              const files = [...(event.target.files ?? [])];
              event.target.value = '';
              void addFiles(files);
            }}
          />
          <p className="drop-zone__hint">…or drop them here.</p>
        </div>
      )}
      {problems.length > 0 && (
        <ul className="carousel-step__problems" role="alert">
          {problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
      <p className="visually-hidden" aria-live="polite">
        {status}
      </p>
      <p>
        {list.length} of {MAX_CAROUSEL_IMAGES} photos.
      </p>
      <ol className="carousel-list">
        {list.map((src, index) => (
          <li key={src.startsWith('data:') ? `new-${index}-${src.length}` : src} className="carousel-list__item">
            <img src={src} alt={`Carousel photo ${index + 1}`} width={180} height={120} />
            {!readOnly && (
              <div className="carousel-list__actions">
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => move(index, -1)}
                  disabled={index === 0}
                  aria-label={`Move photo ${index + 1} earlier`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => move(index, 1)}
                  disabled={index === list.length - 1}
                  aria-label={`Move photo ${index + 1} later`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  className="button button--secondary"
                  onClick={() => remove(index)}
                  aria-label={`Delete photo ${index + 1}`}
                >
                  Delete
                </button>
              </div>
            )}
          </li>
        ))}
      </ol>
      {progress !== null && (
        <div className="upload-progress">
          <label htmlFor={`${inputId}-progress`}>Uploading…</label>
          <progress id={`${inputId}-progress`} max={1} value={progress} />
        </div>
      )}
      {!readOnly && (
        <div className="wizard__save">
          <button
            type="button"
            className="button button--secondary"
            onClick={() => void save()}
            disabled={!isDirty || progress !== null}
          >
            Save photos
          </button>
          <p className="wizard__hint">{isDirty ? 'Next saves your changes.' : 'Saved.'}</p>
        </div>
      )}
      <WizardNav uuid={uuid} step="carousel-images" beforeNext={save} />
    </div>
  );
}
