import { describe, expect, it } from 'vitest';
import { TurnMemo } from './turn-memo.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('TurnMemo', () => {
  it('reads a key once per event-loop turn, each key apart, and again after the turn or when told to forget', async () => {
    const memo = new TurnMemo<number>();
    let reads = 0;
    const read = () => ++reads;
    expect([memo.get('a', read), memo.get('a', read), memo.get('b', read)]).toEqual([1, 1, 2]);
    await Promise.resolve(); // microtasks belong to the same turn
    expect(memo.get('a', read)).toBe(1);
    await nextTurn();
    expect(memo.get('a', read)).toBe(3);
    memo.forget();
    expect(memo.get('a', read)).toBe(4);
    await nextTurn();
    expect(memo.get('b', read)).toBe(5);
  });
});
