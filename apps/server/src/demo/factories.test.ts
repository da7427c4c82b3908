// The made-up rows of the demo, the benchmark and the end-to-end seed are rows the product itself
// could have stored: they pass the forms' own checks, their rich text is what the sanitiser keeps,
// and one seed always gives the same data.
import {
  AGE_GROUPS,
  COUNTRIES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  isCityOf,
  JobDetailsSchema,
  MONTHS,
  NATIONALITIES,
  ResumeDetailsSchema,
  DESIRED_COUNTRIES,
  type Country,
} from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import type { NewJob } from '../db/schema.js';
import { sanitizeRichText } from '../integrations/html/sanitize.js';
import {
  createRandom,
  jobRow,
  MAJOR_CITIES,
  resumeRow,
  schoolName,
  slugOf,
  teacherName,
  type Random,
  type Teacher,
} from './factories.js';

const NOW = Date.UTC(2026, 2, 1);

function someJobs(r: Random, count: number): NewJob[] {
  return Array.from({ length: count }, (_, i) => {
    const { value: country, label } = COUNTRIES[i % COUNTRIES.length]!;
    return jobRow(r, {
      ownerId: 'owner',
      country,
      countryLabel: label,
      city: r.pick(MAJOR_CITIES[country]),
      ageGroup: AGE_GROUPS[i % AGE_GROUPS.length]!,
      publishedAt: NOW - r.int(0, 40) * 86_400_000,
    });
  });
}

/** Teachers that between them take every value of every list the resume form offers. */
function everyKindOfTeacher(r: Random): Teacher[] {
  const longest = Math.max(NATIONALITIES.length, EXPERIENCE_LEVELS.length, DESIRED_COUNTRIES.length, MONTHS.length);
  return Array.from({ length: longest }, (_, i) => {
    const nth = <T>(list: readonly T[]): T => list[i % list.length]!;
    const name = teacherName(r);
    return {
      name,
      email: `${slugOf(name)}@example.com`,
      nationality: nth(NATIONALITIES),
      education: nth(EDUCATION_LEVELS),
      experience: nth(EXPERIENCE_LEVELS),
      desiredCountry: nth(DESIRED_COUNTRIES),
      desiredStartDate: nth(MONTHS),
      desiredAgeGroup: nth(AGE_GROUPS),
    };
  });
}

const withoutIds = <T extends { id?: unknown }>(rows: T[]) => rows.map(({ id: _id, ...rest }) => rest);

describe('data factories', () => {
  it('give the same data for the same seed, and other data for another', () => {
    expect(withoutIds(someJobs(createRandom(7), 40))).toEqual(withoutIds(someJobs(createRandom(7), 40)));
    expect(withoutIds(someJobs(createRandom(8), 40))).not.toEqual(withoutIds(someJobs(createRandom(7), 40)));
    expect(everyKindOfTeacher(createRandom(7))).toEqual(everyKindOfTeacher(createRandom(7)));
    const r = createRandom(1);
    expect(r.some([1, 2, 3, 4, 5], 3)).toHaveLength(3);
    expect(new Set(r.some([1, 2, 3, 4, 5], 5))).toEqual(new Set([1, 2, 3, 4, 5]));
  });

  it('place jobs only in cities the job form accepts', () => {
    for (const [country, cities] of Object.entries(MAJOR_CITIES)) {
      for (const city of cities) expect(isCityOf(country, city), `${country}: ${city}`).toBe(true);
    }
  });

  it('make jobs that pass the job form, with a description the sanitiser keeps as it is', () => {
    for (const job of someJobs(createRandom(42), 200)) {
      // Each field of the job form is stored in the column of the same name in snake_case.
      const column = (field: string) => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`) as keyof NewJob;
      // The school is a row of its own (schools), not a column of the job; warnings are acknowledged, not stored.
      const form = Object.keys(JobDetailsSchema.shape)
        .filter((field) => field !== 'schoolSlug' && field !== 'acknowledgeWarnings')
        .map((field) => [field, job[column(field)]]);
      expect(form.filter(([, value]) => typeof value !== 'string')).toEqual([]);
      const details = JobDetailsSchema.safeParse(Object.fromEntries(form));
      expect(details.error?.issues ?? [], job.company_name).toEqual([]);
      expect(sanitizeRichText(job.description_html!)).toBe(job.description_html);
      expect(job.description_html).toContain(`<strong>${job.company_name}</strong> in ${job.city}`);
      expect(job).toMatchObject({ published_at: job.updated_at, thumbnail: null, relisted_from: null });
    }
  });

  it('make resumes that pass the resume form, with text the sanitiser keeps as it is', () => {
    for (const teacher of everyKindOfTeacher(createRandom(42))) {
      expect(ResumeDetailsSchema.safeParse(teacher).error?.issues ?? [], teacher.name).toEqual([]);
      const row = resumeRow(teacher, { userId: 'teacher', updatedAt: NOW });
      expect(sanitizeRichText(row.resume_html)).toBe(row.resume_html);
      expect(row).toMatchObject({
        user_id: 'teacher',
        name: teacher.name,
        desired_country: teacher.desiredCountry,
        published_at: NOW,
        last_updated_at: NOW,
        profile_image: null,
        resume_pdf_key: null,
      });
    }
  });

  it('write a resume in plain sentences', () => {
    const teacher = everyKindOfTeacher(createRandom(5))[0]!;
    const html = (experience: Teacher['experience']) =>
      resumeRow({ ...teacher, experience }, { userId: 'u', updatedAt: NOW }).resume_html;
    expect(html('0')).toContain('<p>Newly certified English teacher from ');
    expect(html('1')).toContain('<p>1 year English teacher from ');
    expect(html('10+')).toContain('<p>10+ years English teacher from ');
  });

  it('name schools after the students they teach, and escape what they write into HTML', () => {
    const r = createRandom(3);
    const children = Array.from({ length: 50 }, () => schoolName(r, 'Children'));
    expect(
      children.every((n) => /(Kids Academy|Kindergarten|Primary School|Junior English|Early Learning Centre)$/.test(n)),
    ).toBe(true);
    expect(slugOf('Blue Sky Kids Academy')).toBe('blue-sky-kids-academy');
    const job = jobRow(r, {
      ownerId: null,
      country: 'china' satisfies Country,
      countryLabel: 'China',
      city: "Xi'an",
      ageGroup: 'Adults',
      publishedAt: NOW,
      company: 'Tom & Jerry <English>',
    });
    expect(job.description_html).toContain("<strong>Tom &amp; Jerry &lt;English&gt;</strong> in Xi'an, China");
    expect(sanitizeRichText(job.description_html!)).toBe(job.description_html);
  });
});
