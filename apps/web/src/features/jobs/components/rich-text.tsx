import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// The server cleans rich text when it is saved; the browser cleans it again before rendering, so a
// row written any other way still cannot run script. Links open in a new tab without an opener.
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

export function RichText({ html, className, inert }: { html: string; className?: string; inert?: boolean }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'img', 'form', 'input'] }),
    [html],
  );
  return <div className={className} inert={inert} dangerouslySetInnerHTML={{ __html: clean }} />;
}
