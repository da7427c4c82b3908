import { describe, expect, it } from 'vitest';
import { PREFIX_MIN_LENGTH, foldText, highlightWords, parseKeywords, wordsOf } from './keywords.js';

describe('foldText', () => {
  it.each([
    ['Đà Nẵng', 'da nang'],
    ['Hồ Chí Minh City', 'ho chi minh city'],
    ['Crème BRÛLÉE', 'creme brulee'],
    ['Straße Łódź Øresund', 'strasse lodz oresund'],
    ['ｆｕｌｌ　ｗｉｄｔｈ', 'full width'],
    ['東京', '東京'],
  ])('%s → %s', (input, folded) => {
    expect(foldText(input)).toBe(folded);
  });

  it('reads ASCII, every character of it, as the Unicode folding does', () => {
    const ascii = Array.from({ length: 128 }, (_, code) => String.fromCharCode(code)).join('');
    const unicodeFold = (text: string) =>
      text
        .normalize('NFKD')
        .replace(/\p{M}+/gu, '')
        .toLowerCase();
    expect(foldText(ascii)).toBe(unicodeFold(ascii));
    expect(wordsOf(`${ascii} Teacher ${ascii}`)).toEqual(
      unicodeFold(`${ascii} Teacher ${ascii}`).match(/[\p{L}\p{N}]+/gu),
    );
  });
});

describe('wordsOf', () => {
  it('keeps letters and digits of any script and drops everything else', () => {
    expect(wordsOf("K-12 teacher's <b>pay</b> 3,000$ 😀 مدرسة")).toEqual([
      'k',
      '12',
      'teacher',
      's',
      'b',
      'pay',
      'b',
      '3',
      '000',
      'مدرسة',
    ]);
  });
});

describe('parseKeywords', () => {
  it.each<[string, ReturnType<typeof parseKeywords>]>([
    [
      'business english',
      {
        include: [
          { kind: 'word', word: 'business', prefix: false },
          { kind: 'word', word: 'english', prefix: true },
        ],
        exclude: [],
      },
    ],
    [
      'business english ',
      {
        include: [
          { kind: 'word', word: 'business', prefix: false },
          { kind: 'word', word: 'english', prefix: false },
        ],
        exclude: [],
      },
    ],
    ['kinder', { include: [{ kind: 'word', word: 'kinder', prefix: true }], exclude: [] }],
    ['"no weekends"', { include: [{ kind: 'phrase', words: ['no', 'weekends'] }], exclude: [] }],
    ['"no weekends', { include: [{ kind: 'phrase', words: ['no', 'weekends'] }], exclude: [] }],
    [
      'university -china',
      {
        include: [{ kind: 'word', word: 'university', prefix: false }],
        exclude: [{ kind: 'word', word: 'china', prefix: false }],
      },
    ],
    [
      '-"summer camp" teacher',
      {
        include: [{ kind: 'word', word: 'teacher', prefix: true }],
        exclude: [{ kind: 'phrase', words: ['summer', 'camp'] }],
      },
    ],
    [
      'Đà Nẵng',
      {
        include: [
          { kind: 'word', word: 'da', prefix: false },
          { kind: 'word', word: 'nang', prefix: true },
        ],
        exclude: [],
      },
    ],
    ['e-learning', { include: [{ kind: 'phrase', words: ['e', 'learning'] }], exclude: [] }],
    [
      'teacher in the city',
      {
        include: [
          { kind: 'word', word: 'teacher', prefix: false },
          { kind: 'word', word: 'in', prefix: false },
          { kind: 'word', word: 'the', prefix: false },
          { kind: 'word', word: 'city', prefix: true },
        ],
        exclude: [],
      },
    ],
    [
      'teacher teacher',
      {
        include: [
          { kind: 'word', word: 'teacher', prefix: false },
          { kind: 'word', word: 'teacher', prefix: true },
        ],
        exclude: [],
      },
    ],
    ['-china', { include: [], exclude: [{ kind: 'word', word: 'china', prefix: false }] }],
  ])('%j', (q, expected) => {
    expect(parseKeywords(q)).toEqual(expected);
  });

  it.each<[string, boolean]>([
    ['a', false],
    ['te', false],
    ['"english teacher" a', false],
    ['english t', false],
    ['tea', true],
    ['"english teacher" kin', true],
  ])('%j: the last word is a prefix only from PREFIX_MIN_LENGTH letters on (%s)', (q, prefix) => {
    expect(PREFIX_MIN_LENGTH).toBe(3);
    const last = parseKeywords(q)!.include.at(-1)!;
    expect(last).toMatchObject({ kind: 'word', prefix });
  });

  it.each(['', '   ', '!!!', '"', '-', '--', '😀', '***', '()'])('%j has nothing to search for', (q) => {
    expect(parseKeywords(q)).toBeNull();
  });

  it('lets only letters and digits through, whatever was typed', () => {
    const hostile = [
      'NEAR(a b, 2)',
      'title:teacher',
      '{title school}: x',
      'a OR b AND NOT c',
      "'; drop table jobs; --",
      'x:* & !y | z <-> w',
      '^start end*',
      'a\u0000b',
      '\u202Eevil',
      'x'.repeat(10_000),
    ];
    for (const q of hostile) {
      const parsed = parseKeywords(q);
      const words = [...(parsed?.include ?? []), ...(parsed?.exclude ?? [])].flatMap((t) =>
        t.kind === 'word' ? [t.word] : t.words,
      );
      for (const w of words) expect(w).toMatch(/^[\p{L}\p{N}]+$/u);
    }
  });
});

describe('highlightWords', () => {
  it('lists included words and phrase words, never excluded ones', () => {
    expect(highlightWords(parseKeywords('"no weekends" busi -china'))).toEqual([
      { word: 'no', prefix: false },
      { word: 'weekends', prefix: false },
      { word: 'busi', prefix: false },
    ]);
    expect(highlightWords(parseKeywords('-china busi'))).toEqual([{ word: 'busi', prefix: true }]);
    expect(highlightWords(null)).toEqual([]);
  });
});
