// Crops an image to a fixed aspect (react-easy-crop) and hands back the crop as a data URL drawn on a
// canvas. The first crop is centred and initialWidthPercent of the image wide.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';

export interface ImageCropperProps {
  imageSrc: string;
  aspect: number;
  cropShape?: 'rect' | 'round';
  initialWidthPercent: number;
  onCropped(dataUrl: string): void;
}

/** Large enough for the server's biggest variant, small enough to stay far below the upload limit. */
const MAX_OUTPUT_WIDTH = 1600;
const MAX_ZOOM = 6;

function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('The image could not be loaded'));
    image.src = src;
  });
}

/** Draws the cropped pixels on a canvas; PNG keeps transparency, JPEG keeps photos small. */
async function cropToDataUrl(imageSrc: string, area: Area, type: 'image/jpeg' | 'image/png'): Promise<string> {
  const image = await loadImage(imageSrc);
  const scale = Math.min(1, MAX_OUTPUT_WIDTH / area.width);
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('This browser cannot draw images');
  if (type === 'image/jpeg') {
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
  }
  context.imageSmoothingQuality = 'high';
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL(type, 0.9);
}

/** The area, in percent of the image, that is centred, initialWidthPercent wide and of the given aspect. */
function initialArea(natural: { width: number; height: number }, aspect: number, widthPercent: number): Area {
  let widthPx = (natural.width * widthPercent) / 100;
  let heightPx = widthPx / aspect;
  if (heightPx > natural.height) {
    heightPx = natural.height;
    widthPx = heightPx * aspect;
  }
  const width = (widthPx / natural.width) * 100;
  const height = (heightPx / natural.height) * 100;
  return { x: (100 - width) / 2, y: (100 - height) / 2, width, height };
}

export function ImageCropper({
  imageSrc,
  aspect,
  cropShape = 'rect',
  initialWidthPercent,
  onCropped,
}: ImageCropperProps) {
  const zoomId = useId();
  const hintId = useId();
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [start, setStart] = useState<Area | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const onCroppedRef = useRef(onCropped);
  onCroppedRef.current = onCropped;
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const outputType = cropShape === 'round' || imageSrc.startsWith('data:image/png') ? 'image/png' : 'image/jpeg';

  // The starting crop depends on the picture's own size, so read it before showing the cropper.
  useEffect(() => {
    let isCurrent = true;
    setStart(null);
    setLoadError(null);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    loadImage(imageSrc)
      .then((image) => {
        if (isCurrent) {
          setStart(
            initialArea({ width: image.naturalWidth, height: image.naturalHeight }, aspect, initialWidthPercent),
          );
        }
      })
      .catch(() => isCurrent && setLoadError('This image could not be opened. Please choose another file.'));
    return () => {
      isCurrent = false;
    };
  }, [imageSrc, aspect, initialWidthPercent]);

  useEffect(() => () => clearTimeout(timer.current), []);

  const handleCropComplete = useCallback(
    (_area: Area, pixels: Area) => {
      // Drawing is not free: wait until the person pauses before producing the data URL.
      clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        cropToDataUrl(imageSrc, pixels, outputType)
          .then((dataUrl) => onCroppedRef.current(dataUrl))
          .catch(() => setLoadError('This image could not be cropped. Please choose another file.'));
      }, 200);
    },
    [imageSrc, outputType],
  );

  if (loadError) {
    return (
      <p className="image-cropper__error" role="alert">
        {loadError}
      </p>
    );
  }
  if (!start) return <p aria-live="polite">Loading the image…</p>;

  return (
    <div className="image-cropper">
      <p id={hintId} className="image-cropper__hint">
        Drag the picture to choose what shows inside the frame (arrow keys work too) and use the zoom slider to change
        its size.
      </p>
      <div
        className="image-cropper__area"
        style={{
          position: 'relative',
          width: '100%',
          height: 'min(60vh, 420px)',
          background: '#1f2937',
          borderRadius: 6,
        }}
      >
        <Cropper
          image={imageSrc}
          crop={crop}
          zoom={zoom}
          maxZoom={MAX_ZOOM}
          aspect={aspect}
          cropShape={cropShape}
          initialCroppedAreaPercentages={start}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={handleCropComplete}
          keyboardStep={10}
          mediaProps={{ alt: 'The picture being cropped' }}
          cropperProps={{ role: 'group', 'aria-describedby': hintId, 'aria-label': 'Crop frame' }}
        />
      </div>
      <div
        className="image-cropper__zoom"
        style={{ display: 'flex', alignItems: 'center', gap: '0.75rem', marginTop: '0.75rem' }}
      >
        <label htmlFor={zoomId}>Zoom</label>
        <input
          id={zoomId}
          type="range"
          min={1}
          max={MAX_ZOOM}
          step={0.05}
          value={zoom}
          onChange={(event) => setZoom(Number(event.target.value))}
          style={{ flex: 1 }}
        />
      </div>
    </div>
  );
}
