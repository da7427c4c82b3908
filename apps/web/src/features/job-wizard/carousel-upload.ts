// Sending a carousel list (the photos already stored, as URLs, and new ones, as data URLs) in as
// many requests as its size needs. The route replaces the whole list each time, keeping the stored
// URLs it is sent and storing the data URLs; so a list too large for one request goes up in parts:
//   1. each part sends everything stored so far that the final list keeps, plus the next new photos;
//   2. a last request, of URLs only, puts the list in the order the employer chose.
// Stored photos the employer removed are left out from the first part on, so no request holds more
// than the final list (at most 15), and none is larger than CAROUSEL_PART_BYTES unless a single
// photo is (it then goes alone). One progress fraction runs over all the requests.
import { CAROUSEL_PART_BYTES } from '@teacheast/shared';
import { ApiError } from '../../lib/api-error';

const isNewImage = (entry: string) => entry.startsWith('data:');

/** Sends one list and reports its own upload progress (0..1); resolves to the stored list. */
export type SendImages = (images: string[], onProgress: (fraction: number) => void) => Promise<string[]>;

/** The size of the JSON body `{"images":[…]}` for a list: data URLs and media URLs are plain ASCII. */
export function bodyBytes(images: readonly string[]): number {
  return (
    '{"images":[]}'.length + images.reduce((sum, image) => sum + image.length + 3, 0) - (images.length > 0 ? 1 : 0)
  );
}

/**
 * The new photos, by their place in the list, grouped so each part's body (with the stored URLs sent
 * beside it) fits the budget.
 */
export function planParts(list: readonly string[], budget = CAROUSEL_PART_BYTES): number[][] {
  const storedBytes = bodyBytes(list.filter((entry) => !isNewImage(entry)));
  const parts: number[][] = [];
  let current: number[] = [];
  let currentBytes = 0;
  list.forEach((entry, index) => {
    if (!isNewImage(entry)) return;
    const size = entry.length + 3;
    if (current.length > 0 && storedBytes + currentBytes + size > budget) {
      parts.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(index);
    currentBytes += size;
  });
  if (current.length > 0) parts.push(current);
  return parts;
}

export async function uploadInParts(
  list: readonly string[],
  send: SendImages,
  onProgress: (fraction: number) => void,
  budget = CAROUSEL_PART_BYTES,
): Promise<string[]> {
  if (bodyBytes(list) <= budget) return send([...list], onProgress);

  const parts = planParts(list, budget);
  const final = [...list];
  let stored = list.filter((entry) => !isNewImage(entry));
  // Progress by the photos' bytes; the last request, URLs only, counts as a little more.
  const weights = [...parts.map((part) => bodyBytes(part.map((i) => list[i]!))), bodyBytes(stored) + 100 * list.length];
  const total = weights.reduce((a, b) => a + b, 0);
  let done = 0;
  const step = async (images: string[], weight: number) => {
    const answer = await send(images, (fraction) => onProgress(Math.min(1, (done + fraction * weight) / total)));
    done += weight;
    onProgress(Math.min(1, done / total));
    return answer;
  };
  for (const [n, part] of parts.entries()) {
    const answer = await step([...stored, ...part.map((i) => list[i]!)], weights[n]!);
    // The route answers with the list as stored, in the order sent: this part's photos come last.
    if (answer.length !== stored.length + part.length) {
      throw new ApiError(200, 'The server sent an answer we did not expect.');
    }
    const added = answer.slice(answer.length - part.length);
    part.forEach((index, j) => (final[index] = added[j]!));
    stored = answer;
  }
  return step(final, weights[parts.length]!);
}
