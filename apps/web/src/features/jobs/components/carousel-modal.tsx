import { useState, type KeyboardEvent, type RefObject } from 'react';
import { ModalDialog } from '../../../ui/modal-dialog';
import './jobs.css';

export interface CarouselModalProps {
  images: string[];
  /** Names the pictures for screen readers, e.g. the company name. */
  title: string;
  startIndex?: number;
  /** The header image's button that opened the photos: the focus goes back to it. */
  returnFocusTo: RefObject<HTMLElement | null>;
  onClose: () => void;
}

/**
 * The posting's photos, one at a time, in the modal dialog (ui/modal-dialog.tsx: the page inert,
 * Tab kept inside, Escape and the backdrop close it, the focus back on the header image). The arrow
 * keys and the visible buttons move between photos.
 */
export function CarouselModal({ images, title, startIndex = 0, returnFocusTo, onClose }: CarouselModalProps) {
  const [index, setIndex] = useState(startIndex);
  const count = images.length;

  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    }
  };

  return (
    <ModalDialog
      title={`${title} photos`}
      closeLabel="Close photos"
      className="carousel"
      returnFocusTo={returnFocusTo}
      onKeyDown={onKeyDown}
      onClose={onClose}
    >
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
    </ModalDialog>
  );
}
