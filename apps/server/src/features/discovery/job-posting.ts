// A live posting described as a schema.org JobPosting, the data search engines list jobs from, and a
// school as an EducationalOrganization. Built from the same answers the pages show, on the server,
// where PUBLIC_URL is known.
import {
  DEFAULT_JOB_TITLE,
  POSTING_LIFETIME_DAYS,
  parsePay,
  plainTextOf,
  type BaseSalary,
  type Country,
  type Job,
  type JobTerms,
  type School,
} from '@teacheast/shared';
import { sanitizeRichText } from '../../integrations/html/sanitize.js';

const UNIT_TEXTS = { hour: 'HOUR', month: 'MONTH', year: 'YEAR' } as const;

/** The contract sheet's salary (BEYOND §6) as a baseSalary: a range, or one amount. */
function sheetSalary(terms: JobTerms): BaseSalary {
  const { currency, min, max, period } = terms.salary;
  const unitText = UNIT_TEXTS[period];
  return max === undefined || max === min
    ? { currency, value: min, unitText }
    : { currency, minValue: min, maxValue: max, unitText };
}

/** ISO 3166-1 alpha-2, as addressCountry wants it. */
const COUNTRY_CODES: Record<Country, string> = {
  china: 'CN',
  indonesia: 'ID',
  japan: 'JP',
  'south-korea': 'KR',
  taiwan: 'TW',
  thailand: 'TH',
  vietnam: 'VN',
};

/** Contracts shorter than this many months are contract work; the rest are full-time posts. */
const FULL_TIME_FROM_MONTHS = 6;

/** The school's own site, when what it typed is one: sameAs takes only an http(s) address. */
function website(link: string): string | null {
  try {
    const url = new URL(link.trim());
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The JobPosting of a live posting (status 'published', with its publication date). */
export function jobPostingData(job: Job, publicUrl: string): Record<string, unknown> {
  const published = new Date(job.publishedDate ?? 0);
  const validThrough = new Date(published.getTime() + POSTING_LIFETIME_DAYS * 86_400_000);
  const months = Number(job.duration);
  const site = website(job.link);
  const salary = job.terms ? sheetSalary(job.terms) : parsePay(job.pay, job.country);
  const url = `${publicUrl}/posting/${job.uuid}`;
  return {
    '@context': 'https://schema.org/',
    '@type': 'JobPosting',
    title: job.title || DEFAULT_JOB_TITLE,
    description: sanitizeRichText(job.descriptionHTML),
    datePosted: published.toISOString(),
    validThrough: validThrough.toISOString(),
    employmentType: months >= 1 && months < FULL_TIME_FROM_MONTHS ? 'CONTRACTOR' : 'FULL_TIME',
    hiringOrganization: { '@type': 'Organization', name: job.companyName, ...(site ? { sameAs: site } : {}) },
    jobLocation: {
      '@type': 'Place',
      address: {
        '@type': 'PostalAddress',
        addressLocality: job.city,
        addressCountry: COUNTRY_CODES[job.country as Country] ?? job.country,
      },
    },
    identifier: { '@type': 'PropertyValue', name: 'TeachEast', value: job.uuid },
    // Every live posting takes applications on TeachEast itself (BEYOND §5).
    directApply: true,
    url,
    ...(job.thumbnail ? { image: `${publicUrl}${job.thumbnail}` } : {}),
    ...(salary
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency: salary.currency,
            value: {
              '@type': 'QuantitativeValue',
              ...(salary.value !== undefined ? { value: salary.value } : {}),
              ...(salary.minValue !== undefined ? { minValue: salary.minValue } : {}),
              ...(salary.maxValue !== undefined ? { maxValue: salary.maxValue } : {}),
              unitText: salary.unitText,
            },
          },
        }
      : {}),
  };
}

/**
 * JSON for a <script> element: no `<` (so no `</script>` or `<!--`), `>` or `&` in it, and the line
 * separators U+2028/U+2029 written as escapes, so nothing inside can end or open anything in the page.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** A school's page as a schema.org EducationalOrganization (BEYOND §8); `url` is its page's address. */
export function schoolData(school: School, url: string): Record<string, unknown> {
  const site = school.website ? website(school.website) : null;
  return {
    '@context': 'https://schema.org/',
    '@type': 'EducationalOrganization',
    name: school.name,
    url,
    address: {
      '@type': 'PostalAddress',
      addressLocality: school.city,
      addressCountry: COUNTRY_CODES[school.country as Country] ?? school.country,
    },
    ...(site ? { sameAs: site } : {}),
    ...(school.foundedYear !== null ? { foundingDate: String(school.foundedYear) } : {}),
    ...(plainTextOf(school.aboutHTML) ? { description: plainTextOf(school.aboutHTML) } : {}),
  };
}
