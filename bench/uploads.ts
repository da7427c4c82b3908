// `npm run bench:uploads`: fifteen 5 MB photos uploaded to one job's carousel (one per request, as the
// 12 MB body limit allows), measuring the server's peak memory (VmHWM), and the stored WebP sizes
// against a JPEG at quality 80 of the same dimensions.
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { MAX_IMAGE_BYTES } from '@teacheast/shared';
import { createDb } from '../apps/server/src/db/create-db.js';
import { migrateToLatest } from '../apps/server/src/db/migrate.js';
import { hashToken } from '../apps/server/src/features/accounts/tokens.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 4200;

/** A photo-like image: smooth colour fields with grain, encoded as a JPEG just under 5 MB. */
async function photo(seed: number): Promise<Buffer> {
  const width = 3800;
  const height = 2850;
  const raw = Buffer.alloc(width * height * 3);
  let s = seed;
  const rand = () => (s = (s * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const grain = (rand() - 0.5) * 64;
      raw[i] = Math.max(0, Math.min(255, 120 + 100 * Math.sin((x + seed * 50) / 300) + grain));
      raw[i + 1] = Math.max(0, Math.min(255, 110 + 90 * Math.cos(y / 250) + grain));
      raw[i + 2] = Math.max(0, Math.min(255, 100 + 80 * Math.sin((x + y) / 400) + grain));
    }
  }
  for (let quality = 95; quality >= 50; quality -= 5) {
    const jpeg = await sharp(raw, { raw: { width, height, channels: 3 } })
      .jpeg({ quality })
      .toBuffer();
    if (jpeg.length <= MAX_IMAGE_BYTES) return jpeg;
  }
  throw new Error('could not make a photo under the limit');
}

function peakMemoryMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-upload-bench-'));
  const dbUrl = `sqlite:${path.join(work, 'bench.db')}`;
  const db = createDb(dbUrl);
  await migrateToLatest(db);
  const userId = randomUUID();
  const jobId = randomUUID();
  const token = 'upload-bench-token-0123456789abcdefghijklmnopq';
  const now = Date.now();
  await db
    .insertInto('users')
    .values({
      id: userId,
      email: 'uploads@bench.example',
      password_hash: 'x',
      confirmed_at: now,
      created_at: now,
      payment_customer_id: null,
    })
    .execute();
  await db
    .insertInto('sessions')
    .values({ token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: now + 86_400_000 })
    .execute();
  await db
    .insertInto('jobs')
    .values({
      id: jobId,
      user_id: userId,
      company_name: '',
      email: '',
      country: '',
      city: '',
      pay: '',
      age_group: '',
      duration: '',
      class_size: '',
      start_date: '',
      phone: '',
      link: '',
      description_html: '',
      thumbnail: null,
      tile_thumbnail: null,
      published_at: null,
      relisted_from: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  await db.destroy();

  console.log('Making fifteen photos of about 5 MB…');
  const photos = await Promise.all(Array.from({ length: 15 }, (_, i) => photo(i + 1)));
  console.log(`  sizes: ${photos.map((p) => (p.length / 1_048_576).toFixed(2)).join(', ')} MB`);

  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATABASE_URL: dbUrl,
      MEDIA_DIR: path.join(work, 'media'),
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ALLOW_TEST_PAYMENTS: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const base = `http://127.0.0.1:${PORT}`;
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const idleMb = peakMemoryMb(server.pid!);
  let images: string[] = [];
  const started = Date.now();
  for (const p of photos) {
    const res = await fetch(`${base}/api/job/image-upload/${jobId}/${userId}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ images: [...images, `data:image/jpeg;base64,${p.toString('base64')}`] }),
    });
    if (!res.ok) throw new Error(`upload failed: ${res.status} ${await res.text()}`);
    images = ((await res.json()) as { images: string[] }).images;
  }
  const seconds = (Date.now() - started) / 1000;
  const peakMb = peakMemoryMb(server.pid!);

  let webpTotal = 0;
  let jpegTotal = 0;
  for (const [i, url] of images.entries()) {
    const webp = Buffer.from(await (await fetch(base + url)).arrayBuffer());
    const { width, height } = await sharp(webp).metadata();
    const jpeg = await sharp(photos[i]!).resize({ width, height, fit: 'fill' }).jpeg({ quality: 80 }).toBuffer();
    webpTotal += webp.length;
    jpegTotal += jpeg.length;
  }
  server.kill('SIGTERM');
  fs.rmSync(work, { recursive: true, force: true });

  const ratio = webpTotal / jpegTotal;
  const memoryOk = peakMb <= 400;
  const sizeOk = ratio <= 0.75;
  console.log(`\n| measure | value | target | result |\n|---|---:|---|---|`);
  console.log(
    `| peak server memory (VmHWM) | ${peakMb.toFixed(0)} MB (idle ${idleMb.toFixed(0)} MB) | <= 400 MB | ${memoryOk ? 'pass' : 'FAIL'} |`,
  );
  console.log(
    `| WebP bytes / JPEG q80 bytes, same dimensions | ${ratio.toFixed(2)} | <= 0.75 | ${sizeOk ? 'pass' : 'FAIL'} |`,
  );
  console.log(`| fifteen uploads | ${seconds.toFixed(1)} s | | |`);
  fs.mkdirSync(path.join(root, 'bench/results'), { recursive: true });
  fs.writeFileSync(
    path.join(root, 'bench/results', `uploads-${new Date().toISOString().slice(0, 19).replace(/:/g, '-')}.json`),
    JSON.stringify({ date: new Date().toISOString(), peakMb, idleMb, webpTotal, jpegTotal, ratio, seconds }, null, 2),
  );
  process.exit(memoryOk && sizeOk ? 0 : 1);
}

void main();
