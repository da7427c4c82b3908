// Uploaded images: decoded from data URLs, checked by their bytes (never their names), refused before
// decoding when they claim too many pixels, re-encoded to WebP with every bit of metadata dropped.
import { randomUUID } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MAX_IMAGE_BYTES } from '@teacheast/shared';
import { AppError } from '../../errors.js';
import type { BlobStore } from '../blobs/blob-store.js';

/** 40 megapixels: any phone photo fits; a pixel flood does not. */
const MAX_INPUT_PIXELS = 40_000_000;

type ImageKind = 'jpeg' | 'png' | 'webp';

const DATA_URL = /^data:([a-z0-9.+/-]+);base64,([a-z0-9+/=\s]*)$/i;

export function decodeDataUrl(
  value: string,
  maxBytes: number,
  tooLargeMessage: string,
): { mime: string; data: Buffer } {
  const match = DATA_URL.exec(value);
  if (!match) throw new AppError(400, 'The file must be sent as a base64 data URL');
  // base64 is 4 characters per 3 bytes: refuse early without decoding a huge string.
  if (Math.floor((match[2]!.length * 3) / 4) > maxBytes + 3) throw new AppError(413, tooLargeMessage);
  const data = Buffer.from(match[2]!, 'base64');
  if (data.length === 0) throw new AppError(400, 'The file is empty');
  if (data.length > maxBytes) throw new AppError(413, tooLargeMessage);
  return { mime: match[1]!.toLowerCase(), data };
}

function sniffImage(data: Buffer): ImageKind | null {
  if (data.length >= 3 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff) return 'jpeg';
  if (data.length >= 8 && data.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) {
    return 'png';
  }
  if (data.length >= 12 && data.toString('latin1', 0, 4) === 'RIFF' && data.toString('latin1', 8, 12) === 'WEBP') {
    return 'webp';
  }
  return null;
}

export interface Variant {
  name: string;
  width: number;
  height: number;
  /** cover crops to exactly width x height; inside keeps the aspect ratio within the box. */
  fit: 'cover' | 'inside';
  quality?: number;
}

export interface StoredImage {
  /** URL of each variant by name, e.g. { large: '/media/img/….webp' } */
  urls: Record<string, string>;
  keys: string[];
}

/** Checks an uploaded image and returns its bytes, ready for re-encoding. */
export async function readUploadedImage(dataUrl: string): Promise<Buffer> {
  const { data } = decodeDataUrl(dataUrl, MAX_IMAGE_BYTES, 'Each image may be at most 5 MB (5,242,880 bytes)');
  const kind = sniffImage(data);
  if (!kind) throw new AppError(415, 'Only JPEG, PNG or WebP images are accepted');
  let meta: Metadata;
  try {
    meta = await sharp(data, { limitInputPixels: false }).metadata();
  } catch {
    throw new AppError(400, 'The image could not be read; it may be damaged');
  }
  if (!meta.width || !meta.height) throw new AppError(400, 'The image could not be read; it may be damaged');
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw new AppError(413, 'The image has too many pixels (at most 40 megapixels)');
  }
  return data;
}

export async function encodeVariant(data: Buffer, v: Variant): Promise<Buffer> {
  try {
    return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate() // apply EXIF orientation before the metadata is dropped
      .resize({ width: v.width, height: v.height, fit: v.fit, withoutEnlargement: v.fit === 'inside' })
      .webp({ quality: v.quality ?? 78, effort: 4 })
      .toBuffer();
  } catch {
    throw new AppError(400, 'The image could not be read; it may be damaged or truncated');
  }
}

/** Re-encodes an uploaded image into each variant and stores them as public media. */
export async function storeImage(blobs: BlobStore, dataUrl: string, variants: Variant[]): Promise<StoredImage> {
  const data = await readUploadedImage(dataUrl);
  const id = randomUUID();
  const encoded: { key: string; name: string; bytes: Buffer }[] = [];
  for (const v of variants) {
    encoded.push({ key: `img/${id}-${v.name}.webp`, name: v.name, bytes: await encodeVariant(data, v) });
  }
  for (const e of encoded) await blobs.put(e.key, e.bytes, 'image/webp');
  return {
    urls: Object.fromEntries(encoded.map((e) => [e.name, `/media/${e.key}`])),
    keys: encoded.map((e) => e.key),
  };
}

/** The blob key behind a public media URL, or null for anything else. */
export function mediaKeyOf(url: string | null | undefined): string | null {
  if (!url || !url.startsWith('/media/img/')) return null;
  return url.slice('/media/'.length);
}
