// `npm run check:bundle`: fails when the JavaScript loaded before `/` is interactive exceeds 110 KB
// gzip, or before `/jobs` 112 KB (its search carries the contract sheet's filters and the eligibility
// panel's loader: docs/decisions/014-jobs-first-load-budget.md), or when any route's own chunk
// exceeds 30 KB gzip. Reads Vite's build manifest.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist');
const INITIAL_BUDGETS = { '/': 110 * 1024, '/jobs': 112 * 1024 } as const;
const ROUTE_BUDGET = 30 * 1024;

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  css?: string[];
}

const manifestFile = path.join(dist, '.vite/manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error('No build manifest: run `npm run build` first.');
  process.exit(1);
}
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
const gz = (file: string) => gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

/** A chunk and everything it imports statically: what the browser must load before it runs. */
function closure(key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const dep of manifest[key]?.imports ?? []) closure(dep, seen);
  return seen;
}

const entryKey = Object.keys(manifest).find((k) => manifest[k]!.isEntry);
if (!entryKey) throw new Error('The manifest has no entry chunk');
const pageKey = (name: string) => {
  const key = Object.keys(manifest).find((k) => k.endsWith(`app/pages/${name}.tsx`));
  if (!key) throw new Error(`No chunk for ${name}`);
  return key;
};

const failures: string[] = [];
for (const [route, page] of [
  ['/', 'home-page'],
  ['/jobs', 'jobs-page'],
] as const) {
  const keys = new Set([...closure(entryKey), ...closure(pageKey(page))]);
  const files = [...keys].map((k) => manifest[k]!.file).filter((f) => f.endsWith('.js'));
  const total = files.reduce((n, f) => n + gz(f), 0);
  const budget = INITIAL_BUDGETS[route];
  console.log(
    `${route}: ${kb(total)} gzip of JavaScript before it is interactive (budget ${kb(budget)}), ${files.length} files`,
  );
  if (total > budget) failures.push(`${route} loads ${kb(total)} gzip`);
}

for (const [key, chunk] of Object.entries(manifest)) {
  if (!chunk.isDynamicEntry || !key.includes('app/pages/')) continue;
  const size = gz(chunk.file);
  const name = path.basename(key, '.tsx');
  if (size > ROUTE_BUDGET) failures.push(`${name} chunk is ${kb(size)} gzip`);
  console.log(`  ${name.padEnd(28)} ${kb(size).padStart(9)}${size > ROUTE_BUDGET ? '  over budget' : ''}`);
}

if (failures.length > 0) {
  console.error(`Bundle budget exceeded:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('Bundle budgets met.');
