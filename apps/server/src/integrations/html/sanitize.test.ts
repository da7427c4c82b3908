// The shared plainTextOf reads stored rich text without a parser; the text it gives of what the
// sanitiser writes is held here against the text sanitize-html's own parser finds in it.
import { plainTextOf } from '@teacheast/shared';
import sanitizeHtml from 'sanitize-html';
import { describe, expect, it } from 'vitest';
import { HOSTILE_TEXT } from '../../../test/hostile-text.js';
import { sanitizeRichText } from './sanitize.js';

const ESCAPES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"' };

/** The parser's text of clean rich text: a space at each block tag the sanitiser lets through, one line. */
function parsedText(clean: string): string {
  const spaced = clean.replace(/<\/?(?:p|br|h[1-6]|ul|ol|li|blockquote|hr)\b[^>]*>/g, (tag) => `${tag} `);
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&(?:amp|lt|gt|quot);/g, (escape) => ESCAPES[escape]!)
    .replace(/\s+/g, ' ')
    .trim();
}

const RICH_TEXT = [
  ...HOSTILE_TEXT,
  ...HOSTILE_TEXT.map((text) => `<p>${text}</p>`),
  '<p>We teach <strong>kids</strong> &amp; adults.</p><ul><li>Housing</li><li>Flights &lt;paid&gt;</li></ul>',
  'Intro<h2>Pay</h2>2,500,000&nbsp;KRW<br>a month<hr>&#36;&#x24;&eacute;&ndash;&hellip;&#0;&#x110000;&copy',
  '<a href="https://school.example/?a>b&amp;c=1" onclick="x()">Our page</a><a href=\'mailto:hr@school.example\'>mail</a>',
  '<P CLASS="x">Upper</P><DIV>div</DIV><table><tr><td>cell</td></tr></table><img src=x alt="pic">',
  '<!-- hidden --><!DOCTYPE html><?xml?><script>a < b</script><style>p{}</style><textarea>t</textarea>end',
  '1 < 2 > 0 & "quoted" \'single\' &amp;lt;p&amp;gt; &unknown; & ;',
  '<p>unclosed <strong>bold <em>and italic</p> after',
  '<svg><text>svg text</text></svg><math><mi>x</mi></math><p title="a>b">title</p>',
];

describe('plainTextOf on the sanitiser’s output', () => {
  it('reads what the parser reads', () => {
    for (const html of RICH_TEXT) {
      const clean = sanitizeRichText(html);
      expect([html, plainTextOf(clean)]).toEqual([html, parsedText(clean)]);
    }
  });
});
