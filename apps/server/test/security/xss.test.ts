import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../../src/integrations/html/sanitize.js';
import { XSS_PAYLOADS } from './xss-corpus.js';
import { unsafeParts } from './xss-check.js';

describe('the rich-text sanitiser', () => {
  it('has a corpus of at least 100 payloads', () => {
    expect(XSS_PAYLOADS.length).toBeGreaterThanOrEqual(100);
  });

  it.each(XSS_PAYLOADS.map((p) => [p]))('leaves nothing executable in %s', (payload) => {
    const clean = sanitizeRichText(payload);
    expect(unsafeParts(clean)).toEqual([]);
    // Inside any tag that survived: no script URL and no handler. (Escaped text like &lt;img&gt; is inert.)
    expect(clean).not.toMatch(/<script|<[^>]*(javascript:|vbscript:|\son\w+\s*=)/i);
  });

  it('keeps the formatting people use', () => {
    const html =
      '<h2>About us</h2><p>We are <strong>friendly</strong> and <em>small</em>.</p><ul><li>Housing</li></ul>' +
      '<ol><li>One</li></ol><a href="https://school.example/jobs">Apply</a> <a href="mailto:hr@school.example">Mail</a>';
    const clean = sanitizeRichText(html);
    expect(clean).toContain('<h2>About us</h2>');
    expect(clean).toContain('<strong>friendly</strong>');
    expect(clean).toContain('<em>small</em>');
    expect(clean).toContain('<ul><li>Housing</li></ul>');
    expect(clean).toContain(
      '<a href="https://school.example/jobs" rel="noopener noreferrer nofollow" target="_blank">Apply</a>',
    );
    expect(clean).toContain('href="mailto:hr@school.example"');
  });
});
