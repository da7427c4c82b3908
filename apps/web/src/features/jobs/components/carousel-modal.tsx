import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import './jobs.css';

export interface CarouselModalProps {
  images: string[];
  /** Names the pictures for screen readers, e.g. the company name. */
  title: string;
  startIndex?: number;
  onClose: () => void;
}

/**
 * The posting's photos, one at a time, in a modal dialog. showModal() makes the rest of the page
 * inert, so focus stays inside; Escape closes it (native), the arrow keys and the visible
 * buttons move between photos, and focus returns to the opener when it closes.
 */
export function CarouselModal({ images, title, startIndex = 0, onClose }: CarouselModalProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [index, setIndex] = useState(startIndex);
  const count = images.length;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const opener = document.activeElement as HTMLElement | null;
    if (!dialog.open) dialog.showModal();
    return () => {
      if (dialog.open) dialog.close();
      opener?.focus();
    };
  }, []);

  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'Tab') {
      // A modal dialog makes the page inert, but Tab would still wander into the browser's own
      // toolbar; keep it cycling through the dialog's controls instead.
      const focusable = [
        ...(dialogRef.current?.querySelectorAll<HTMLElement>('button, [href], [tabindex]:not([tabindex="-1"])') ?? []),
      ];
      const first = focusable[0];
      const last = focusable[focusable.length - 1];
      if (!first || !last) return;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || !dialogRef.current?.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialogRef.current?.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };

  return (
    <dialog
      ref={dialogRef}
      className="carousel"
      aria-labelledby="carousel-title"
      onKeyDown={onKeyDown}
      onClose={() => {
        // Only a close the browser did by itself (Escape) counts; after our own close() in the
        // effect's clean-up (StrictMode re-runs it) the dialog is already open again.
        if (!dialogRef.current?.open) onClose();
      }}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its content) closes it.
        if (event.target === dialogRef.current) onClose();
      }}
    >
      <div className="carousel__frame">
        <div className="carousel__header">
          <h2 id="carousel-title" className="carousel__title">
            {title} photos
          </h2>
          <button type="button" className="carousel__close" onClick={onClose} aria-label="Close photos">
            <span aria-hidden="true">×</span>
          </button>
        </div>
        <figure className="carousel__figure">
          <img
            className="carousel__image"
            src={images[index]}
            alt={`${title}, photo ${index + 1} of ${count}`}
            width={900}
            height={600}
          />
          <figcaption className="carousel__counter" aria-live="polite">
            Photo {index + 1} of {count}
          </figcaption>
        </figure>
        {count > 1 && (
          <div className="carousel__controls">
            <button type="button" className="button button--secondary" onClick={() => go(-1)}>
              <span aria-hidden="true">←</span> Previous photo
            </button>
            <button type="button" className="button button--secondary" onClick={() => go(1)}>
              Next photo <span aria-hidden="true">→</span>
            </button>
          </div>
        )}
        <p className="carousel__hint">Use the arrow keys to move between photos and Escape to close.</p>
      </div>
    </dialog>
  );
}
