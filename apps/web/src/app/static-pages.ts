// The words of the pages that never change: the heading each shows (and its tab title) and the
// description its <head> carries (page-heads.ts). Imported by those pages, so kept free of imports.

export const SITE_DESCRIPTION =
  'Teaching jobs and teacher resumes in China, Japan, South Korea, Thailand, Taiwan, Vietnam and Indonesia.';

/** Pages whose words never change: the heading they show (and the tab's title) and their description. */
export const PAGE_HEADS = {
  'about-us-page': { title: 'About Us', description: `About TeachEast. ${SITE_DESCRIPTION}` },
  'contact-us-page': {
    title: 'Contact Us',
    description: 'Write to TeachEast: questions about posting a job, the resume board or your account.',
  },
  'terms-of-service-page': {
    title: 'Terms of Service',
    description: 'The terms under which schools and teachers use TeachEast.',
  },
  'login-page': {
    title: 'Log In',
    description: 'Log in to TeachEast to save jobs, post jobs and publish your resume.',
  },
  'register-page': {
    title: 'Create your account',
    description: 'Create a TeachEast account: save teaching jobs, publish your resume or post jobs for your school.',
  },
  'forgot-password-page': {
    title: 'Forgot password',
    description: 'Reset the password of your TeachEast account.',
  },
  'post-job-page': {
    title: 'Post Job',
    description: 'Post a teaching job on TeachEast and reach teachers looking for work in East and Southeast Asia.',
  },
  'purchase-jobs-page': {
    title: 'Purchase jobs',
    description: 'Buy job postings for your school on TeachEast: one, five or ten at a time.',
  },
  'post-resume-page': {
    title: 'Post Resume',
    description:
      'Publish your teaching resume on TeachEast, where schools in East and Southeast Asia look for teachers.',
  },
  'safety-page': {
    title: 'Staying safe',
    description:
      'TeachEast never asks teachers for money. The common scams of teaching jobs abroad (fees, wrong visas, passports kept, look-alike schools) and how to spot them.',
  },
  'not-found-page': {
    title: 'Page not found',
    description: 'There is no page at this address on TeachEast.',
  },
} as const satisfies Record<string, { title: string; description: string }>;
