import { describe, expect, it } from 'vitest';
import { remembered } from './remembered.js';

describe('remembered', () => {
  it('works each key out once, null answers too, and forgets the oldest past its size', () => {
    const asked: string[] = [];
    const lengthOf = remembered((key) => {
      asked.push(key);
      return key === 'none' ? null : key.length;
    }, 2);
    expect([lengthOf('ab'), lengthOf('ab'), lengthOf('none'), lengthOf('none')]).toEqual([2, 2, null, null]);
    expect(asked).toEqual(['ab', 'none']);
    lengthOf('abc'); // 'ab' goes
    expect(lengthOf('none')).toBeNull();
    expect(lengthOf('ab')).toBe(2);
    expect(asked).toEqual(['ab', 'none', 'abc', 'ab']);
  });
});
