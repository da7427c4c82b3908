// Renders stored rich text: a job's description and a resume's text. The server cleans it when it
// is saved; the browser cleans it again before rendering, so a row written any other way still
// cannot run script. Links open in a new tab without an opener.
import DOMPurify from 'dompurify';
import { useMemo } from 'react';

const SANITIZE_OPTIONS = { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'img', 'form', 'input'] };

// DOMPurify's hooks are global to the library: this module is the only one that adds one.
// (On the server DOMPurify has no document and is unsupported: the server's own cleaner is used.)
if (DOMPurify.isSupported) {
  DOMPurify.addHook('afterSanitizeAttributes', (node) => {
    if (node.tagName === 'A') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
}

let serverSanitizer: ((html: string) => string) | undefined;

/** The server's first render of a page (entry-server.tsx) cleans with the server's own sanitiser. */
export function setServerSanitizer(sanitize: (html: string) => string): void {
  serverSanitizer = sanitize;
}

function clean(html: string): string {
  if (DOMPurify.isSupported) return DOMPurify.sanitize(html, SANITIZE_OPTIONS);
  // No cleaner at all (should not happen): show nothing rather than unchecked markup.
  return serverSanitizer ? serverSanitizer(html) : '';
}

export function RichText({ html, className, inert }: { html: string; className?: string; inert?: boolean }) {
  const cleanHtml = useMemo(() => clean(html), [html]);
  return <div className={className} inert={inert} dangerouslySetInnerHTML={{ __html: cleanHtml }} />;
}
