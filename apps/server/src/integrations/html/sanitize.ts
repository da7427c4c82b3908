// Rich text is cleaned on the way in with an allow-list: structure and emphasis only, links to
// https: and mailto: with rel="noopener noreferrer nofollow"; no images, styles, scripts or handlers.
import sanitizeHtml from 'sanitize-html';
import { remembered } from '../../lib/remembered.js';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'h1',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'a',
    'blockquote',
    'hr',
  ],
  allowedAttributes: { a: ['href', 'rel', 'target'] },
  allowedSchemes: ['https', 'mailto'],
  allowedSchemesByTag: {},
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // Their content is code or markup, never text a reader wrote. (svg and math keep their text, so an
  // unclosed one cannot swallow the rest of a description.)
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'iframe', 'object', 'embed', 'template'],
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: {
        ...(attribs.href ? { href: attribs.href } : {}),
        rel: 'noopener noreferrer nofollow',
        target: '_blank',
      },
    }),
  },
};

/**
 * The last few descriptions cleaned: a rendered posting cleans its description twice (the page and its
 * JobPosting data), and cleaning is a whole parse. Keyed by the text itself, so a hit is exact.
 */
export const sanitizeRichText = remembered((html) => sanitizeHtml(html, OPTIONS).trim(), 64);
