// `npm run demo`: fills a database once with a living job board (schools, about 150 jobs with
// pictures, most with a contract sheet, saves and visit numbers) and a few teachers' resumes, then
// prints how to log in.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { AGE_GROUPS, CITIES, COUNTRIES, type Country } from '@teacheast/shared';
import { loadConfigOrExit } from '../config.js';
import { hashPassword } from '../features/accounts/passwords.js';
import { createAccount } from '../features/accounts/service.js';
import type { BlobStore } from '../integrations/blobs/blob-store.js';
import { createBlobStore } from '../integrations/blobs/create-blob-store.js';
import { encodeVariant, type Variant } from '../integrations/images/images.js';
import { createDb, type Db } from '../db/create-db.js';
import { migrateToLatest } from '../db/migrate.js';
import type { NewJob, NewSchoolVerification, SchoolRow } from '../db/schema.js';
import { createRandom, jobRow, MAJOR_CITIES, resumeRow, type Teacher } from './factories.js';
import { withRandomTerms } from './terms-factory.js';
import { slugBaseOf, tileSchoolOf } from '../features/schools/service.js';

export const DEMO_PASSWORD = 'teacheast-demo';
const DEMO_DOMAIN = 'demo.teacheast.example';
/** Its presence means the demo data is already there. */
const MARKER_EMAIL = `hiring@${DEMO_DOMAIN}`;
const DAY = 86_400_000;

const JOBS_PER_COUNTRY: Record<Country, number> = {
  china: 30,
  japan: 26,
  'south-korea': 26,
  taiwan: 16,
  thailand: 20,
  vietnam: 16,
  indonesia: 16,
};

// ---------- generated pictures ----------

const PALETTES = [
  ['#0f5c6e', '#5fb3c4', '#f2b441'],
  ['#7a2e4d', '#e07a5f', '#f4d35e'],
  ['#1d3557', '#457b9d', '#f1faee'],
  ['#2d6a4f', '#95d5b2', '#ffd166'],
  ['#5a189a', '#c77dff', '#ffb703'],
  ['#9c3d10', '#f4a261', '#e9c46a'],
];

/** A classroom-and-city scene: sky gradient, sun, skyline, a chalkboard and a stack of books. */
function sceneSvg(width: number, height: number, palette: string[], variant: number): string {
  const [dark, light, accent] = palette as [string, string, string];
  const r = createRandom(variant * 97 + width);
  const buildings = Array.from({ length: 9 }, (_, i) => {
    const w = width / 9;
    const h = height * (0.2 + r.next() * 0.3);
    return `<rect x="${i * w}" y="${height * 0.72 - h}" width="${w - 6}" height="${h}" fill="${dark}" opacity="${0.35 + r.next() * 0.3}"/>`;
  }).join('');
  const board = `<rect x="${width * 0.52}" y="${height * 0.18}" width="${width * 0.36}" height="${height * 0.34}" rx="10" fill="#24423a" stroke="#b07d48" stroke-width="${width / 90}"/>
    <path d="M${width * 0.56} ${height * 0.3} q${width * 0.05} -${height * 0.06} ${width * 0.1} 0 t${width * 0.1} 0" stroke="#f1f1e6" stroke-width="4" fill="none"/>
    <path d="M${width * 0.57} ${height * 0.42} h${width * 0.22}" stroke="#f1f1e6" stroke-width="4" stroke-dasharray="12 8"/>`;
  const books = [0, 1, 2]
    .map(
      (i) =>
        `<rect x="${width * 0.1 + i * 6}" y="${height * 0.8 - i * height * 0.05}" width="${width * 0.22 - i * 12}" height="${height * 0.045}" rx="4" fill="${[accent, light, '#ffffff'][i]}"/>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
    <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="#fff7e6"/></linearGradient></defs>
    <rect width="${width}" height="${height}" fill="url(#sky)"/>
    <circle cx="${width * (0.15 + r.next() * 0.2)}" cy="${height * 0.22}" r="${height * 0.1}" fill="${accent}"/>
    ${buildings}
    <rect y="${height * 0.72}" width="${width}" height="${height * 0.28}" fill="${dark}"/>
    ${board}${books}
  </svg>`;
}

const HEADER: Variant = { name: 'header', width: 1280, height: 720, fit: 'cover', quality: 72 };
const TILE: Variant = { name: 'tile', width: 480, height: 270, fit: 'cover', quality: 70 };
const PHOTO: Variant = { name: 'photo', width: 900, height: 900, fit: 'inside', quality: 72 };

async function storeGenerated(blobs: BlobStore, svg: string, variants: Variant[]): Promise<Record<string, string>> {
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  const id = randomUUID();
  const urls: Record<string, string> = {};
  for (const v of variants) {
    const key = `img/demo-${id}-${v.name}.webp`;
    await blobs.put(key, await encodeVariant(png, v), 'image/webp');
    urls[v.name] = `/media/${key}`;
  }
  return urls;
}

async function makePictures(blobs: BlobStore) {
  const headers = await Promise.all(
    PALETTES.map((p, i) => storeGenerated(blobs, sceneSvg(1280, 720, p, i), [HEADER, TILE])),
  );
  const photos = await Promise.all(
    PALETTES.map((p, i) => storeGenerated(blobs, sceneSvg(900, 600, [...p].reverse(), i + 10), [PHOTO])),
  );
  const portraits = await Promise.all(
    PALETTES.slice(0, 4).map((p, i) =>
      storeGenerated(
        blobs,
        `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="400"><rect width="400" height="400" fill="${p[1]}"/><circle cx="200" cy="160" r="80" fill="${p[2]}"/><ellipse cx="200" cy="380" rx="140" ry="120" fill="${p[0]}"/><circle cx="${170 + i}" cy="150" r="8" fill="#222"/><circle cx="${230 - i}" cy="150" r="8" fill="#222"/></svg>`,
        [{ name: 'profile', width: 400, height: 400, fit: 'cover', quality: 75 }],
      ),
    ),
  );
  return { headers, photos: photos.map((p) => p.photo!), portraits: portraits.map((p) => p.profile!) };
}

// ---------- the data ----------

interface DemoUser {
  id: string;
  email: string;
}

/** The demo's accounts, made as every account is (createAccount), confirmed and three months old. */
async function createAccounts(db: Db, emails: string[], passwordHash: string, now: number): Promise<DemoUser[]> {
  const users: DemoUser[] = [];
  for (const email of emails) {
    const id = await createAccount(db, { email, passwordHash, confirmedAt: now, createdAt: now - 90 * DAY });
    if (!id) throw new Error(`The demo account ${email} exists already`);
    users.push({ id, email });
  }
  return users;
}

export async function seedDemo(
  db: Db,
  blobs: BlobStore,
  now = Date.now(),
): Promise<{ skipped: boolean; emails: string[] }> {
  const existing = await db.selectFrom('users').select('id').where('email', '=', MARKER_EMAIL).executeTakeFirst();
  if (existing) return { skipped: true, emails: [] };

  const r = createRandom(20240901);
  const [pictures, passwordHash] = await Promise.all([makePictures(blobs), hashPassword(DEMO_PASSWORD)]);

  const schoolEmails = [
    MARKER_EMAIL,
    ...['asia-schools', 'seoul-hagwons', 'bangkok-academy', 'taipei-english', 'hanoi-centre'].map(
      (n) => `${n}@${DEMO_DOMAIN}`,
    ),
  ];
  const teacherEmails = ['emma', 'liam', 'olivia', 'noah', 'ava', 'lucas'].map((n) => `${n}.teacher@${DEMO_DOMAIN}`);
  const schools = await createAccounts(db, schoolEmails, passwordHash, now);
  const teachers = await createAccounts(db, teacherEmails, passwordHash, now);

  // A few credits each, so a visitor logged in as a school can try the job wizard at once.
  await db
    .insertInto('credit_ledger')
    .values(
      schools.map((s) => ({
        user_id: s.id,
        delta: 3,
        reason: 'admin' as const,
        reference: `demo-${s.id}`,
        created_at: now,
      })),
    )
    .execute();

  const jobs: NewJob[] = [];
  const images: { id: string; job_id: string; position: number; url: string; created_at: number }[] = [];
  for (const { value: country, label } of COUNTRIES) {
    const count = JOBS_PER_COUNTRY[country];
    for (let i = 0; i < count; i++) {
      // Every age group in every country; cities mostly big ones, some from the full list.
      const ageGroup = AGE_GROUPS[i % AGE_GROUPS.length]!;
      const city = r.next() < 0.85 ? r.pick(MAJOR_CITIES[country]) : r.pick(CITIES[country]);
      const isExpired = i === count - 1 || (i === count - 2 && country === 'japan');
      const publishedAt = isExpired
        ? now - r.int(50, 80) * DAY
        : now - r.int(0, 40 * 24) * 3_600_000 - r.int(0, 3_599_999);
      const header = r.next() < 0.9 ? r.pick(pictures.headers) : null;
      const plan = { ownerId: r.pick(schools).id, country, countryLabel: label, city, ageGroup, publishedAt };
      // Most with a contract sheet, stored in the columns the server writes for one (db/job-terms.ts).
      const job = withRandomTerms(
        r,
        jobRow(r, plan, { thumbnail: header?.header ?? null, tile_thumbnail: header?.tile ?? null }),
      );
      jobs.push(job);
      const photoCount = header ? r.int(2, 5) : 0;
      for (let p = 0; p < photoCount; p++) {
        images.push({
          id: randomUUID(),
          job_id: job.id,
          position: p,
          url: pictures.photos[(i + p) % pictures.photos.length]!,
          created_at: publishedAt,
        });
      }
    }
  }

  const profiles = schoolProfiles(r, jobs, now);
  await db.transaction().execute(async (trx) => {
    for (const profile of profiles) await trx.insertInto('schools').values(profile.school).execute();
    for (const profile of profiles) {
      if (profile.check) await trx.insertInto('school_verifications').values(profile.check).execute();
    }
    for (let i = 0; i < jobs.length; i += 50)
      await trx
        .insertInto('jobs')
        .values(jobs.slice(i, i + 50))
        .execute();
    for (let i = 0; i < images.length; i += 100)
      await trx
        .insertInto('job_images')
        .values(images.slice(i, i + 100))
        .execute();

    // Teachers save a handful of live jobs; the saves land on the day they were made.
    const live = jobs.filter((j) => (j.published_at ?? 0) > now - 45 * DAY);
    const favorites: { user_id: string; job_id: string; created_at: number }[] = [];
    const metrics = new Map<string, { job_id: string; day: string; clicks: number; time_spent: number }>();
    const metric = (jobId: string, at: number) => {
      const day = new Date(at).toISOString().slice(0, 10);
      const key = `${jobId}|${day}`;
      let m = metrics.get(key);
      if (!m) metrics.set(key, (m = { job_id: jobId, day, clicks: 0, time_spent: 0 }));
      return m;
    };
    for (const teacher of teachers) {
      const saved = new Set<string>();
      for (let k = 0; k < r.int(3, 7); k++) saved.add(r.pick(live).id);
      for (const jobId of saved) {
        const job = live.find((j) => j.id === jobId)!;
        const at = Math.min(now, job.published_at! + r.int(0, Math.max(1, now - job.published_at!)));
        favorites.push({ user_id: teacher.id, job_id: jobId, created_at: at });
      }
    }
    // Visits on the days since each job was published.
    for (const job of jobs) {
      const end = Math.min(now, job.published_at! + 45 * DAY);
      for (let t = job.published_at!; t <= end; t += DAY) {
        if (r.next() < 0.35) continue;
        const m = metric(job.id, t);
        const clicks = r.int(1, 12);
        m.clicks += clicks;
        m.time_spent += clicks * r.int(20, 150);
      }
    }
    if (favorites.length) await trx.insertInto('favorites').values(favorites).execute();
    const rows = [...metrics.values()];
    for (let i = 0; i < rows.length; i += 200)
      await trx
        .insertInto('job_metrics_daily')
        .values(rows.slice(i, i + 200))
        .execute();

    const resumeData: Omit<Teacher, 'email'>[] = [
      {
        name: 'Emma Thompson',
        nationality: 'United Kingdom',
        education: 'Bachelors',
        experience: '3',
        desiredCountry: 'Japan',
        desiredStartDate: 'April',
        desiredAgeGroup: 'Children',
      },
      {
        name: 'Liam Walker',
        nationality: 'Canada',
        education: 'Masters',
        experience: '7',
        desiredCountry: 'South Korea',
        desiredStartDate: 'March',
        desiredAgeGroup: 'University',
      },
      {
        name: 'Olivia Brown',
        nationality: 'United States',
        education: 'Bachelors',
        experience: '1',
        desiredCountry: 'Thailand',
        desiredStartDate: 'October',
        desiredAgeGroup: 'Adolescents',
      },
      {
        name: 'Noah Wilson',
        nationality: 'Australia',
        education: 'Phd',
        experience: '10+',
        desiredCountry: 'China',
        desiredStartDate: 'September',
        desiredAgeGroup: 'University',
      },
      {
        name: 'Ava Murphy',
        nationality: 'Ireland',
        education: 'Bachelors',
        experience: '0',
        desiredCountry: 'Vietnam',
        desiredStartDate: 'January',
        desiredAgeGroup: 'Children',
      },
      {
        name: 'Lucas van der Merwe',
        nationality: 'South Africa',
        education: 'Masters',
        experience: '5',
        desiredCountry: 'Taiwan',
        desiredStartDate: 'August',
        desiredAgeGroup: 'Adults',
      },
    ];
    await trx
      .insertInto('resumes')
      .values(
        teachers.map((t, i) =>
          resumeRow(
            { ...resumeData[i]!, email: t.email },
            {
              userId: t.id,
              updatedAt: now - r.int(1, 20) * DAY,
              profileImage: pictures.portraits[i % pictures.portraits.length]!,
            },
          ),
        ),
      )
      .execute();
  });

  return { skipped: false, emails: [...schoolEmails, ...teacherEmails] };
}

async function main(): Promise<void> {
  const config = loadConfigOrExit();
  if (config.env === 'production') {
    // The demo accounts share one published password: they must never reach a real site.
    process.stderr.write(
      'npm run demo refuses to run with NODE_ENV=production: its accounts share a published password\n',
    );
    process.exit(1);
  }
  // `npm run demo` asks first, so a refusal or a bad setting stops it before the web build.
  if (process.argv.includes('--preflight')) return;
  const started = Date.now();
  const db = createDb(config.databaseUrl);
  try {
    await migrateToLatest(db);
    const blobs = await createBlobStore(config, db);
    const { skipped, emails } = await seedDemo(db, blobs);
    if (skipped) {
      console.log('Demo data is already there; nothing to add.');
    } else {
      console.log(`Demo data added in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
      console.log('Log in with any of these accounts:');
      for (const email of emails) console.log(`  ${email}`);
      console.log(`Password for all of them: ${DEMO_PASSWORD}`);
    }
  } finally {
    await db.destroy();
  }
}

// Run only as a script, so tests can import seedDemo.
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  void main();
}

/** Registration numbers whose check digits hold, one a country: the demo's checked schools. */
const DEMO_REGISTRATIONS: Record<Country, string> = {
  'south-korea': '1168200276',
  china: '91110000600037341L',
  japan: '5835678256246',
  taiwan: '00501503',
  thailand: '0994000617721',
  vietnam: '0100233488',
  indonesia: '016090524017000',
};

/** Schools that post through agents: a few demo schools are recruiters. */
const KIND_BY_AGE_GROUP: Record<string, SchoolRow['kind']> = {
  Children: 'kindergarten',
  Adolescents: 'private_school',
  University: 'university',
  Adults: 'language_centre',
};

/**
 * A school profile for each school name among the demo's jobs (up to 15 an account), its jobs posted
 * under it (their tile carries it), and one school a country with its registration checked.
 */
function schoolProfiles(r: ReturnType<typeof createRandom>, jobs: NewJob[], now: number) {
  const byName = new Map<string, { school: SchoolRow; check: NewSchoolVerification | null }>();
  const perOwner = new Map<string, number>();
  const slugs = new Set<string>();
  const checked = new Set<string>();
  for (const job of jobs) {
    const key = `${job.user_id}|${job.company_name}`;
    let profile = byName.get(key);
    if (!profile) {
      const owned = perOwner.get(job.user_id!) ?? 0;
      if (owned >= 15) continue;
      perOwner.set(job.user_id!, owned + 1);
      const base = slugBaseOf(job.company_name);
      let slug = base;
      for (let n = 2; slugs.has(slug); n++) slug = `${base}-${n}`;
      slugs.add(slug);
      const verify = !checked.has(job.country) && r.next() < 0.5;
      if (verify) checked.add(job.country);
      const created = (job.published_at ?? now) - r.int(30, 400) * DAY;
      const school: SchoolRow = {
        id: randomUUID(),
        slug,
        user_id: job.user_id!,
        name: job.company_name,
        country: job.country,
        city: job.city,
        kind: r.next() < 0.12 ? 'recruiter' : KIND_BY_AGE_GROUP[job.age_group]!,
        website: job.link || null,
        about_html: `<p>${job.company_name} teaches English in ${job.city}. We welcome teachers from around the world and help them settle in.</p>`,
        founded_year: r.int(1975, 2020),
        foreign_teachers: r.int(2, 60),
        logo: null,
        verified_at: verify ? now - r.int(1, 60) * DAY : null,
        created_at: created,
        updated_at: created,
      };
      const check = verify
        ? {
            id: randomUUID(),
            school_id: school.id,
            kind: 'registration' as const,
            registration_number: DEMO_REGISTRATIONS[job.country as Country],
            status: 'approved' as const,
            requested_at: school.verified_at! - DAY,
            checked_at: school.verified_at,
            checked_by: null,
            note: null,
          }
        : null;
      profile = { school, check };
      byName.set(key, profile);
    }
    job.school_id = profile.school.id;
    job.tile_school = tileSchoolOf(profile.school);
  }
  return [...byName.values()];
}
