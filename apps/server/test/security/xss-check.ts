// Decides whether stored HTML could run anything: parsed with jsdom, as a browser would parse it.
import { JSDOM } from 'jsdom';

const FORBIDDEN_ELEMENTS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'base',
  'meta',
  'link',
  'form',
  'input',
  'button',
  'select',
  'textarea',
  'svg',
  'math',
  'img',
  'video',
  'audio',
  'source',
  'portal',
  'template',
  'noscript',
  'xml',
  'isindex',
  'keygen',
  'bgsound',
  'marquee',
  'details',
  'table',
]);

/** Every reason the HTML is unsafe; an empty list means nothing in it can run. */
export function unsafeParts(html: string): string[] {
  const problems: string[] = [];
  const { document } = new JSDOM(`<!doctype html><body>${html}</body>`).window;
  for (const el of document.body.querySelectorAll('*')) {
    const tag = el.tagName.toLowerCase();
    if (FORBIDDEN_ELEMENTS.has(tag)) problems.push(`<${tag}>`);
    for (const attr of el.attributes) {
      const name = attr.name.toLowerCase();
      if (name.startsWith('on')) problems.push(`${tag}[${name}]`);
      if (name === 'style') problems.push(`${tag}[style]`);
      if (
        ['href', 'src', 'xlink:href', 'action', 'formaction', 'data', 'background', 'ping', 'srcdoc'].includes(name)
      ) {
        const value = attr.value.trim().toLowerCase();
        if (!(name === 'href' && (value.startsWith('https://') || value.startsWith('mailto:')))) {
          problems.push(`${tag}[${name}=${attr.value}]`);
        }
      }
    }
    if (tag === 'a' && el.getAttribute('rel') !== 'noopener noreferrer nofollow') problems.push('a without rel');
  }
  return problems;
}
