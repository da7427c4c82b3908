// Generates the benchmark dataset: 100,000 jobs over every country, city and age group with realistic
// descriptions, 20,000 published resumes, saved jobs, daily metrics, and one subscriber with a session.
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { AGE_GROUPS, CITIES, CLASS_SIZES, COUNTRY_VALUES, DESIRED_COUNTRIES, EDUCATION_LEVELS, EXPERIENCE_LEVELS, MONTHS, NATIONALITIES } from '@teacheast/shared';
import { createDb } from '../apps/server/src/db/create-db.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { hashToken } from '../apps/server/src/http/auth.js';

export const SUBSCRIBER_TOKEN = 'bench-subscriber-token-0123456789abcdefghijklmnop';

export interface DatasetInfo {
  jobIds: string[];
  subscriberId: string;
  subscriberToken: string;
  sampleCity: { country: string; city: string; ageGroup: string };
}

// A deterministic generator, so every run measures the same data.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SCHOOL_WORDS = ['Sunrise', 'Maple', 'Harbor', 'Bright Future', 'Lotus', 'Golden Bridge', 'Pine', 'Blue Sky', 'Jade', 'Cedar'];
const SCHOOL_KINDS = ['Academy', 'International School', 'Language Institute', 'English Center', 'Kindergarten', 'University'];

function description(r: () => number, school: string, city: string): string {
  const hours = 20 + Math.floor(r() * 10);
  return [
    `<h2>About ${school}</h2>`,
    `<p>${school} is a well-established school in ${city} with small classes, modern classrooms and a friendly team of local and international teachers. We have taught English to students of every age for over ${5 + Math.floor(r() * 20)} years.</p>`,
    '<h2>The role</h2>',
    `<p>You will plan and teach engaging lessons for about ${hours} contact hours a week, assess progress, and take part in school events. A curriculum and materials are provided.</p>`,
    '<h2>Requirements</h2>',
    "<ul><li>A bachelor's degree in any subject</li><li>A TEFL, TESOL or CELTA certificate</li><li>Native-level English</li><li>A clean background check</li></ul>",
    '<h2>Salary and benefits</h2>',
    '<ul><li>Competitive monthly salary</li><li>Free or subsidised housing</li><li>Flight reimbursement</li><li>Paid holidays and health insurance</li></ul>',
  ].join('');
}

export async function generateDataset(file: string, jobs = 100_000, resumes = 20_000): Promise<DatasetInfo> {
  const db = createDb(`sqlite:${file}`);
  await migrateToLatest(db);
  await db.destroy();

  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const r = rng(42);
  const now = Date.now();
  const pick = <T,>(list: readonly T[]) => list[Math.floor(r() * list.length)]!;

  const insertUser = sqlite.prepare(
    'insert into users (id, email, password_hash, confirmed_at, created_at) values (?, ?, ?, ?, ?)',
  );
  const insertJob = sqlite.prepare(`insert into jobs (id, user_id, company_name, email, country, city, pay, age_group,
    duration, class_size, start_date, phone, link, description_html, thumbnail, tile_thumbnail, published_at,
    relisted_from, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, '', '', ?, null, null, ?, null, ?, ?)`);
  const insertImage = sqlite.prepare('insert into job_images (id, job_id, position, url, created_at) values (?, ?, ?, ?, ?)');
  const insertFavorite = sqlite.prepare('insert or ignore into favorites (user_id, job_id, created_at) values (?, ?, ?)');
  const insertMetric = sqlite.prepare('insert or ignore into job_metrics_daily (job_id, day, clicks, time_spent, saves) values (?, ?, ?, ?, ?)');
  const insertResume = sqlite.prepare(`insert into resumes (id, user_id, name, email, nationality, education, experience,
    desired_country, desired_start_date, desired_age_group, profile_image, resume_html, resume_pdf_key, published_at,
    last_updated_at, created_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, null, ?, null, ?, ?, ?)`);

  const owners: string[] = [];
  const jobIds: string[] = [];
  let subscriberId = '';
  sqlite.transaction(() => {
    for (let i = 0; i < 2000; i++) {
      const id = randomUUID();
      owners.push(id);
      insertUser.run(id, `school${i}@bench.example`, 'x', now, now);
    }
    for (let i = 0; i < jobs; i++) {
      const id = randomUUID();
      const country = COUNTRY_VALUES[i % COUNTRY_VALUES.length]!;
      const city = pick(CITIES[country]);
      const school = `${pick(SCHOOL_WORDS)} ${pick(SCHOOL_KINDS)}`;
      // Most jobs are live; about one in ten has expired.
      const ageDays = r() < 0.9 ? r() * 44 : 46 + r() * 300;
      const publishedAt = Math.floor(now - ageDays * 86_400_000);
      insertJob.run(id, pick(owners), school, `jobs${i}@bench.example`, country, city, `${2 + Math.floor(r() * 3)},${Math.floor(r() * 10)}00 USD`, pick(AGE_GROUPS), String(1 + Math.floor(r() * 13)), pick(CLASS_SIZES), String(Math.floor(r() * 13) || ''), description(r, school, city), publishedAt, publishedAt, publishedAt);
      jobIds.push(id);
      if (i % 10 === 0) for (let p = 0; p < 3; p++) insertImage.run(randomUUID(), id, p, `/media/img/bench-${p}.webp`, now);
      if (i % 5 === 0) {
        const day = new Date(publishedAt).toISOString().slice(0, 10);
        insertMetric.run(id, day, Math.floor(r() * 50), Math.floor(r() * 2000), Math.floor(r() * 5));
      }
    }
    for (let i = 0; i < resumes; i++) {
      const userId = randomUUID();
      insertUser.run(userId, `teacher${i}@bench.example`, 'x', now, now);
      const updated = Math.floor(now - r() * 90 * 86_400_000);
      insertResume.run(randomUUID(), userId, `Teacher ${i}`, `teacher${i}@bench.example`, pick(NATIONALITIES), pick(EDUCATION_LEVELS), pick(EXPERIENCE_LEVELS), pick(DESIRED_COUNTRIES), pick(MONTHS), pick(AGE_GROUPS), '<p>Experienced, friendly and organised teacher.</p>', updated, updated, updated);
      for (let f = 0; f < 3; f++) insertFavorite.run(userId, pick(jobIds), now);
    }
    subscriberId = randomUUID();
    insertUser.run(subscriberId, 'subscriber@bench.example', 'x', now, now);
    sqlite.prepare('insert into sessions (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)').run(hashToken(SUBSCRIBER_TOKEN), subscriberId, now, now + 86_400_000 * 30);
    sqlite.prepare(`insert into subscriptions (id, user_id, provider, status, cancel_at_period_end, current_period_end,
      payment_method_id, created_at, updated_at) values (?, ?, 'test', 'active', 0, ?, null, ?, ?)`).run(`sub_bench_${subscriberId}`, subscriberId, now + 86_400_000 * 30, now, now);
  })();
  sqlite.pragma('optimize');
  sqlite.exec('analyze');
  sqlite.close();
  return { jobIds, subscriberId, subscriberToken: SUBSCRIBER_TOKEN, sampleCity: { country: 'japan', city: 'Tokyo', ageGroup: 'Children' } };
}
