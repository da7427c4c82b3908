import { describe, expect, it } from 'vitest';
import { ownCopy } from './json-text.js';

describe('ownCopy', () => {
  it('is the same text, whatever it holds', () => {
    const base = JSON.stringify({ title: 'ครูสอนภาษาอังกฤษ 英语老师 "quoted" \\ back', lone: '\ud800 end' });
    const joined = `${base.slice(0, -1)},"publishedDate":"2026-11-29T07:00:00.000Z"}`;
    expect(ownCopy(joined)).toBe(joined);
    expect(ownCopy('')).toBe('');
  });
});
