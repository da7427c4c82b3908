import DOMPurify from 'dompurify';
import { useMemo } from 'react';

// The server cleans resume text when it is saved; the browser cleans it again before rendering, so
// a row written any other way still cannot run script.
const SAFE_LINKS_HOOK = 'afterSanitizeAttributes';
DOMPurify.addHook(SAFE_LINKS_HOOK, (node) => {
  if (node.tagName === 'A') {
    node.setAttribute('target', '_blank');
    node.setAttribute('rel', 'noopener noreferrer nofollow');
  }
});

export function ResumeHtml({ html }: { html: string }) {
  const clean = useMemo(
    () => DOMPurify.sanitize(html, { ADD_ATTR: ['target'], FORBID_TAGS: ['style', 'img', 'form', 'input'] }),
    [html],
  );
  return <div className="resume-html prose" dangerouslySetInnerHTML={{ __html: clean }} />;
}
