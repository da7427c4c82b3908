import { POSTING_LIFETIME_DAYS, type Job, type JobTerms } from '@teacheast/shared';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jobPostingData, jsonForScript } from './job-posting.js';

const publicUrl = 'https://teacheast.example';
const iso = z.iso.datetime();

// Google's JobPosting properties: every required one, and the recommended ones that apply to a
// job in one place (applicantLocationRequirements and jobLocationType are for remote work).
const JobPostingCheck = z.object({
  '@context': z.literal('https://schema.org/'),
  '@type': z.literal('JobPosting'),
  title: z.string().min(1),
  description: z.string().min(1),
  datePosted: iso,
  validThrough: iso,
  employmentType: z.enum([
    'FULL_TIME',
    'PART_TIME',
    'CONTRACTOR',
    'TEMPORARY',
    'INTERN',
    'VOLUNTEER',
    'PER_DIEM',
    'OTHER',
  ]),
  hiringOrganization: z.object({
    '@type': z.literal('Organization'),
    name: z.string().min(1),
    sameAs: z.url().optional(),
  }),
  jobLocation: z.object({
    '@type': z.literal('Place'),
    address: z.object({
      '@type': z.literal('PostalAddress'),
      addressLocality: z.string().min(1),
      addressCountry: z.string().regex(/^[A-Z]{2}$/),
    }),
  }),
  identifier: z.object({ '@type': z.literal('PropertyValue'), name: z.string().min(1), value: z.string().min(1) }),
  directApply: z.boolean(),
  baseSalary: z
    .object({
      '@type': z.literal('MonetaryAmount'),
      currency: z.string().regex(/^[A-Z]{3}$/),
      value: z
        .object({
          '@type': z.literal('QuantitativeValue'),
          value: z.number().positive().optional(),
          minValue: z.number().positive().optional(),
          maxValue: z.number().positive().optional(),
          unitText: z.enum(['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR']),
        })
        .refine((v) => v.value !== undefined || (v.minValue !== undefined && v.maxValue !== undefined), {
          message: 'a value, or both ends of a range',
        }),
    })
    .optional(),
});

const job: Job = {
  uuid: '0b7f3c1e-6a7d-4e3a-9a55-2f4a8d3c1b10',
  title: 'Kindergarten English Teacher',
  companyName: 'Sakura English',
  country: 'japan',
  city: 'Tokyo',
  ageGroup: 'Children',
  pay: '¥280,000/month',
  startDate: '4',
  duration: '12',
  classSize: '1 - 10',
  thumbnail: '/media/header.webp',
  salary: null,
  badges: [],
  permit: null,
  school: null,
  publishedDate: '2026-03-01T00:00:00.000Z',
  email: 'hr@sakura.example',
  phone: '',
  link: 'https://sakura.example/careers',
  descriptionHTML: '<p>Teach <strong>happy</strong> children.</p>',
  images: [],
  favoritedBy: [],
  status: 'published',
  terms: null,
  underReview: false,
  takenDown: false,
};

/** A contract sheet (BEYOND §6): its salary wins over the pay notes. */
const sheet: JobTerms = {
  salary: { currency: 'JPY', min: 250_000, max: 300_000, period: 'month', basis: 'gross' },
  teachingHoursPerWeek: 25,
  housing: 'help_finding',
  flights: 'none',
  visa: { sponsored: true, permit: 'JP-INSTRUCTOR', costsPaidBy: 'school' },
  vacationDays: 15,
  healthInsurance: 'full',
  splitShift: false,
  saturdays: 'never',
};

describe('a posting as a JobPosting', () => {
  it('has every required and recommended property, with the pay as a salary when it parses', () => {
    const data = JobPostingCheck.parse(jobPostingData(job, publicUrl));
    expect(data.title).toBe('Kindergarten English Teacher');
    expect(data.description).toBe('<p>Teach <strong>happy</strong> children.</p>');
    expect(data.datePosted).toBe('2026-03-01T00:00:00.000Z');
    expect(Date.parse(data.validThrough) - Date.parse(data.datePosted)).toBe(POSTING_LIFETIME_DAYS * 86_400_000);
    expect(data.employmentType).toBe('FULL_TIME');
    expect(data.hiringOrganization).toEqual({
      '@type': 'Organization',
      name: 'Sakura English',
      sameAs: 'https://sakura.example/careers',
    });
    expect(data.jobLocation.address).toEqual({
      '@type': 'PostalAddress',
      addressLocality: 'Tokyo',
      addressCountry: 'JP',
    });
    expect(data.identifier.value).toBe(job.uuid);
    // Teachers apply on the posting page itself.
    expect(data.directApply).toBe(true);
    expect(data.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'JPY',
      value: { '@type': 'QuantitativeValue', value: 280_000, unitText: 'MONTH' },
    });
  });

  it('leaves the salary out when the pay does not parse, and still passes the check', () => {
    const data = JobPostingCheck.parse(jobPostingData({ ...job, pay: 'Competitive' }, publicUrl));
    expect(data.baseSalary).toBeUndefined();
    const range = JobPostingCheck.parse(
      jobPostingData({ ...job, country: 'china', pay: '15,000 - 20,000 RMB / month' }, publicUrl),
    );
    expect(range.baseSalary?.value).toEqual({
      '@type': 'QuantitativeValue',
      minValue: 15_000,
      maxValue: 20_000,
      unitText: 'MONTH',
    });
    expect(range.jobLocation.address.addressCountry).toBe('CN');
  });

  it('takes the salary from the contract sheet when there is one, a range or one amount, not from the pay notes', () => {
    const ranged = JobPostingCheck.parse(jobPostingData({ ...job, pay: 'Competitive', terms: sheet }, publicUrl));
    expect(ranged.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'JPY',
      value: { '@type': 'QuantitativeValue', minValue: 250_000, maxValue: 300_000, unitText: 'MONTH' },
    });
    const hourly: JobTerms = { ...sheet, salary: { currency: 'USD', min: 22, period: 'hour', basis: 'net' } };
    const one = JobPostingCheck.parse(jobPostingData({ ...job, terms: hourly }, publicUrl));
    expect(one.baseSalary).toEqual({
      '@type': 'MonetaryAmount',
      currency: 'USD',
      value: { '@type': 'QuantitativeValue', value: 22, unitText: 'HOUR' },
    });
    // Without a sheet, the pay notes as before.
    expect(JobPostingCheck.parse(jobPostingData(job, publicUrl)).baseSalary?.currency).toBe('JPY');
  });

  it('names every country by its ISO code', () => {
    const codes = ['china', 'indonesia', 'japan', 'south-korea', 'taiwan', 'thailand', 'vietnam'].map(
      (country) =>
        JobPostingCheck.parse(jobPostingData({ ...job, country }, publicUrl)).jobLocation.address.addressCountry,
    );
    expect(codes).toEqual(['CN', 'ID', 'JP', 'KR', 'TW', 'TH', 'VN']);
  });

  it('calls contracts under six months contract work, the rest full-time', () => {
    const type = (duration: string) =>
      JobPostingCheck.parse(jobPostingData({ ...job, duration }, publicUrl)).employmentType;
    expect(['1', '5', '6', '12', '13'].map(type)).toEqual([
      'CONTRACTOR',
      'CONTRACTOR',
      'FULL_TIME',
      'FULL_TIME',
      'FULL_TIME',
    ]);
  });

  it('uses the default title when the job has none, and no sameAs for a link that is not a web address', () => {
    const data = JobPostingCheck.parse(jobPostingData({ ...job, title: '', link: 'javascript:alert(1)' }, publicUrl));
    expect(data.title).toBe('English Teacher');
    expect(data.hiringOrganization.sameAs).toBeUndefined();
  });
});

describe('JSON in a script element', () => {
  it('cannot end the element, open a comment or break a line, and reads back the same', () => {
    const hostile = {
      title: '</script><script>alert(1)</script>',
      description: '<!-- <script> --> & \u2028\u2029 </SCRIPT >',
    };
    const json = jsonForScript(hostile);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(hostile);
  });
});
