import { parseKeywords } from '@teacheast/shared';
import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Highlighted } from './highlighted';

function marks(text: string, q: string): string[] {
  const { container } = render(<Highlighted text={text} keywords={parseKeywords(q)} />);
  expect(container.textContent).toBe(text);
  return [...container.querySelectorAll('mark')].map((m) => m.textContent ?? '');
}

describe('Highlighted', () => {
  it('marks whole words whatever their case and accents, and the last word as a prefix', () => {
    expect(marks('Business English Trainer', 'business')).toEqual(['Business']);
    expect(marks('Teacher at Đà Nẵng University', 'da nang ')).toEqual(['Đà', 'Nẵng']);
    expect(marks('Kindergarten Homeroom Teacher', 'kinder')).toEqual(['Kindergarten']);
    expect(marks('Kindergarten Teachers', 'teacher kindergarten ')).toEqual(['Kindergarten', 'Teachers']);
  });

  it('leaves excluded words, parts of words and an empty search alone', () => {
    expect(marks('Summer Camp Counsellor', '-summer camp ')).toEqual(['Camp']);
    expect(marks('Academic English', 'cad ')).toEqual([]);
    expect(marks('English Teacher', '')).toEqual([]);
  });
});
