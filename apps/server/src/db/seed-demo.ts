// `npm run demo`: fills a database once with a living job board (schools, about 150 jobs with
// pictures, saves and visit numbers) and a few teachers' resumes, then prints how to log in.
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import sharp from 'sharp';
import { AGE_GROUPS, CITIES, CLASS_SIZES, COUNTRIES, MONTHS, type Country } from '@teacheast/shared';
import { ConfigError, loadConfig, type Config } from '../config.js';
import { hashPassword } from '../features/accounts/passwords.js';
import { createDbBlobStore, createFsBlobStore, type BlobStore } from '../integrations/blobs/blob-store.js';
import { sanitizeRichText } from '../integrations/html/sanitize.js';
import { encodeVariant, type Variant } from '../integrations/images/images.js';
import { createDb, type Db } from './create-db.js';
import { migrateToLatest } from './migrate.js';
import type { NewJob } from './schema.js';

export const DEMO_PASSWORD = 'teacheast-demo';
const DEMO_DOMAIN = 'demo.teacheast.example';
/** Its presence means the demo data is already there. */
const MARKER_EMAIL = `hiring@${DEMO_DOMAIN}`;
const DAY = 86_400_000;

/** A small deterministic random source, so every demo database looks the same. */
function createRandom(seed: number) {
  let s = seed >>> 0;
  const next = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let x = s;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
  };
}
type Random = ReturnType<typeof createRandom>;

const MAJOR_CITIES: Record<Country, string[]> = {
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

const JOBS_PER_COUNTRY: Record<Country, number> = {
  china: 30,
  japan: 26,
  'south-korea': 26,
  taiwan: 16,
  thailand: 20,
  vietnam: 16,
  indonesia: 16,
};

const PAY: Record<Country, string[]> = {
  china: ['15,000 - 20,000 RMB / month', '18,000 RMB / month', '12,000 - 16,000 RMB + housing', '22,000 RMB / month'],
  japan: ['250,000 JPY / month', '280,000 - 320,000 JPY / month', '3,000 JPY / hour', '300,000 JPY + flights'],
  'south-korea': ['2.3 - 2.6 million KRW / month', '2.5 million KRW + housing', '2.8 million KRW / month'],
  taiwan: ['NT$ 60,000 / month', 'NT$ 650 / hour', 'NT$ 68,000 / month'],
  thailand: ['35,000 THB / month', '40,000 - 50,000 THB / month', '32,000 THB + visa'],
  vietnam: ['$1,500 - $2,000 / month', '$20 / hour', '$1,800 / month + housing'],
  indonesia: ['12,000,000 IDR / month', '15,000,000 IDR + housing', '$1,200 / month'],
};

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
const NAME_ENDS: Record<string, string[]> = {
  Children: ['Kids Academy', 'Kindergarten', 'Primary School', 'Junior English', 'Early Learning Centre'],
  Adolescents: ['International School', 'Middle School', 'Language Institute', 'Secondary Academy', 'Hagwon'],
  University: ['University', 'College', 'Institute of Technology', 'Language Centre (University)'],
  Adults: ['Business English', 'Language School', 'Conversation Club', 'Corporate Training', 'English Institute'],
};

const INTROS: Record<string, string[]> = {
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

function description(r: Random, company: string, city: string, country: string, ageGroup: string): string {
  const duties = [
    'Plan and teach engaging lessons from our curriculum',
    'Give students regular, kind and useful feedback',
    'Take part in open days, seasonal events and parent meetings',
    'Work with local co-teachers who support every class',
    'Write short progress reports each term',
    'Run one after-school club of your choice',
  ];
  const benefits = [
    'Paid flights at the start and end of the contract',
    'Furnished housing or a monthly housing allowance',
    'Health insurance and help with the work visa',
    'Paid holidays plus national public holidays',
    'Training and a friendly team of international teachers',
    'Completion bonus after the contract',
  ];
  const pickSome = (list: string[], n: number) => [...list].sort(() => r.next() - 0.5).slice(0, n);
  const html = `
    <p><strong>${company}</strong> in ${city}, ${country} is hiring an English teacher.</p>
    <p>${r.pick(INTROS[ageGroup]!)}</p>
    <h2>What you will do</h2>
    <ul>${pickSome(duties, 4)
      .map((d) => `<li>${d}</li>`)
      .join('')}</ul>
    <h2>What we offer</h2>
    <ul>${pickSome(benefits, 4)
      .map((b) => `<li>${b}</li>`)
      .join('')}</ul>
    <h2>Requirements</h2>
    <ul><li>A bachelor's degree in any subject</li><li>Native or near-native English</li><li>A TEFL, TESOL or CELTA certificate is a plus</li></ul>
    <p>Send us your CV and a short introduction. We answer every application within a week.</p>
    <script>alert('never stored')</script>`;
  return sanitizeRichText(html);
}

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

async function insertUsers(db: Db, emails: string[], passwordHash: string, now: number): Promise<DemoUser[]> {
  const users = emails.map((email) => ({ id: randomUUID(), email }));
  await db
    .insertInto('users')
    .values(
      users.map((u) => ({
        id: u.id,
        email: u.email,
        password_hash: passwordHash,
        confirmed_at: now,
        created_at: now - 90 * DAY,
      })),
    )
    .execute();
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
  const schools = await insertUsers(db, schoolEmails, passwordHash, now);
  const teachers = await insertUsers(db, teacherEmails, passwordHash, now);

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
      const company = `${r.pick(NAME_STARTS)} ${r.pick(NAME_ENDS[ageGroup]!)}`;
      const isExpired = i === count - 1 || (i === count - 2 && country === 'japan');
      const publishedAt = isExpired
        ? now - r.int(50, 80) * DAY
        : now - r.int(0, 40 * 24) * 3_600_000 - r.int(0, 3_599_999);
      const header = r.next() < 0.9 ? r.pick(pictures.headers) : null;
      const id = randomUUID();
      const slug = company
        .toLowerCase()
        .replace(/[^a-z]+/g, '-')
        .replace(/^-|-$/g, '');
      jobs.push({
        id,
        user_id: r.pick(schools).id,
        company_name: company,
        email: `jobs@${slug}.example`,
        country,
        city,
        pay: r.pick(PAY[country]),
        age_group: ageGroup,
        duration: r.pick(['6', '10', '12', '12', '12', '13']),
        class_size: r.pick(CLASS_SIZES),
        start_date: r.pick(['', '', '3', '4', '8', '9', '1', '2']),
        phone: r.next() < 0.5 ? `+${r.int(60, 90)} ${r.int(100, 999)} ${r.int(1000, 9999)}` : '',
        link: r.next() < 0.6 ? `https://www.${slug}.example` : '',
        description_html: description(r, company, city, label, ageGroup),
        thumbnail: header?.header ?? null,
        tile_thumbnail: header?.tile ?? null,
        published_at: publishedAt,
        relisted_from: null,
        created_at: publishedAt - DAY,
        updated_at: publishedAt,
      });
      const photoCount = header ? r.int(2, 5) : 0;
      for (let p = 0; p < photoCount; p++) {
        images.push({
          id: randomUUID(),
          job_id: id,
          position: p,
          url: pictures.photos[(i + p) % pictures.photos.length]!,
          created_at: publishedAt,
        });
      }
    }
  }

  await db.transaction().execute(async (trx) => {
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
    const metrics = new Map<
      string,
      { job_id: string; day: string; clicks: number; time_spent: number; saves: number }
    >();
    const metric = (jobId: string, at: number) => {
      const day = new Date(at).toISOString().slice(0, 10);
      const key = `${jobId}|${day}`;
      let m = metrics.get(key);
      if (!m) metrics.set(key, (m = { job_id: jobId, day, clicks: 0, time_spent: 0, saves: 0 }));
      return m;
    };
    for (const teacher of teachers) {
      const saved = new Set<string>();
      for (let k = 0; k < r.int(3, 7); k++) saved.add(r.pick(live).id);
      for (const jobId of saved) {
        const job = live.find((j) => j.id === jobId)!;
        const at = Math.min(now, job.published_at! + r.int(0, Math.max(1, now - job.published_at!)));
        favorites.push({ user_id: teacher.id, job_id: jobId, created_at: at });
        metric(jobId, at).saves += 1;
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

    const resumeData = [
      ['Emma Thompson', 'United Kingdom', 'Bachelors', '3', 'Japan', 'April', 'Children'],
      ['Liam Walker', 'Canada', 'Masters', '7', 'South Korea', 'March', 'University'],
      ['Olivia Brown', 'United States', 'Bachelors', '1', 'Thailand', 'October', 'Adolescents'],
      ['Noah Wilson', 'Australia', 'Phd', '10+', 'China', 'September', 'University'],
      ['Ava Murphy', 'Ireland', 'Bachelors', '0', 'Vietnam', 'January', 'Children'],
      ['Lucas van der Merwe', 'South Africa', 'Masters', '5', 'Taiwan', 'August', 'Adults'],
    ] as const;
    await trx
      .insertInto('resumes')
      .values(
        teachers.map((t, i) => {
          const [name, nationality, education, experience, desiredCountry, month, ageGroup] = resumeData[i]!;
          const updated = now - r.int(1, 20) * DAY;
          return {
            id: randomUUID(),
            user_id: t.id,
            name,
            email: t.email,
            nationality,
            education,
            experience,
            desired_country: desiredCountry,
            desired_start_date: MONTHS.includes(month) ? month : 'March',
            desired_age_group: ageGroup,
            profile_image: pictures.portraits[i % pictures.portraits.length]!,
            resume_html: sanitizeRichText(
              `<h2>${name}</h2><p>${experience === '0' ? 'Newly certified' : `${experience} years`} English teacher from ${nationality}, hoping to teach ${ageGroup.toLowerCase()} in ${desiredCountry}.</p>` +
                `<h3>Experience</h3><ul><li>Taught conversation and grammar classes of 10 to 25 students</li><li>Designed project-based units and assessments</li></ul>` +
                `<h3>Education</h3><ul><li>${education} degree</li><li>120-hour TEFL certificate</li></ul>`,
            ),
            resume_pdf_key: null,
            published_at: updated,
            last_updated_at: updated,
            created_at: updated - 10 * DAY,
          };
        }),
      )
      .execute();
  });

  return { skipped: false, emails: [...schoolEmails, ...teacherEmails] };
}

async function main(): Promise<void> {
  let config: Config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
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
    const blobs = config.blobStore === 'db' ? createDbBlobStore(db) : createFsBlobStore(path.resolve(config.mediaDir));
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
