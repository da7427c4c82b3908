// `npm run build` and `npm start`: bundles the server (apps/server/src/main.ts, with the shared
// package) into apps/server/dist/main.js, which `npm run serve` runs on Node alone. Its dependencies
// stay in node_modules. A server started from the bundle answers its first request at 100,000 jobs
// in 2.6-2.7 s, against 3.7-4.7 s when tsx compiles every file as it is loaded (decision 013). Tests
// and `npm run dev` run the sources through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the bundle is written: beside src/, so paths the server finds from its own file hold. */
const SERVER_BUNDLE = 'apps/server/dist/main.js';

async function buildServer(): Promise<void> {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  // Every dependency is loaded from node_modules as it is (native modules among them); only the
  // workspace's own shared package, TypeScript source, is bundled.
  const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@teacheast/'));
  await build({
    entryPoints: [path.join(root, 'apps/server/src/main.ts')],
    outfile: path.join(root, SERVER_BUNDLE),
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();
