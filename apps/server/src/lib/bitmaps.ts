// Sets of small numbers as bitmaps of 32-bit words, for the indexes held in the process (the keyword
// index, the resume board): number n is bit n % 32 of word n / 32, so walking the words in order
// walks the numbers in increasing order, and an AND of two sets is one pass over their words.

/** The number of set bits of a 32-bit word. */
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
}

/** 32-bit words needed for the numbers 0..n-1. */
export function wordsFor(n: number): number {
  return Math.ceil(n / 32);
}

/** A bitmap of `words` words holding the numbers of `list`. */
export function bitmapOf(list: Iterable<number>, words: number): Uint32Array {
  const bits = new Uint32Array(words);
  for (const n of list) bits[n >>> 5]! |= 1 << (n & 31);
  return bits;
}

/** The word of a bitmap holding exactly the numbers below `count` that fall in word `w`. */
export function prefixWord(w: number, count: number): number {
  const first = w * 32;
  if (count >= first + 32) return 0xffffffff;
  if (count <= first) return 0;
  return 0xffffffff >>> (32 - (count - first));
}

/**
 * A page of a set's numbers in increasing order: fed the set's words in order, it skips `offset`
 * numbers (a whole word at a time when it can, by counting its bits) and keeps the next `limit`.
 */
export class BitPage {
  readonly found: number[] = [];

  constructor(
    private skip: number,
    private readonly limit: number,
  ) {}

  get full(): boolean {
    return this.found.length >= this.limit;
  }

  /** One number, in its place in the order. */
  takeOne(n: number): void {
    if (this.full) return;
    if (this.skip > 0) this.skip--;
    else this.found.push(n);
  }

  /** Word `w` of the set. */
  take(w: number, bits: number): void {
    if (bits === 0 || this.full) return;
    const count = popcount(bits);
    if (this.skip >= count) {
      this.skip -= count;
      return;
    }
    while (bits !== 0 && !this.full) {
      const lowest = bits & -bits;
      bits ^= lowest;
      if (this.skip > 0) this.skip--;
      else this.found.push(w * 32 + 31 - Math.clz32(lowest));
    }
  }
}
