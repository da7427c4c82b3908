// The teacher's keywords, read the same way by the server (to build each database's query) and by
// the web app (to highlight the words in tiles). Only letters and digits ever leave this module,
// so no input can reach a database's query syntax.

/** The longest `q` the job search takes. */
export const KEYWORDS_MAX_LENGTH = 100;

/** At most this many words and phrases count towards the order of results. */
export const RANKED_TERMS_MAX = 8;

/**
 * The last word is a prefix only from this many letters on; shorter, it matches as a whole word. A
 * prefix of one or two letters is a costly expansion in the database (every term starting so: 2.7 s
 * for `"english teacher" a` on SQLite at 100,000 jobs) and narrows nothing a teacher wants.
 */
export const PREFIX_MIN_LENGTH = 3;

/** Letters that carry no combining mark to strip (Vietnamese đ above all). */
const FOLDED_LETTERS: Record<string, string> = {
  đ: 'd',
  ð: 'd',
  ø: 'o',
  ł: 'l',
  æ: 'ae',
  œ: 'oe',
  ß: 'ss',
  ı: 'i',
  ħ: 'h',
  þ: 'th',
};
const FOLDED_PATTERN = new RegExp(`[${Object.keys(FOLDED_LETTERS).join('')}]`, 'g');

/** Only ASCII: nothing to decompose, no marks, none of FOLDED_LETTERS (most queries, most postings). */
// eslint-disable-next-line no-control-regex -- the whole ASCII range, control characters included
const ASCII_ONLY = /^[\u0000-\u007f]*$/;

/** Lower case without accents: `Đà Nẵng` → `da nang`. Used on indexed text and on queries alike. */
export function foldText(text: string): string {
  if (ASCII_ONLY.test(text)) return text.toLowerCase();
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(FOLDED_PATTERN, (c) => FOLDED_LETTERS[c] ?? c);
}

/** The words of a text: runs of letters and digits, after folding. */
export function wordsOf(text: string): string[] {
  const folded = foldText(text);
  // In ASCII folded to lower case the letters and digits are a-z and 0-9; the Unicode classes cost more.
  return (ASCII_ONLY.test(folded) ? folded.match(/[a-z0-9]+/g) : folded.match(/[\p{L}\p{N}]+/gu)) ?? [];
}

export type KeywordTerm =
  /** One word; `prefix` on the last plain word of PREFIX_MIN_LENGTH letters or more, so `kinder` finds `kindergarten`. */
  | { kind: 'word'; word: string; prefix: boolean }
  /** Words that must stand together in this order. */
  | { kind: 'phrase'; words: string[] };

export interface Keywords {
  /** Every one must match. */
  include: KeywordTerm[];
  /** None may match. */
  exclude: KeywordTerm[];
}

interface RawTerm {
  negated: boolean;
  quoted: boolean;
  words: string[];
}

function splitTerms(q: string): RawTerm[] {
  const terms: RawTerm[] = [];
  let i = 0;
  while (i < q.length) {
    while (i < q.length && /\s/u.test(q[i] ?? '')) i++;
    if (i >= q.length) break;
    let negated = false;
    if (q[i] === '-') {
      negated = true;
      i++;
    }
    if (q[i] === '"') {
      // A phrase runs to the next quote, or to the end when the quote is never closed.
      const end = q.indexOf('"', i + 1);
      const body = end === -1 ? q.slice(i + 1) : q.slice(i + 1, end);
      i = end === -1 ? q.length : end + 1;
      terms.push({ negated, quoted: true, words: wordsOf(body) });
      continue;
    }
    let end = i;
    while (end < q.length && !/[\s"]/u.test(q[end] ?? '')) end++;
    terms.push({ negated, quoted: false, words: wordsOf(q.slice(i, end)) });
    i = end;
  }
  return terms;
}

function toTerm(raw: RawTerm): KeywordTerm | null {
  const { words } = raw;
  if (words.length === 0) return null;
  // A quoted phrase, or `e-learning` and `3-5` typed as one word: those words together, in order.
  if (words.length > 1) return { kind: 'phrase', words };
  return { kind: 'word', word: words[0] as string, prefix: false };
}

function sameTerm(a: KeywordTerm, b: KeywordTerm): boolean {
  if (a.kind === 'word' && b.kind === 'word') return a.word === b.word && a.prefix === b.prefix;
  if (a.kind === 'phrase' && b.kind === 'phrase') return a.words.join(' ') === b.words.join(' ');
  return false;
}

function pushUnique(list: KeywordTerm[], term: KeywordTerm): void {
  if (!list.some((t) => sameTerm(t, term))) list.push(term);
}

/**
 * Reads what a teacher typed: words (all must match), `"quoted phrases"`, `-excluded` words or
 * phrases; the last plain word is a prefix unless a space follows it or it is shorter than
 * PREFIX_MIN_LENGTH. Other punctuation separates
 * words. Answers null when nothing searchable is left.
 */
export function parseKeywords(q: string): Keywords | null {
  const raws = splitTerms(q);
  const include: KeywordTerm[] = [];
  const exclude: KeywordTerm[] = [];
  const lastRaw = raws.at(-1);
  const lastIsOpenWord = lastRaw !== undefined && !lastRaw.quoted && !lastRaw.negated && !/\s$/u.test(q);
  raws.forEach((raw, index) => {
    const term = toTerm(raw);
    if (term === null) return;
    if (raw.negated) {
      pushUnique(exclude, term);
      return;
    }
    if (index === raws.length - 1 && lastIsOpenWord && term.kind === 'word') {
      term.prefix = [...term.word].length >= PREFIX_MIN_LENGTH;
    }
    pushUnique(include, term);
  });
  if (include.length === 0 && exclude.length === 0) return null;
  return { include, exclude };
}

/** The folded words to highlight in a title: every included word, and every word of a phrase. */
export function highlightWords(keywords: Keywords | null): { word: string; prefix: boolean }[] {
  if (keywords === null) return [];
  return keywords.include.flatMap((t) =>
    t.kind === 'word' ? [{ word: t.word, prefix: t.prefix }] : t.words.map((word) => ({ word, prefix: false })),
  );
}
