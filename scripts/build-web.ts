// `npm run build` (and `npm start`, with --if-changed): builds the web app and its server render
// module. Every Vite build is a production build whatever NODE_ENV the shell has (apps/web/vite.config.ts
// decides). With --if-changed it does nothing when the last build was made from the same sources.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');

/** Everything the build reads: a change to any of these makes the built app stale. */
const INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/shared/src',
  'packages/shared/package.json',
  'packages/shared/tsconfig.json',
  'tsconfig.base.json',
  'package-lock.json',
  'scripts/build-web.ts',
];

function filesUnder(relative: string): string[] {
  const full = path.join(root, relative);
  if (!fs.existsSync(full)) return [];
  if (!fs.statSync(full).isDirectory()) return [relative];
  return fs.readdirSync(full, { withFileTypes: true }).flatMap((entry) => filesUnder(path.join(relative, entry.name)));
}

/** A hash of the names and contents of every input file. */
export function sourceStamp(): string {
  const hash = createHash('sha256');
  for (const file of INPUTS.flatMap(filesUnder).sort()) {
    hash
      .update(file)
      .update('\0')
      .update(fs.readFileSync(path.join(root, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

const stampFile = path.join(web, 'dist-ssr', '.source-stamp');
const outputs = [
  path.join(web, 'dist', 'index.html'),
  path.join(web, 'dist', '.vite', 'manifest.json'),
  path.join(web, 'dist-ssr', 'entry-server.js'),
];

export function isUpToDate(): boolean {
  return (
    outputs.every((f) => fs.existsSync(f)) &&
    fs.existsSync(stampFile) &&
    fs.readFileSync(stampFile, 'utf8') === sourceStamp()
  );
}

function vite(args: string[]): void {
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), ...args], {
    cwd: web,
    stdio: 'inherit',
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

export function build(): void {
  fs.rmSync(stampFile, { force: true });
  const stamp = sourceStamp();
  vite(['build']);
  vite(['build', '--ssr', 'src/entry-server.tsx', '--outDir', 'dist-ssr']);
  fs.writeFileSync(stampFile, stamp);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  if (process.argv.includes('--if-changed') && isUpToDate()) {
    console.log('The web app is up to date with its sources; not rebuilding.');
  } else {
    build();
  }
}
