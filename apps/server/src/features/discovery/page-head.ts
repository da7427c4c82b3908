// The <head> of a page the server sends: the title, description, canonical address, robots rule,
// link-preview tags (Open Graph, Twitter), the page's feed, a live posting's JobPosting and a school's
// EducationalOrganization. What each page says comes from the web app (PageHead, app/page-heads.ts);
// the absolute addresses and the structured data are the server's.
import { DEFAULT_JOB_TITLE, type PageHead } from '@teacheast/shared';
import { jobPostingData, jsonForScript, schoolData } from './job-posting.js';

/** The picture link previews show for a page that has none of its own (apps/web/public). */
const SITE_IMAGE_PATH = '/og-image.png';

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text for an attribute value or an element's content. */
function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

const meta = (attribute: 'name' | 'property', key: string, content: string) =>
  `<meta ${attribute}="${key}" content="${escapeHtml(content)}">`;

/** The head elements of `head`, with every address absolute under `publicUrl`. */
export function headTags(head: PageHead, publicUrl: string): string {
  const canonical = `${publicUrl}${head.canonicalPath}`;
  const image = `${publicUrl}${head.imagePath ?? SITE_IMAGE_PATH}`;
  const shareTitle = head.job ? `${head.job.title || DEFAULT_JOB_TITLE} at ${head.job.companyName}` : head.title;
  const tags = [
    `<title>${escapeHtml(head.title)}</title>`,
    meta('name', 'description', head.description),
    `<link rel="canonical" href="${escapeHtml(canonical)}">`,
    head.noindex ? meta('name', 'robots', 'noindex') : '',
    meta('property', 'og:site_name', 'TeachEast'),
    meta('property', 'og:title', shareTitle),
    meta('property', 'og:description', head.description),
    meta('property', 'og:type', head.type),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('name', 'twitter:card', 'summary_large_image'),
    `<link rel="alternate" type="application/atom+xml" title="${escapeHtml(head.feed.title)}" href="${escapeHtml(`${publicUrl}${head.feed.path}`)}">`,
    head.job && !head.noindex
      ? `<script type="application/ld+json">${jsonForScript(jobPostingData(head.job, publicUrl))}</script>`
      : '',
    head.school && !head.noindex
      ? `<script type="application/ld+json">${jsonForScript(schoolData(head.school, canonical))}</script>`
      : '',
  ];
  return tags.filter(Boolean).join('');
}
