// A live posting as GET /api/job/{uuid} answers it, for tests of the pages that show one.
import type { Job } from '@teacheast/shared';

export const PUBLISHED_JOB_UUID = '0b7f3c1e-6a7d-4e3a-9a55-2f4a8d3c1b10';

export const publishedJob: Job = {
  uuid: PUBLISHED_JOB_UUID,
  title: 'Kindergarten Teacher',
  companyName: 'Sakura English',
  country: 'japan',
  city: 'Tokyo',
  ageGroup: 'Children',
  pay: '¥280,000/month',
  startDate: '4',
  duration: '12',
  classSize: '1 - 10',
  thumbnail: '/media/header.webp',
  publishedDate: '2026-03-01T00:00:00.000Z',
  email: 'hr@sakura.example',
  phone: '',
  link: '',
  descriptionHTML: `<p>Teach <strong>happy</strong> children &amp; adults.</p><p>${'Long text. '.repeat(40)}</p>`,
  images: [],
  favoritedBy: [],
  status: 'published',
  salary: null,
  badges: [],
  permit: null,
  school: null,
  terms: null,
  underReview: false,
  takenDown: false,
};
