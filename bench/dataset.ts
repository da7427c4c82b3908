// Generates the benchmark dataset: 100,000 jobs over every country, city and age group with realistic
// descriptions, 20,000 published resumes, saved jobs, daily metrics, and one subscriber with a session.
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
} from '@teacheast/shared';
import { createDb } from '../apps/server/src/db/create-db.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { hashToken } from '../apps/server/src/features/accounts/tokens.js';
import { createRandom, jobRow, resumeRow, teacherName } from '../apps/server/src/demo/factories.js';

export const SUBSCRIBER_TOKEN = 'bench-subscriber-token-0123456789abcdefghijklmnop';

export interface DatasetInfo {
  jobIds: string[];
  subscriberId: string;
  subscriberToken: string;
  sampleCity: { country: string; city: string; ageGroup: string };
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
  const insertJob = sqlite.prepare(`insert into jobs (id, user_id, company_name, email, country, city, pay, age_group,
    duration, class_size, start_date, phone, link, description_html, thumbnail, tile_thumbnail, published_at,
    relisted_from, created_at, updated_at) values (@id, @user_id, @company_name, @email, @country, @city, @pay,
    @age_group, @duration, @class_size, @start_date, @phone, @link, @description_html, @thumbnail, @tile_thumbnail,
    @published_at, @relisted_from, @created_at, @updated_at)`);
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
      const publishedAt = Math.floor(now - ageDays * 86_400_000);
      const job = jobRow(r, {
        ownerId: r.pick(owners),
        country,
        countryLabel: label,
        city: r.pick(CITIES[country]),
        ageGroup: r.pick(AGE_GROUPS),
        publishedAt,
      });
      insertJob.run(job);
      const { id } = job;
      jobIds.push(id);
      if (i % 10 === 0)
        for (let p = 0; p < 3; p++) insertImage.run(randomUUID(), id, p, `/media/img/bench-${p}.webp`, now);
      if (i % 5 === 0) {
        const day = new Date(publishedAt).toISOString().slice(0, 10);
        insertMetric.run(id, day, r.int(0, 49), r.int(0, 1999), r.int(0, 4));
      }
    }
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
      insertResume.run(resumeRow(teacher, { userId, updatedAt: Math.floor(now - r.next() * 90 * 86_400_000) }));
      for (let f = 0; f < 3; f++) insertFavorite.run(userId, r.pick(jobIds), now);
    }
    subscriberId = randomUUID();
    insertUser.run(subscriberId, 'subscriber@bench.example', 'x', now, now);
    sqlite
      .prepare('insert into sessions (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)')
      .run(hashToken(SUBSCRIBER_TOKEN), subscriberId, now, now + 86_400_000 * 30);
    sqlite
      .prepare(
        `insert into subscriptions (id, user_id, provider, status, cancel_at_period_end, current_period_end,
      payment_method_id, created_at, updated_at) values (?, ?, 'test', 'active', 0, ?, null, ?, ?)`,
      )
      .run(`sub_bench_${subscriberId}`, subscriberId, now + 86_400_000 * 30, now, now);
  })();
  sqlite.pragma('optimize');
  sqlite.exec('analyze');
  sqlite.close();
  return {
    jobIds,
    subscriberId,
    subscriberToken: SUBSCRIBER_TOKEN,
    sampleCity: { country: 'japan', city: 'Tokyo', ageGroup: 'Children' },
  };
}
