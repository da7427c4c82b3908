// A function of one string, its answers remembered for the keys last asked: past `max` keys the
// least recently asked is forgotten (lib/bounded-cache.ts). For pure work repeated on the same few
// inputs (cleaning a description, reading a page's address), where a request may not grow memory
// without bound. Pure work never goes stale, so nothing else ends an answer.
import { BoundedCache } from './bounded-cache.js';

export function remembered<T>(answerOf: (key: string) => T, max: number): (key: string) => T {
  // Boxed, so an answer of undefined is remembered like any other.
  const answers = new BoundedCache<string, { answer: T }>(max);
  return (key) => {
    let kept = answers.get(key);
    if (!kept) answers.set(key, (kept = { answer: answerOf(key) }));
    return kept.answer;
  };
}
