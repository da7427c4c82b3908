import { foldText, highlightWords, type Keywords } from '@teacheast/shared';
import type { ReactNode } from 'react';

/**
 * The text with the searched words marked. Words are compared folded (case and accents aside), so
 * `da nang` marks `Đà Nẵng`; the last typed word marks any word it begins.
 */
export function Highlighted({ text, keywords }: { text: string; keywords: Keywords | null }) {
  const wanted = highlightWords(keywords);
  if (wanted.length === 0) return <>{text}</>;
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const word = foldText(match[0]);
    const hit = wanted.some((w) =>
      w.prefix ? word.startsWith(w.word) : word === w.word || stemOf(word) === stemOf(w.word),
    );
    if (!hit) continue;
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(<mark key={start}>{match[0]}</mark>);
    last = start + match[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return <>{parts}</>;
}

/** A light English stem, enough for a title's plural forms to be marked too (teachers, classes). */
function stemOf(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 4 && /(ss|x|ch|sh)es$/.test(word)) return word.slice(0, -2);
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}
