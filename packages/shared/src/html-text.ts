// The text of stored rich text, read without a DOM so that the browser and the server read it alike:
// as a reader reads it (meta descriptions, structured data, lengths counted in characters, the checks
// at publish), and as the keyword index has always read it (the search_* columns).

/** The entities the keyword index decodes; others stay as written (see indexedTextOf). */
const INDEXED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
};

/**
 * The entities a reader's text decodes: the escapes and the typography schools paste. A name not
 * here stays as written (the whole HTML table would weigh more than everything else in this file).
 */
const ENTITIES: Readonly<Record<string, string>> = {
  ...INDEXED_ENTITIES,
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: "'",
  rsquo: "'",
  ldquo: '"',
  rdquo: '"',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
  times: '×',
  middot: '·',
  bull: '•',
  laquo: '«',
  raquo: '»',
  shy: '',
};

/**
 * `text` with its entities as characters: names from `names` (in any case), numbers decimal or hex;
 * a number that is no character (0, or past U+10FFFF) reads as a space.
 */
function decodeEntities(text: string, names: Readonly<Record<string, string>>): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (entity, name: string) => {
    if (name[0] !== '#') return names[name.toLowerCase()] ?? entity;
    const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ' ';
  });
}

/** Tags that start a line as the page shows them; other tags (strong, a, em) sit inside words. */
const BLOCK_TAGS = new Set([
  'p',
  'div',
  'br',
  'li',
  'ul',
  'ol',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'blockquote',
  'hr',
  'tr',
  'td',
  'th',
  'table',
  'section',
  'article',
  'header',
  'footer',
  'pre',
  'dd',
  'dt',
  'dl',
]);

/** Elements whose content is code, never text, even when it looks like markup. */
const RAW_TEXT_TAGS = new Set(['script', 'style']);

const TAG_NAME = /^<(\/?)([a-zA-Z][a-zA-Z0-9]{0,15})/;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;

/** Where the tag whose attributes start at `from` ends (its ">", outside a quoted value), or -1. */
function tagEnd(html: string, from: number): number {
  for (let at = from; at < html.length; at++) {
    const character = html[at];
    if (character === '>') return at;
    if (character !== '=') continue;
    let value = at + 1;
    while (value < html.length && ' \t\n\f\r'.includes(html[value]!)) value++;
    const quote = html[value];
    if (quote === '"' || quote === "'") {
      at = html.indexOf(quote, value + 1);
      if (at === -1) return -1;
    } else {
      at = value - 1;
    }
  }
  return -1;
}

/** Where the raw text of a `tag` element ends (its end tag's "<"), or -1. */
function rawTextEnd(html: string, tag: string, from: number): number {
  const end = new RegExp(`</${tag}[\\s/>]`, 'gi');
  end.lastIndex = from;
  return end.exec(html)?.index ?? -1;
}

/** The text of rich text, a line break wherever a block starts or ends. */
export interface RichTextReading {
  /** Entities decoded; whitespace as written, with "\n" for each block tag. */
  text: string;
  /** The targets of its links, decoded, `mailto:` taken off. */
  links: string[];
}

/**
 * Rich text as a reader sees it, a line per block, and the targets of its links. Read in one pass,
 * as a browser reads it, so no input is slow: a tag, comment or script left open hides the rest.
 */
export function readRichText(html: string): RichTextReading {
  const links: string[] = [];
  const parts: string[] = [];
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf('<', at);
    if (open === -1) {
      parts.push(decodeEntities(html.slice(at), ENTITIES));
      break;
    }
    parts.push(decodeEntities(html.slice(at, open), ENTITIES));
    if (html.startsWith('<!--', open)) {
      const close = html.indexOf('-->', open + 4);
      if (close === -1) break;
      at = close + 3;
      continue;
    }
    const name = TAG_NAME.exec(html.slice(open, open + 18));
    if (!name) {
      const next = html[open + 1];
      // "<!DOCTYPE …>", "<?xml …?>", "</ …>": no tag, and no text either.
      if (next === '!' || next === '?' || next === '/') {
        const close = html.indexOf('>', open + 2);
        if (close === -1) break;
        at = close + 1;
      } else {
        // "a < b": a "<" that opens nothing is a character of the text.
        parts.push('<');
        at = open + 1;
      }
      continue;
    }
    const close = tagEnd(html, open + name[0].length);
    if (close === -1) break;
    const isEnd = name[1] === '/';
    const tag = name[2]!.toLowerCase();
    at = close + 1;
    if (tag === 'a' && !isEnd) {
      const href = HREF.exec(html.slice(open, close));
      const target = href ? (href[1] ?? href[2] ?? href[3] ?? '') : '';
      if (target !== '') links.push(decodeEntities(target, ENTITIES).replace(/^mailto:/i, ''));
    }
    if (BLOCK_TAGS.has(tag)) parts.push('\n');
    if (RAW_TEXT_TAGS.has(tag) && !isEnd) {
      at = rawTextEnd(html, tag, at);
      if (at === -1) break;
    }
  }
  return { text: parts.join(''), links };
}

/** Runs of whitespace as one space, none at either end. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The text of rich text as a reader reads it, on one line: tags gone (a space where a block starts or
 * ends, none around strong or a link), entities decoded, whitespace one space. For descriptions shown
 * elsewhere (meta tags, structured data) and lengths counted in characters.
 */
export function plainTextOf(html: string): string {
  return oneLine(readRichText(html).text);
}

/**
 * The text of a job's description as the keyword index reads it (the search_* columns): every tag is
 * a space, so that no two words ever join; only the entities of INDEXED_ENTITIES are decoded.
 * Rows keep the words this returned when they were written, so it stays as it is: a change to it
 * comes with a migration that writes every row's search_body again.
 */
export function indexedTextOf(html: string): string {
  return oneLine(decodeEntities(html.replace(/<[^>]*>/g, ' '), INDEXED_ENTITIES));
}
