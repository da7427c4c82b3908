// Reading picked image files in the browser: type and size checks (MAX_IMAGE_BYTES) and scaling to fit 900x900.
import { IMAGE_FIT_PX, MAX_IMAGE_BYTES } from '@teacheast/shared';

const ACCEPTED_IMAGE_TYPES = ['image/jpeg', 'image/png'];
export const ACCEPT_ATTRIBUTE = '.jpg,.jpeg,.png,image/jpeg,image/png';

/** A person-readable reason a file is refused, or null when it may be used. */
export function imageFileProblem(file: File): string | null {
  const hasGoodName = /\.(jpe?g|png)$/i.test(file.name);
  if (!hasGoodName || (file.type && !ACCEPTED_IMAGE_TYPES.includes(file.type))) {
    return `${file.name}: only .jpg, .jpeg and .png files can be used.`;
  }
  if (file.size > MAX_IMAGE_BYTES) return `${file.name}: the file is larger than 5 MB (5,242,880 bytes).`;
  return null;
}

export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(new Error('The file could not be read'));
    reader.readAsDataURL(file);
  });
}

/** How the browser re-encodes a scaled photo; the server re-encodes it to WebP at 78 in any case. */
const PHOTO_QUALITY = 0.85;

/**
 * Scales an image file to fit inside 900x900 (the most the server keeps) on a canvas and re-encodes
 * it as WebP, or as JPEG on a white ground where the browser cannot write WebP. A 4000x3000 PNG
 * of several megabytes goes up as a photo of a few hundred kilobytes.
 */
export async function scaleToFit(file: File, box = IMAGE_FIT_PX): Promise<string> {
  const url = URL.createObjectURL(file);
  try {
    const image = await new Promise<HTMLImageElement>((resolve, reject) => {
      const img = new Image();
      img.onload = () => resolve(img);
      img.onerror = () => reject(new Error(`${file.name} could not be opened as an image.`));
      img.src = url;
    });
    const scale = Math.min(1, box / image.naturalWidth, box / image.naturalHeight);
    const canvas = document.createElement('canvas');
    canvas.width = Math.max(1, Math.round(image.naturalWidth * scale));
    canvas.height = Math.max(1, Math.round(image.naturalHeight * scale));
    const context = canvas.getContext('2d');
    if (!context) throw new Error('This browser cannot draw images');
    context.imageSmoothingQuality = 'high';
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    // A browser that cannot write WebP answers with a PNG instead.
    const webp = canvas.toDataURL('image/webp', PHOTO_QUALITY);
    if (webp.startsWith('data:image/webp')) return webp;
    context.globalCompositeOperation = 'destination-over';
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    return canvas.toDataURL('image/jpeg', PHOTO_QUALITY);
  } finally {
    URL.revokeObjectURL(url);
  }
}
