// What the mixed load (bench/mix.ts) adds to the generated dataset: the people whose writes it sends,
// each with a session as a log-in leaves it (a row holding the token's hash). Savers (with a few jobs
// saved already, to unsave), teachers with published resumes (the dataset's own) to apply with, users
// who make job alerts, and an employer with live postings to edit and finished drafts to publish. Each
// measured topology gets a set of its own, so no run meets what an earlier one left: an application
// already sent (409), an account already holding its most alerts, a draft already published.
import { randomUUID } from 'node:crypto';
import SQLite from 'better-sqlite3';
import { CITIES, COUNTRIES, AGE_GROUPS, JobDetailsSchema, type JobDetails } from '@teacheast/shared';
import { hashToken, newToken } from '../apps/server/src/features/accounts/tokens.js';
import { createRandom, jobRow } from '../apps/server/src/demo/factories.js';
import { withRandomTerms } from '../apps/server/src/demo/terms-factory.js';
import { prepareJobInsert } from './dataset.js';

const DAY_MS = 86_400_000;
const SESSION_DAYS = 30;
/** Jobs each saver has saved before the run: what its unsaves take back. */
const SAVED_BEFORE = 3;
/** The header image a finished posting has (the path is only shown, never fetched, by the mix). */
const HEADER_IMAGE = '/media/img/bench-0.webp';

export interface Actor {
  id: string;
  /** The bearer token of the actor's session. */
  token: string;
}

export interface Saver extends Actor {
  /** Live jobs the saver had saved before the run. */
  saved: string[];
}

export interface EditableJob {
  id: string;
  /** The form as the job's owner would send it back (JobDetailsSchema). */
  details: JobDetails;
}

export interface Employer extends Actor {
  /** Live postings of the employer's. */
  live: EditableJob[];
  /** Finished drafts (every field and a header image), never published. */
  drafts: string[];
}

export interface MixActors {
  savers: Saver[];
  teachers: Actor[];
  alertUsers: Actor[];
  employer: Employer;
}

/** How many of each a topology's writes need. */
export interface MixCast {
  savers: number;
  teachers: number;
  alertUsers: number;
  liveJobs: number;
  drafts: number;
}

function detailsOf(row: ReturnType<typeof jobRow>): JobDetails {
  const details = {
    title: row.title ?? '',
    companyName: row.company_name,
    email: row.email,
    country: row.country,
    city: row.city,
    pay: row.pay,
    ageGroup: row.age_group,
    duration: row.duration,
    classSize: row.class_size,
    startDate: row.start_date,
    phone: row.phone,
    link: row.link,
  };
  // A posting the form would refuse would measure 400s, not edits.
  const parsed = JobDetailsSchema.safeParse(details);
  if (!parsed.success) {
    throw new Error(`generated job ${row.id} fails the job form: ${JSON.stringify(parsed.error.issues)}`);
  }
  return parsed.data;
}

/**
 * Adds `sets` casts of actors to the dataset in `file`; `jobIds` are the live jobs their saves draw
 * from. The teachers are the dataset's resume holders, `cast.teachers` to a set.
 */
export function addMixActors(file: string, jobIds: readonly string[], sets: number, cast: MixCast): MixActors[] {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = OFF');
  const r = createRandom(57);
  const now = Date.now();
  const insertUser = sqlite.prepare(
    'insert into users (id, email, password_hash, confirmed_at, created_at) values (?, ?, ?, ?, ?)',
  );
  const insertSession = sqlite.prepare(
    'insert into sessions (token_hash, user_id, created_at, expires_at) values (?, ?, ?, ?)',
  );
  const insertFavorite = sqlite.prepare(
    'insert or ignore into favorites (user_id, job_id, created_at) values (?, ?, ?)',
  );
  const insertJob = prepareJobInsert(sqlite);

  const teacherIds = (
    sqlite
      .prepare('select user_id from resumes where published_at is not null order by user_id limit ?')
      .all(sets * cast.teachers) as { user_id: string }[]
  ).map((row) => row.user_id);
  if (teacherIds.length < sets * cast.teachers) {
    throw new Error(`the dataset has ${teacherIds.length} published resumes; the mix needs ${sets * cast.teachers}`);
  }

  const session = (userId: string): string => {
    const token = newToken();
    insertSession.run(hashToken(token), userId, now, now + SESSION_DAYS * DAY_MS);
    return token;
  };
  const newActor = (email: string): Actor => {
    const id = randomUUID();
    insertUser.run(id, email, 'x', now, now);
    return { id, token: session(id) };
  };

  const casts: MixActors[] = [];
  sqlite.transaction(() => {
    for (let set = 0; set < sets; set++) {
      const savers = Array.from({ length: cast.savers }, (_, i) => {
        const actor = newActor(`mix${set}-saver${i}@bench.example`);
        const saved = r.some(jobIds, SAVED_BEFORE);
        for (const jobId of saved) insertFavorite.run(actor.id, jobId, now - r.int(1, 20) * DAY_MS);
        return { ...actor, saved };
      });
      const teachers = teacherIds
        .slice(set * cast.teachers, (set + 1) * cast.teachers)
        .map((id) => ({ id, token: session(id) }));
      const alertUsers = Array.from({ length: cast.alertUsers }, (_, i) =>
        newActor(`mix${set}-alerts${i}@bench.example`),
      );
      const owner = newActor(`mix${set}-employer@bench.example`);
      const posting = (publishedAt: number | null) => {
        const { value: country, label } = r.pick(COUNTRIES);
        const plan = {
          ownerId: owner.id,
          country,
          countryLabel: label,
          city: r.pick(CITIES[country]),
          ageGroup: r.pick(AGE_GROUPS),
          publishedAt: publishedAt ?? now,
        };
        // Most with a contract sheet, as the dataset's own postings.
        const row = withRandomTerms(
          r,
          jobRow(r, plan, {
            thumbnail: HEADER_IMAGE,
            tile_thumbnail: HEADER_IMAGE,
            published_at: publishedAt,
            created_at: (publishedAt ?? now) - DAY_MS,
            updated_at: publishedAt ?? now,
          }),
        );
        insertJob.run(row);
        return row;
      };
      const live = Array.from({ length: cast.liveJobs }, () => {
        // Well inside the posting lifetime: an edit of an expired posting is refused.
        const row = posting(now - r.int(1, 20) * DAY_MS);
        return { id: row.id, details: detailsOf(row) };
      });
      const drafts = Array.from({ length: cast.drafts }, () => {
        const row = posting(null);
        detailsOf(row);
        return row.id;
      });
      casts.push({ savers, teachers, alertUsers, employer: { ...owner, live, drafts } });
    }
  })();
  sqlite.exec('analyze');
  sqlite.close();
  return casts;
}
