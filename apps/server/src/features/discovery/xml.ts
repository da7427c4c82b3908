// Text a school typed, made safe inside an XML document (sitemaps, the Atom feed).

// XML 1.0 allows tab, newline and carriage return among the C0 controls, and no U+FFFE, U+FFFF or
// surrogate that is not half of a pair. A parser refuses the whole document for one of them.
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what this removes
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

const ENTITIES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&apos;',
  // A parser turns a raw carriage return into a newline; written as a reference it reads back as itself.
  '\r': '&#13;',
};

/**
 * Escaped, without what XML 1.0 forbids: for element content, and for attribute values that hold no
 * tab or newline (a parser would read those as spaces), such as URLs.
 */
export function xmlText(text: string): string {
  return text.replace(FORBIDDEN, '').replace(/[&<>"'\r]/g, (c) => ENTITIES[c]!);
}
