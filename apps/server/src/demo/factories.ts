// Realistic rows for every place that fills a database without the product's forms: the demo seed
// (npm run demo), the benchmark dataset (bench/dataset.ts) and the end-to-end job board
// (e2e/job-board-seed.ts). School names, pay, job descriptions, jobs, teachers and resumes, all drawn
// from a seeded random source, so one seed always gives the same data.
//
// Playwright's runner cannot load @teacheast/shared (its cities.json), so this file takes only types
// from it: the value lists below are checked against the product's enumerations by tsc, and the
// caller chooses country, city and age group from the shared lists itself. The contract sheets
// (BEYOND §6) come from terms-factory.ts for the same reason: they need the shared package's values.
import { randomUUID } from 'node:crypto';
import type { AgeGroup, ClassSize, Country, Education, Experience, Month, Nationality } from '@teacheast/shared';
import { jobSearchColumns } from '../db/job-search.js';
import type { NewJob, ResumeRow } from '../db/schema.js';

const DAY_MS = 86_400_000;

export interface Random {
  /** A number in [0, 1). */
  next(): number;
  /** An integer from min to max, both included. */
  int(min: number, max: number): number;
  pick<T>(list: readonly T[]): T;
  /** `count` different items of `list`, in random order. */
  some<T>(list: readonly T[], count: number): T[];
}

/** A small deterministic random source (mulberry32): the same seed gives the same sequence. */
export function createRandom(seed: number): Random {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    some<T>(list: readonly T[], count: number): T[] {
      const copy = [...list];
      for (let i = 0; i < Math.min(count, copy.length); i++) {
        const j = int(i, copy.length - 1);
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
  };
}

// ---------- schools ----------

/** The cities most jobs are in: a job board's postings gather where the schools are. */
export const MAJOR_CITIES: Record<Country, readonly string[]> = {
  china: [
    'Beijing',
    'Shanghai',
    'Guangzhou',
    'Shenzhen',
    'Chengdu',
    'Hangzhou',
    'Wuhan',
    "Xi'an",
    'Nanjing',
    'Suzhou',
    'Qingdao',
    'Xiamen',
    'Kunming',
    'Dalian',
  ],
  japan: [
    'Tokyo',
    'Osaka',
    'Kyoto',
    'Nagoya',
    'Fukuoka',
    'Sapporo',
    'Yokohama',
    'Kobe',
    'Sendai',
    'Hiroshima',
    'Naha',
    'Nara',
  ],
  'south-korea': [
    'Seoul',
    'Busan',
    'Incheon',
    'Daegu',
    'Daejeon',
    'Gwangju',
    'Ulsan',
    'Suwon',
    'Jeonju',
    'Jeju',
    'Changwon',
  ],
  taiwan: [
    'Taipei City',
    'New Taipei',
    'Taichung City',
    'Kaohsiung City',
    'Tainan City',
    'Hsinchu City',
    'Taoyuan City',
    'Keelung City',
  ],
  thailand: [
    'Bangkok',
    'Chiang Mai',
    'Phuket',
    'Pattaya',
    'Khon Kaen',
    'Hat Yai',
    'Nakhon Ratchasima',
    'Udon Thani',
    'Chiang Rai',
  ],
  vietnam: ['Hanoi', 'Ho Chi Minh City', 'Da Nang', 'Haiphong', 'Can Tho'],
  indonesia: ['Jakarta', 'Surabaya', 'Bandung', 'Medan', 'Semarang', 'Makassar', 'Palembang', 'Batam'],
};

const PAY: Record<Country, readonly string[]> = {
  china: ['15,000 - 20,000 RMB / month', '18,000 RMB / month', '12,000 - 16,000 RMB + housing', '22,000 RMB / month'],
  japan: ['250,000 JPY / month', '280,000 - 320,000 JPY / month', '3,000 JPY / hour', '300,000 JPY + flights'],
  'south-korea': ['2.3 - 2.6 million KRW / month', '2.5 million KRW + housing', '2.8 million KRW / month'],
  taiwan: ['NT$ 60,000 / month', 'NT$ 650 / hour', 'NT$ 68,000 / month'],
  thailand: ['35,000 THB / month', '40,000 - 50,000 THB / month', '32,000 THB + visa'],
  vietnam: ['$1,500 - $2,000 / month', '$20 / hour', '$1,800 / month + housing'],
  indonesia: ['12,000,000 IDR / month', '15,000,000 IDR + housing', '$1,200 / month'],
};

/** Pay as schools in that country write it. */
function payFor(r: Random, country: Country): string {
  return r.pick(PAY[country]);
}

const NAME_STARTS = [
  'Bright',
  'Sunrise',
  'Golden',
  'Little',
  'Blue Sky',
  'Maple',
  'Lotus',
  'Pine Hill',
  'Harbor',
  'Cedar',
  'Lighthouse',
  'Riverside',
  'Green Valley',
  'Star',
  'Orchid',
  'Summit',
  'Oak Tree',
  'Rainbow',
  'Silver Bay',
  'Crescent',
];
const NAME_ENDS: Record<AgeGroup, readonly string[]> = {
  Children: ['Kids Academy', 'Kindergarten', 'Primary School', 'Junior English', 'Early Learning Centre'],
  Adolescents: ['International School', 'Middle School', 'Language Institute', 'Secondary Academy', 'Hagwon'],
  University: ['University', 'College', 'Institute of Technology', 'Language Centre (University)'],
  Adults: ['Business English', 'Language School', 'Conversation Club', 'Corporate Training', 'English Institute'],
};

/** A school's name that fits the students it teaches ("Maple Kindergarten", "Star Business English"). */
export function schoolName(r: Random, ageGroup: AgeGroup): string {
  return `${r.pick(NAME_STARTS)} ${r.pick(NAME_ENDS[ageGroup])}`;
}

/** The name as a web address part: "Blue Sky Kids Academy" → "blue-sky-kids-academy". */
export function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');
}

// ---------- job descriptions ----------

const INTROS: Record<AgeGroup, readonly string[]> = {
  Children: [
    'We are a warm, play-based school where young learners pick up English through songs, stories and projects.',
    'Our small classes of curious kids learn English every day with phonics, games and plenty of encouragement.',
  ],
  Adolescents: [
    'We prepare teenagers for school exams and international study with lively, discussion-based lessons.',
    'Our students are motivated teens who want to speak confidently, write clearly and enjoy learning.',
  ],
  University: [
    'Our English department teaches undergraduates academic writing, presentation skills and conversation.',
    'Join a friendly faculty teaching first- and second-year students on a modern, green campus.',
  ],
  Adults: [
    'We teach busy professionals who need English for meetings, travel and international careers.',
    'Our adult learners range from university graduates to company managers, mostly in evening classes.',
  ],
};
const DUTIES = [
  'Plan and teach engaging lessons from our curriculum',
  'Give students regular, kind and useful feedback',
  'Take part in open days, seasonal events and parent meetings',
  'Work with local co-teachers who support every class',
  'Write short progress reports each term',
  'Run one after-school club of your choice',
];
const BENEFITS = [
  'Paid flights at the start and end of the contract',
  'Furnished housing or a monthly housing allowance',
  'Health insurance and help with the work visa',
  'Paid holidays plus national public holidays',
  'Training and a friendly team of international teachers',
  'Completion bonus after the contract',
];

/** Escapes text for HTML, so a name like "Xi'an" or "A & B" reads the same once stored. */
function text(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

const list = (items: readonly string[]) => `<ul>${items.map((item) => `<li>${text(item)}</li>`).join('')}</ul>`;

/**
 * A posting's description as the rich-text editor writes it: who the school is, the role, what it
 * offers and asks for. Already in the form the allow-list sanitiser keeps unchanged.
 */
function jobDescriptionHtml(
  r: Random,
  job: { company: string; city: string; countryLabel: string; ageGroup: AgeGroup },
): string {
  const hours = r.int(18, 28);
  const where = `${text(job.city)}, ${text(job.countryLabel)}`;
  return [
    `<p><strong>${text(job.company)}</strong> in ${where} is hiring an English teacher.</p>`,
    `<p>${text(r.pick(INTROS[job.ageGroup]))} We have taught English here for ${r.int(3, 25)} years.</p>`,
    '<h2>What you will do</h2>',
    `<p>About ${hours} contact hours a week, with a curriculum and materials provided.</p>`,
    list(r.some(DUTIES, 4)),
    '<h2>What we offer</h2>',
    list(r.some(BENEFITS, 4)),
    '<h2>Requirements</h2>',
    list([
      "A bachelor's degree in any subject",
      'Native or near-native English',
      'A TEFL, TESOL or CELTA certificate is a plus',
    ]),
    '<p>Send us your CV and a short introduction. We answer every application within a week.</p>',
  ].join('');
}

// ---------- jobs ----------

/** Contract lengths in months, weighted as postings are: most run a year. */
const DURATION_CHOICES = ['6', '10', '12', '12', '12', '13'] as const;
/** Start months ('' is as soon as possible), weighted towards the school years' starts. */
const START_DATE_CHOICES = ['', '', '3', '4', '8', '9', '1', '2'] as const;
const CLASS_SIZE_CHOICES = [
  '1 - 10',
  '11 - 20',
  '11 - 20',
  '21 - 30',
  'Greater than 30',
] as const satisfies readonly ClassSize[];

export interface JobPlan {
  /** The account that posted it; null once that account is gone. */
  ownerId: string | null;
  country: Country;
  /** The country as people read it ("South Korea"), for the description. */
  countryLabel: string;
  city: string;
  ageGroup: AgeGroup;
  publishedAt: number;
  /** The school's name; drawn from the age group when not given. */
  company?: string;
}

/**
 * A complete job row: a school of the right kind, its contact details, pay, contract, class size and
 * description. `fields` overrides any column afterwards (a test's fixed e-mail, a header picture).
 */
/** Job titles by the students taught; about one posting in five has none (shown as the default). */
const JOB_TITLES: Record<AgeGroup, readonly string[]> = {
  Children: [
    'Kindergarten English Teacher',
    'Primary School English Teacher',
    'Young Learners Teacher',
    'Phonics Teacher',
  ],
  Adolescents: ['Middle School English Teacher', 'High School English Teacher', 'IELTS Preparation Teacher'],
  University: ['University English Lecturer', 'Academic Writing Instructor', 'EAP Tutor'],
  Adults: ['Business English Trainer', 'Adult ESL Teacher', 'Corporate English Coach', 'Conversation Teacher'],
};

function jobTitle(r: Random, ageGroup: AgeGroup): string {
  return r.next() < 0.2 ? '' : r.pick(JOB_TITLES[ageGroup]);
}

/** A job row with its keyword search text written, as the product writes it. */
export function jobRow(r: Random, plan: JobPlan, fields: Partial<NewJob> = {}): NewJob {
  const row = plainJobRow(r, plan, fields);
  return { ...row, ...jobSearchColumns({ ...row, title: row.title ?? '' }) };
}

function plainJobRow(r: Random, plan: JobPlan, fields: Partial<NewJob>): NewJob {
  const company = plan.company ?? schoolName(r, plan.ageGroup);
  const slug = slugOf(company);
  return {
    id: randomUUID(),
    user_id: plan.ownerId,
    title: jobTitle(r, plan.ageGroup),
    company_name: company,
    email: `jobs@${slug}.example`,
    country: plan.country,
    city: plan.city,
    pay: payFor(r, plan.country),
    age_group: plan.ageGroup,
    duration: r.pick(DURATION_CHOICES),
    class_size: r.pick(CLASS_SIZE_CHOICES),
    start_date: r.pick(START_DATE_CHOICES),
    phone: r.next() < 0.5 ? `+${r.int(60, 90)} ${r.int(100, 999)} ${r.int(1000, 9999)}` : '',
    link: r.next() < 0.6 ? `https://www.${slug}.example` : '',
    description_html: jobDescriptionHtml(r, {
      company,
      city: plan.city,
      countryLabel: plan.countryLabel,
      ageGroup: plan.ageGroup,
    }),
    thumbnail: null,
    tile_thumbnail: null,
    published_at: plan.publishedAt,
    relisted_from: null,
    created_at: plan.publishedAt - DAY_MS,
    updated_at: plan.publishedAt,
    ...fields,
  };
}

// ---------- teachers and resumes ----------

const FIRST_NAMES = [
  'Emma',
  'Liam',
  'Olivia',
  'Noah',
  'Ava',
  'Lucas',
  'Grace',
  'Ethan',
  'Chloe',
  'Samuel',
  'Zoe',
  'Daniel',
  'Maya',
  'Owen',
  'Hannah',
  'Jack',
];
const LAST_NAMES = [
  'Thompson',
  'Walker',
  'Brown',
  'Wilson',
  'Murphy',
  'van der Merwe',
  'Campbell',
  'Nguyen',
  'Robinson',
  'Kelly',
  'Patel',
  'Taylor',
  "O'Connor",
  'Clarke',
  'Harris',
  'Scott',
];

/** A teacher's full name. */
export function teacherName(r: Random): string {
  return `${r.pick(FIRST_NAMES)} ${r.pick(LAST_NAMES)}`;
}

export interface Teacher {
  name: string;
  email: string;
  nationality: Nationality;
  education: Education;
  experience: Experience;
  /** As people read it ("South Korea"): resumes store the label. */
  desiredCountry: string;
  desiredStartDate: Month;
  desiredAgeGroup: AgeGroup;
}

/** The resume text a teacher would write: who they are, their experience and their education. */
function resumeHtml(t: Teacher): string {
  const years =
    ({ '0': 'Newly certified', '1': '1 year' } as Record<string, string>)[t.experience] ?? `${t.experience} years`;
  return (
    `<h2>${text(t.name)}</h2><p>${years} English teacher from ${text(t.nationality)}, hoping to teach ` +
    `${t.desiredAgeGroup.toLowerCase()} in ${text(t.desiredCountry)}.</p>` +
    '<h3>Experience</h3><ul><li>Taught conversation and grammar classes of 10 to 25 students</li>' +
    '<li>Designed project-based units and assessments</li></ul>' +
    `<h3>Education</h3><ul><li>${t.education} degree</li><li>120-hour TEFL certificate</li></ul>`
  );
}

/** A published resume row for `userId`, last updated at `updatedAt`, with `resumeHtml` as its text. */
export function resumeRow(
  t: Teacher,
  { userId, updatedAt, profileImage = null }: { userId: string; updatedAt: number; profileImage?: string | null },
): ResumeRow {
  return {
    id: randomUUID(),
    user_id: userId,
    name: t.name,
    email: t.email,
    nationality: t.nationality,
    education: t.education,
    experience: t.experience,
    desired_country: t.desiredCountry,
    desired_start_date: t.desiredStartDate,
    desired_age_group: t.desiredAgeGroup,
    profile_image: profileImage,
    resume_html: resumeHtml(t),
    resume_pdf_key: null,
    published_at: updatedAt,
    last_updated_at: updatedAt,
    created_at: updatedAt - 10 * DAY_MS,
  };
}
