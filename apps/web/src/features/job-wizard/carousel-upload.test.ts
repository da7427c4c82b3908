import { MAX_CAROUSEL_IMAGES } from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import { bodyBytes, planParts, uploadInParts, type SendImages } from './carousel-upload';

const photo = (n: number, bytes: number) =>
  `data:image/webp;base64,${String(n).padStart(4, '0')}${'A'.repeat(bytes - 27)}`;

/** The route's own rules (jobs-service saveCarouselImages), over an in-memory list, with every body recorded. */
function fakeRoute(initial: string[] = []) {
  let stored = [...initial];
  let next = 1;
  const bodies: string[][] = [];
  const send: SendImages = async (images, onProgress) => {
    bodies.push(images);
    if (images.length > MAX_CAROUSEL_IMAGES) throw new Error('too many');
    const kept = images.filter((i) => !i.startsWith('data:'));
    if (kept.some((url) => !stored.includes(url))) throw new Error('unknown image');
    if (new Set(kept).size !== kept.length) throw new Error('listed twice');
    onProgress(0.5);
    onProgress(1);
    stored = images.map((i) => (i.startsWith('data:') ? `/media/img/${next++}-${i.slice(23, 27)}.webp` : i));
    return stored;
  };
  return { send, bodies, stored: () => stored };
}

describe('bodyBytes', () => {
  it('is the length of the JSON body', () => {
    for (const list of [[], ['a'], ['/media/img/x.webp', 'data:image/webp;base64,AAAA']]) {
      expect(bodyBytes(list)).toBe(JSON.stringify({ images: list }).length);
    }
  });
});

describe('uploadInParts', () => {
  it('sends a list that fits in one request as it is', async () => {
    const route = fakeRoute(['/media/img/old.webp']);
    const list = [photo(1, 1000), '/media/img/old.webp'];
    const result = await uploadInParts(list, route.send, () => undefined, 10_000);
    expect(route.bodies).toEqual([list]);
    expect(result).toEqual(['/media/img/1-0001.webp', '/media/img/old.webp']);
  });

  it('splits fifteen large photos into parts under the budget, then puts them in order', async () => {
    const budget = 10_000;
    const route = fakeRoute();
    const list = Array.from({ length: 15 }, (_, i) => photo(i + 1, 3000));
    const progress: number[] = [];
    const result = await uploadInParts(list, route.send, (f) => progress.push(f), budget);

    // Three photos fit a part: five parts and the last request of URLs only.
    expect(route.bodies).toHaveLength(6);
    for (const body of route.bodies) expect(bodyBytes(body)).toBeLessThanOrEqual(budget);
    expect(route.bodies.at(-1)!.every((i) => i.startsWith('/media/'))).toBe(true);
    expect(result).toEqual(
      list.map((_, i) => expect.stringMatching(new RegExp(`-${String(i + 1).padStart(4, '0')}\\.webp$`)) as string),
    );
    expect(route.stored()).toEqual(result);
    // One progress over all requests: it never goes back, and ends at 1.
    expect(progress).toEqual([...progress].sort((a, b) => a - b));
    expect(progress.at(-1)).toBe(1);
  });

  it('keeps stored photos where the employer put them, drops removed ones, and never sends more than 15', async () => {
    const old = Array.from({ length: 15 }, (_, i) => `/media/img/old-${i}.webp`);
    const route = fakeRoute(old);
    // Ten stored photos removed, ten new ones added between the five kept.
    const list = [
      old[0]!,
      photo(1, 3000),
      photo(2, 3000),
      old[5]!,
      photo(3, 3000),
      photo(4, 3000),
      photo(5, 3000),
      old[9]!,
      photo(6, 3000),
      photo(7, 3000),
      photo(8, 3000),
      photo(9, 3000),
      photo(10, 3000),
      old[12]!,
      old[14]!,
    ];
    const result = await uploadInParts(list, route.send, () => undefined, 10_000);
    for (const body of route.bodies) expect(body.length).toBeLessThanOrEqual(MAX_CAROUSEL_IMAGES);
    expect(route.bodies.length).toBeGreaterThan(2);
    expect(result.filter((_, i) => !list[i]!.startsWith('data:'))).toEqual([old[0], old[5], old[9], old[12], old[14]]);
    expect(result[1]).toMatch(/-0001\.webp$/);
    expect(result[12]).toMatch(/-0010\.webp$/);
  });

  it('sends the same photo added twice as two photos', async () => {
    const route = fakeRoute();
    const same = photo(1, 6000);
    const result = await uploadInParts([same, same], route.send, () => undefined, 8_000);
    expect(new Set(result).size).toBe(2);
  });

  it('stops at the first refused part and passes the error on', async () => {
    const route = fakeRoute();
    let calls = 0;
    const failing: SendImages = async (images, onProgress) => {
      calls += 1;
      if (calls === 2) throw new Error('network');
      return route.send(images, onProgress);
    };
    const list = Array.from({ length: 6 }, (_, i) => photo(i + 1, 3000));
    await expect(uploadInParts(list, failing, () => undefined, 10_000)).rejects.toThrow('network');
    expect(calls).toBe(2);
  });
});

describe('planParts', () => {
  it('sends a photo larger than the budget alone', () => {
    expect(planParts([photo(1, 500), photo(2, 5000), photo(3, 500)], 2000)).toEqual([[0], [1], [2]]);
  });
});
