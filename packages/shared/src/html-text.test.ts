import { describe, expect, it } from 'vitest';
import { indexedTextOf, plainTextOf, readRichText } from './html-text.js';

describe('plainTextOf', () => {
  it('takes the tags away: a space where a block starts or ends, none around inline tags', () => {
    expect(plainTextOf('<p>We teach <strong>kids</strong>.</p>')).toBe('We teach kids.');
    expect(plainTextOf('<p><strong>Place</strong>ment fee</p>')).toBe('Placement fee');
    expect(plainTextOf('<h2>About</h2><p>Small classes</p><ul><li>Housing</li><li>Flights</li></ul>')).toBe(
      'About Small classes Housing Flights',
    );
    expect(plainTextOf('Intro<ul><li>one</li></ul>line<br>break<br />again<hr>end')).toBe(
      'Intro one line break again end',
    );
    expect(plainTextOf('<P>Upper</P><DIV>case</DIV>')).toBe('Upper case');
    expect(plainTextOf('<custom-element>custom</custom-element> text')).toBe('custom text');
  });

  it('reads attributes to the end of the tag, a ">" in a quoted value included', () => {
    expect(plainTextOf('<a href="https://school.example/?a>b" target="_blank">Our page</a> fee')).toBe('Our page fee');
    expect(plainTextOf("<a href='x>y'>link</a>")).toBe('link');
    expect(plainTextOf('<a href = "x>y">spaced</a>')).toBe('spaced');
    expect(plainTextOf('<a href=x>unquoted</a>')).toBe('unquoted');
    // A quote in an attribute's name opens nothing.
    expect(plainTextOf('<p data-x"y>quoted name</p>')).toBe('quoted name');
  });

  it('leaves out comments, declarations and the code of scripts and styles', () => {
    expect(plainTextOf('Fee of $200<!-- hidden --> paid')).toBe('Fee of $200 paid');
    expect(plainTextOf('<!DOCTYPE html><?xml version="1.0"?>text</ br>')).toBe('text');
    expect(plainTextOf('<p>Hello</p><script>if (a < b) document.write("<p>x</p>")</script><p>there</p>')).toBe(
      'Hello there',
    );
    expect(plainTextOf('<style>p { color: red }</STYLE >styled')).toBe('styled');
  });

  it('keeps a "<" that opens no tag, and hides what a tag, comment or script left open would hide', () => {
    expect(plainTextOf('1 < 2 and 3<4')).toBe('1 < 2 and 3<4');
    expect(plainTextOf('before<p class="open')).toBe('before');
    expect(plainTextOf('before<!-- never closed <p>after</p>')).toBe('before');
    expect(plainTextOf('before<script>never closed <p>after</p>')).toBe('before');
    expect(plainTextOf('before<!never closed')).toBe('before');
  });

  it('decodes named entities, in any case; an unknown name or one without ";" stays as written', () => {
    expect(plainTextOf('Q&amp;A &lt;b&gt; &quot;q&quot; &apos;s&apos;')).toBe('Q&A <b> "q" \'s\'');
    expect(plainTextOf('&AMP; &Lt; &ndash; &mdash; &hellip; &euro;5 &pound; &yen; &times; &bull; &laquo;&raquo;')).toBe(
      '& < – — … €5 £ ¥ × • «»',
    );
    expect(plainTextOf('&lsquo;single&rsquo; &ldquo;double&rdquo;')).toBe('\'single\' "double"');
    expect(plainTextOf('place&shy;ment')).toBe('placement');
    expect(plainTextOf('&copy; &foo; &amp &')).toBe('&copy; &foo; &amp &');
  });

  it('decodes numbers, decimal and hex; a number that is no character reads as a space', () => {
    expect(plainTextOf('&#36;200 &#x24;300 &#X24;400 &#x1F393; &#0000065;')).toBe('$200 $300 $400 🎓 A');
    expect(plainTextOf('a&#0;b a&#x110000;b a&#99999999999999999999;b')).toBe('a b a b a b');
    expect(plainTextOf('&#; &#x; &#xg;')).toBe('&#; &#x; &#xg;');
  });

  it('decodes once: an escaped entity is the entity’s text, and an escaped tag is text, not a tag', () => {
    expect(plainTextOf('&amp;lt;p&amp;gt;')).toBe('&lt;p&gt;');
    expect(plainTextOf('&lt;p&gt;words&lt;/p&gt;')).toBe('<p>words</p>');
    expect(plainTextOf('&am<b></b>p;')).toBe('&amp;');
  });

  it('puts one space between words, none at the ends: non-breaking spaces, tabs and line breaks too', () => {
    expect(plainTextOf('  <p>\n  one\t\ttwo&nbsp;&nbsp;three\u00a0four </p>\r\n<p> five </p>  ')).toBe(
      'one two three four five',
    );
    expect(plainTextOf('')).toBe('');
    expect(plainTextOf('<p></p><p><br></p>')).toBe('');
  });
});

describe('readRichText', () => {
  it('gives a line break for each block tag and keeps the whitespace as written', () => {
    expect(readRichText('<p>One  two</p><p>Three</p>').text).toBe('\nOne  two\n\nThree\n');
    expect(readRichText('<ul><li>a</li></ul>').text).toBe('\n\na\n\n');
  });

  it('gives the targets of its links, decoded, without mailto:', () => {
    const { links } = readRichText(
      '<a href="mailto:jane@gmail.com">mail</a> <a href=\'https://wa.me/84?x=1&amp;y=2\'>chat</a> ' +
        '<a href=https://example.com/>bare</a> <a name="top">no target</a> <a href="">empty</a>',
    );
    expect(links).toEqual(['jane@gmail.com', 'https://wa.me/84?x=1&y=2', 'https://example.com/']);
  });
});

describe('indexedTextOf', () => {
  it('reads rich text as the keyword index always has: every tag a space, six entities, one line', () => {
    expect(indexedTextOf('<p>Puppets &amp; songs every morning.</p>')).toBe('Puppets & songs every morning.');
    // Every tag splits words, inline ones too, so no two words of the index ever join.
    expect(indexedTextOf('<p>Eng<strong>lish</strong></p><p>next</p>')).toBe('Eng lish next');
    expect(indexedTextOf('&lt;&gt;&quot;&apos;&nbsp;&AMP;')).toBe('<>"\' &');
    expect(indexedTextOf('&#36; &#x24; &#0; &#x110000;')).toBe('$ $');
    // Names beyond the six stay as written.
    expect(indexedTextOf('a &ndash; b &shy; c')).toBe('a &ndash; b &shy; c');
    // A tag is "<" to the next ">", quotes or not; a "<" with no ">" after it stays.
    expect(indexedTextOf('<a title="x>y">z</a> 1 < 2')).toBe('y">z 1 < 2');
    expect(indexedTextOf('a <!-- b --> c <b')).toBe('a c <b');
  });
});
