// Generates the benchmark dataset: 100,000 jobs over every country, city and age group with realistic
// descriptions, most with a contract sheet, 20,000 published resumes (a fifth with privacy rules),
// saved jobs, daily metrics, and one
// subscriber with a session. It answers what the load scenarios draw their keys from: the live jobs of
// each country, the (country, city, age group) combinations that have live jobs, the words of some live
// postings, and what the contract-sheet filters read of some live postings with a sheet.
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import {
  AGE_GROUPS,
  CITIES,
  COUNTRIES,
  DESIRED_COUNTRIES,
  EDUCATION_LEVELS,
  EXPERIENCE_LEVELS,
  MONTHS,
  NATIONALITIES,
  EXPIRY_WARNING_DAYS,
  POSTING_LIFETIME_DAYS,
  type AgeGroup,
  type Country,
} from '@teacheast/shared';
import { createDb } from '../apps/server/src/db/create-db.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { hashToken } from '../apps/server/src/features/accounts/tokens.js';
import type { TermsColumns } from '../apps/server/src/db/job-terms.js';
import type { NewJob } from '../apps/server/src/db/schema.js';
import { createRandom, jobRow, resumeRow, teacherName } from '../apps/server/src/demo/factories.js';
import { withRandomTerms } from '../apps/server/src/demo/terms-factory.js';

export const SUBSCRIBER_TOKEN = 'bench-subscriber-token-0123456789abcdefghijklmnop';

const DAY_MS = 86_400_000;
/** One live job in this many gives its words to the keyword queries. */
const WORD_SAMPLE_EVERY = 200;
/** One live job with a contract sheet in this many gives the filter queries what they may ask of it. */
const SHEET_SAMPLE_EVERY = 40;

export interface CityAgeGroup {
  country: Country;
  city: string;
  ageGroup: AgeGroup;
}

/** A live posting with a contract sheet: what a search for it may filter on and find it by. */
export interface SheetPosting {
  country: Country;
  /** The columns the contract-sheet filters read, as termsColumns wrote them. */
  sheet: Pick<TermsColumns, 'terms_flags' | 'terms_month_pay' | 'terms_teaching_hours'>;
  /** Its searchable words (title, school, city, description). */
  words: string[];
}

export interface DatasetInfo {
  /** How many jobs were generated, live or not. */
  jobs: number;
  /** The ids of the live jobs, by country, in the order they were generated. */
  liveJobIds: Record<Country, string[]>;
  /** Every (country, city, age group) that has at least one live job. */
  cityAgeGroups: CityAgeGroup[];
  /** The searchable words (title, school, city, description) of some live jobs, one list per job. */
  postingWords: string[][];
  /** Some live postings with a contract sheet, from every country. */
  sheetPostings: SheetPosting[];
  subscriberId: string;
  subscriberToken: string;
}

/**
 * Inserts a job row as factories.ts's jobRow and terms-factory.ts's withRandomTerms make it: every
 * column the product writes, the search text and the contract sheet's columns (termsColumns) included,
 * so keyword queries and filters find what they would find in production (the FTS index and the tile
 * are written by the insert's triggers).
 */
export function prepareJobInsert(sqlite: SQLite.Database) {
  return sqlite.prepare<[NewJob & TermsColumns]>(`insert into jobs (id, user_id, title, company_name, email,
    country, city, pay, age_group, duration, class_size, start_date, phone, link, description_html, thumbnail,
    tile_thumbnail, published_at, relisted_from, created_at, updated_at, search_title, search_school, search_city,
    search_body, terms, tile_salary, tile_badges, terms_flags, terms_month_pay, terms_teaching_hours)
    values (@id, @user_id, @title, @company_name, @email, @country, @city, @pay, @age_group, @duration, @class_size,
    @start_date, @phone, @link, @description_html, @thumbnail, @tile_thumbnail, @published_at, @relisted_from,
    @created_at, @updated_at, @search_title, @search_school, @search_city, @search_body, @terms, @tile_salary,
    @tile_badges, @terms_flags, @terms_month_pay, @terms_teaching_hours)`);
}

export async function generateDataset(file: string, jobs = 100_000, resumes = 20_000): Promise<DatasetInfo> {
  const db = createDb(`sqlite:${file}`);
  await migrateToLatest(db);
  await db.destroy();

  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  // A seeded generator, so every run measures the same data.
  const r = createRandom(42);
  const now = Date.now();

  const insertUser = sqlite.prepare(
    'insert into users (id, email, password_hash, confirmed_at, created_at) values (?, ?, ?, ?, ?)',
  );
  const insertJob = prepareJobInsert(sqlite);
  const insertImage = sqlite.prepare(
    'insert into job_images (id, job_id, position, url, created_at) values (?, ?, ?, ?, ?)',
  );
  const insertFavorite = sqlite.prepare(
    'insert or ignore into favorites (user_id, job_id, created_at) values (?, ?, ?)',
  );
  const insertMetric = sqlite.prepare(
    'insert or ignore into job_metrics_daily (job_id, day, clicks, time_spent, saves) values (?, ?, ?, ?, ?)',
  );
  const insertResume =
    sqlite.prepare(`insert into resumes (id, user_id, name, email, nationality, education, experience,
    desired_country, desired_start_date, desired_age_group, profile_image, resume_html, resume_pdf_key, published_at,
    last_updated_at, created_at) values (@id, @user_id, @name, @email, @nationality, @education, @experience,
    @desired_country, @desired_start_date, @desired_age_group, @profile_image, @resume_html, @resume_pdf_key,
    @published_at, @last_updated_at, @created_at)`);

  const owners: string[] = [];
  const jobIds: string[] = [];
  const liveJobIds = Object.fromEntries(COUNTRIES.map((c) => [c.value, [] as string[]])) as Record<Country, string[]>;
  const cityAgeGroups = new Map<string, CityAgeGroup>();
  const postingWords: DatasetInfo['postingWords'] = [];
  const sheetPostings: SheetPosting[] = [];
  const liveSheets = Object.fromEntries(COUNTRIES.map((c) => [c.value, 0])) as Record<Country, number>;
  // Live as the product decides it: published within the posting lifetime.
  const liveSince = now - POSTING_LIFETIME_DAYS * DAY_MS;
  let subscriberId = '';
  sqlite.transaction(() => {
    for (let i = 0; i < 2000; i++) {
      const id = randomUUID();
      owners.push(id);
      insertUser.run(id, `school${i}@bench.example`, 'x', now, now);
    }
    for (let i = 0; i < jobs; i++) {
      const { value: country, label } = COUNTRIES[i % COUNTRIES.length]!;
      // Most jobs are live; about one in ten has expired.
      const ageDays = r.next() < 0.9 ? r.next() * 44 : 46 + r.next() * 300;
      const publishedAt = Math.floor(now - ageDays * DAY_MS);
      const city = r.pick(CITIES[country]);
      const ageGroup = r.pick(AGE_GROUPS);
      const plan = { ownerId: r.pick(owners), country, countryLabel: label, city, ageGroup, publishedAt };
      const job = withRandomTerms(r, jobRow(r, plan));
      insertJob.run(job);
      const { id } = job;
      jobIds.push(id);
      if (publishedAt > liveSince) {
        liveJobIds[country].push(id);
        cityAgeGroups.set(`${country}\n${city}\n${ageGroup}`, { country, city, ageGroup });
        const words = () => {
          const text = [job.search_title, job.search_school, job.search_city, job.search_body].join(' ');
          return [...new Set(text.split(' '))];
        };
        if (liveJobIds[country].length % WORD_SAMPLE_EVERY === 0) postingWords.push(words());
        if (job.terms !== null && ++liveSheets[country] % SHEET_SAMPLE_EVERY === 0) {
          const { terms_flags, terms_month_pay, terms_teaching_hours } = job;
          sheetPostings.push({
            country,
            sheet: { terms_flags, terms_month_pay, terms_teaching_hours },
            words: words(),
          });
        }
      }
      if (i % 10 === 0)
        for (let p = 0; p < 3; p++) insertImage.run(randomUUID(), id, p, `/media/img/bench-${p}.webp`, now);
      if (i % 5 === 0) {
        const day = new Date(publishedAt).toISOString().slice(0, 10);
        insertMetric.run(id, day, r.int(0, 49), r.int(0, 1999), r.int(0, 4));
      }
    }
    // The expiry notices a server running all along would have sent already. Without them every server
    // the bench starts would claim and mail a thousand of them a minute after it starts, in the middle
    // of the first measurements.
    sqlite
      .prepare(
        `insert into expiry_notices (job_id, published_at, sent_at)
         select id, published_at, ? from jobs where published_at > ? and published_at <= ?`,
      )
      .run(now, liveSince, liveSince + EXPIRY_WARNING_DAYS * DAY_MS);
    // Resume privacy (BEYOND §11) as teachers set it: one in ten keeps the resume to the schools they
    // apply to, one in ten hides it from a school's domain, the benchmark subscriber's among them.
    const insertPrivacy = sqlite.prepare(
      'insert into resume_privacy (user_id, visibility, updated_at) values (?, ?, ?)',
    );
    const insertHidden = sqlite.prepare('insert into resume_hidden_domains (user_id, domain) values (?, ?)');
    const HIDDEN_DOMAINS = [
      'bench.example',
      'seoul-hagwon.example',
      'tokyo-eikaiwa.example',
      'shanghai-school.example',
    ];
    for (let i = 0; i < resumes; i++) {
      const userId = randomUUID();
      insertUser.run(userId, `teacher${i}@bench.example`, 'x', now, now);
      const teacher = {
        name: teacherName(r),
        email: `teacher${i}@bench.example`,
        nationality: r.pick(NATIONALITIES),
        education: r.pick(EDUCATION_LEVELS),
        experience: r.pick(EXPERIENCE_LEVELS),
        desiredCountry: r.pick(DESIRED_COUNTRIES),
        desiredStartDate: r.pick(MONTHS),
        desiredAgeGroup: r.pick(AGE_GROUPS),
      };
      insertResume.run(resumeRow(teacher, { userId, updatedAt: Math.floor(now - r.next() * 90 * DAY_MS) }));
      const privacy = r.next();
      if (privacy < 0.1) insertPrivacy.run(userId, 'applications_only', now);
      else if (privacy < 0.2) {
        insertPrivacy.run(userId, 'board', now);
        insertHidden.run(userId, r.pick(HIDDEN_DOMAINS));
      }
      for (let f = 0; f < 3; f++) insertFavorite.run(userId, r.pick(jobIds), now);
    }
    subscriberId = randomUUID();
    insertUser.run(subscriberId, 'subscriber@bench.example', 'x', now, now);
    sqlite
      .prepare('insert into sessions (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)')
      .run(hashToken(SUBSCRIBER_TOKEN), subscriberId, now, now + 30 * DAY_MS);
    sqlite
      .prepare(
        `insert into subscriptions (id, user_id, provider, status, cancel_at_period_end, current_period_end,
      payment_method_id, created_at, updated_at) values (?, ?, 'test', 'active', 0, ?, null, ?, ?)`,
      )
      .run(`sub_bench_${subscriberId}`, subscriberId, now + 30 * DAY_MS, now, now);
  })();
  sqlite.pragma('optimize');
  sqlite.exec('analyze');
  sqlite.close();
  return {
    jobs,
    liveJobIds,
    cityAgeGroups: [...cityAgeGroups.values()],
    postingWords,
    sheetPostings,
    subscriberId,
    subscriberToken: SUBSCRIBER_TOKEN,
  };
}
