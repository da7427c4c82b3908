// The job board journeys need jobs that only an employer's whole flow would make, so this helper
// writes them straight into a fresh SQLite file, then starts the real server on that file.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { createDb } from '../apps/server/src/db/create-db';
import { migrateToLatest } from '../apps/server/src/db/migrate';
import type { NewJob } from '../apps/server/src/db/schema';
import { createRandom, jobRow } from '../apps/server/src/demo/factories';
import { createSession } from '../apps/server/src/features/accounts/sessions';
import { createFsBlobStore } from '../apps/server/src/integrations/blobs/blob-store';
import { REPO_ROOT } from './app-server';
import { freePort } from './free-port.js';

export const FEATURED_COMPANY = 'Lotus Language Centre';
export const FEATURED_EMAIL = 'jobs@lotus-centre.example';
export const FEATURED_TITLE = 'Business English Trainer';
export const FEATURED_WEBSITE = 'https://www.lotus-centre.example';

export interface SeededJobBoard {
  url: string;
  featuredJobId: string;
  /** A Hanoi posting published 50 days ago: closed, still readable by its link. */
  expiredJobId: string;
  owner: { id: string; token: string };
  stop(): Promise<void>;
}

async function solidImage(color: string, width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .webp()
    .toBuffer();
}

/**
 * Vietnam: 13 jobs in Hanoi for children (pages of 12 and 1), 3 in Da Nang for adults, the newest
 * one, the featured Da Nang job with a header and two photos, owned by `owner`, and one in Hanoi that
 * closed after its 45 days.
 */
async function seed(databaseUrl: string, mediaDir: string) {
  const db = createDb(databaseUrl);
  try {
    await migrateToLatest(db);
    const now = Date.now();
    const ownerId = randomUUID();
    await db
      .insertInto('users')
      .values({
        id: ownerId,
        email: `owner-${ownerId.slice(0, 8)}@example.com`,
        password_hash: 'not-used',
        confirmed_at: now,
        created_at: now,
      })
      .execute();
    const token = await createSession(db, ownerId, now, 1);

    const blobs = createFsBlobStore(mediaDir);
    const media: string[] = [];
    for (const [i, color] of ['#0f5c6e', '#e07a5f', '#2d6a4f'].entries()) {
      const key = `img/e2e-${i}-${randomUUID()}.webp`;
      await blobs.put(key, await solidImage(color, i === 0 ? 1280 : 900, i === 0 ? 720 : 600), 'image/webp');
      media.push(`/media/${key}`);
    }

    // Realistic schools from the shared factories (the same seed every run); the tests rely only on
    // the country, cities, age groups, order and the featured job's own fields.
    const r = createRandom(3);
    const vietnam = { ownerId, country: 'vietnam', countryLabel: 'Vietnam' } as const;
    const hoursAgo = (h: number) => now - h * 3_600_000;
    const jobs: NewJob[] = [];
    for (let i = 0; i < 13; i++) {
      jobs.push(jobRow(r, { ...vietnam, city: 'Hanoi', ageGroup: 'Children', publishedAt: hoursAgo(i + 2) }));
    }
    for (let i = 0; i < 3; i++) {
      jobs.push(jobRow(r, { ...vietnam, city: 'Da Nang', ageGroup: 'Adults', publishedAt: hoursAgo(i + 22) }));
    }
    const featured = jobRow(
      r,
      { ...vietnam, city: 'Da Nang', ageGroup: 'Adults', publishedAt: now - 60_000, company: FEATURED_COMPANY },
      {
        title: FEATURED_TITLE,
        email: FEATURED_EMAIL,
        link: FEATURED_WEBSITE,
        description_html:
          '<h2>About us</h2><p>A friendly centre by the beach.</p><ul><li>Small classes</li><li>Housing help</li></ul>',
        thumbnail: media[0]!,
        tile_thumbnail: media[0]!,
      },
    );
    jobs.push(featured);
    const expired = jobRow(r, { ...vietnam, city: 'Hanoi', ageGroup: 'Children', publishedAt: hoursAgo(50 * 24) });
    jobs.push(expired);
    await db.insertInto('jobs').values(jobs).execute();
    await db
      .insertInto('job_images')
      .values(
        media
          .slice(1)
          .map((url, position) => ({ id: randomUUID(), job_id: featured.id, position, url, created_at: now })),
      )
      .execute();
    return { featuredJobId: featured.id, expiredJobId: expired.id, owner: { id: ownerId, token } };
  } finally {
    await db.destroy();
  }
}

function waitForExit(child: ChildProcess, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

export async function startSeededJobBoard({ smtpPort }: { smtpPort: number }): Promise<SeededJobBoard> {
  const webDist = path.join(REPO_ROOT, 'apps', 'web', 'dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the web app first: npm run build');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'teacheast-e2e-jobs-'));
  const databaseUrl = `sqlite:${path.join(dataDir, 'e2e.db')}`;
  const mediaDir = path.join(dataDir, 'media');
  const seeded = await seed(databaseUrl, mediaDir);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of ['REDIS_URL', 'STRIPE_SECRET_KEY', 'PAYMENT_PROVIDER', 'BLOB_STORE', 'TRUST_PROXY'])
    delete env[name];
  Object.assign(env, {
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    MEDIA_DIR: mediaDir,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    PUBLIC_URL: url,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
  });
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      await waitForExit(child, 10_000);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 45_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The server exited before it was ready (code ${child.exitCode})`);
    }
    try {
      if ((await fetch(`${url}/api/health`)).status === 200) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error('The server did not answer /api/health within 45 s');
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return { url, ...seeded, stop };
}
