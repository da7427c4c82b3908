// @vitest-environment node
// The server's first render (entry-server.tsx) has no document, so DOMPurify cannot run there:
// rich text is cleaned by the sanitiser the server hands over, and by nothing else.
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RichText, setServerSanitizer } from './rich-text';

describe('RichText on the server', () => {
  it('renders nothing rather than unchecked markup before a sanitiser is set', () => {
    expect(renderToString(<RichText html="<p>Hello</p><script>alert(1)</script>" />)).toBe('<div></div>');
  });

  it("cleans with the server's sanitiser once it is set", () => {
    const seen: string[] = [];
    setServerSanitizer((html) => {
      seen.push(html);
      return html.replace(/<script>.*?<\/script>/g, '');
    });

    const markup = renderToString(<RichText className="prose" html="<p>Hello</p><script>alert(1)</script>" />);

    expect(seen).toEqual(['<p>Hello</p><script>alert(1)</script>']);
    expect(markup).toBe('<div class="prose"><p>Hello</p></div>');
  });
});
