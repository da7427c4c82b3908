// `npm run build` and `npm start`: bundles the server (apps/server/src/main.ts, with the shared
// package) into apps/server/dist/server.js, and writes apps/server/dist/main.js, the file `npm run
// serve` runs on Node alone, which turns source maps on and loads the bundle. Its dependencies stay
// in node_modules. A server started from the bundle answers its first request at 100,000 jobs in
// 2.6-2.7 s, against 3.7-4.7 s when tsx compiles every file as it is loaded (decision 013). Tests and
// `npm run dev` run the sources through tsx.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Where the server is written: beside src/, so paths the server finds from its own file hold. */
const SERVER_DIST = path.join(root, 'apps/server/dist');

/**
 * Stack traces name the server's own source files and lines. Node's --enable-source-maps would read
 * the maps of every package in node_modules as well, 16 MB of the heap for the life of the process
 * (decision 017); source maps turned on for files outside node_modules before the bundle is loaded
 * read the bundle's alone. A map is read as its file is loaded, so the bundle is loaded after.
 */
const ENTRY_TEXT = `// Written by scripts/build-server.ts: source maps for the server's own files, then the server.
import { setSourceMapsSupport } from 'node:module';
setSourceMapsSupport(true);
await import('./server.js');
`;

/** Writes the bundle (server.js) and the file `npm run serve` runs (main.js) into `dist`. */
export async function buildServer(dist = SERVER_DIST): Promise<void> {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, 'apps/server/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  // Every dependency is loaded from node_modules as it is (native modules among them); only the
  // workspace's own shared package, TypeScript source, is bundled.
  const external = Object.keys(manifest.dependencies).filter((name) => !name.startsWith('@teacheast/'));
  // The chunks' names change with their code: those of an earlier build go.
  fs.rmSync(path.join(dist, 'chunks'), { recursive: true, force: true });
  await build({
    entryPoints: { server: path.join(root, 'apps/server/src/main.ts') },
    outdir: dist,
    // A module the server imports only when its configuration asks for it (the AWS SDK's blob store,
    // Stripe's provider) is a file of its own, loaded then: in one file its packages' imports would be
    // hoisted to the top and loaded at every start.
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external,
    sourcemap: 'linked',
    logLevel: 'warning',
  });
  fs.writeFileSync(path.join(dist, 'main.js'), ENTRY_TEXT);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await buildServer();
