import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';

// In development the API runs on its own port; the proxy keeps the browser on one origin,
// exactly as in production where the server also serves the built app.
const apiTarget = 'http://127.0.0.1:3000';

/**
 * Writes .br and .gz files next to each text asset. The server serves them with
 * `preCompressed: true`, so phones download about a third of the bytes with no compression
 * work per request.
 */
function precompress(): Plugin {
  return {
    name: 'teacheast-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir;
      // The server's render module (dist-ssr) is read from disk by Node, never downloaded.
      if (!outDir || this.environment.config.build.ssr) return;
      for (const fileName of Object.keys(bundle)) {
        if (!/\.(js|css|html|svg|json)$/.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = readFileSync(file);
        if (source.length < 1024) continue; // not worth a second request-time lookup
        writeFileSync(`${file}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
      }
    },
  };
}

/**
 * React Router's work that depends only on the route table, kept in the server's render bundle: it
 * flattens and ranks the whole table on every matchRoutes call (useRoutes, and the page table's
 * landingPageAt, pageAt and pageHeadAt), several times a request, a third of a rendered page's time;
 * and it compiles a route pattern into a regular expression on every matchPath. Each function is
 * renamed and wrapped by one that keeps its result: the ranking per table (one constant array), the
 * expression per pattern (patterns come from the code, not from requests; the map is bounded anyway).
 * The build fails if a React Router release renames either function.
 */
const KEPT_ROUTER_WORK = [
  {
    signature: 'function flattenAndRankRoutes(routes) {',
    kept: `const rankedRouteTables = new WeakMap();
function flattenAndRankRoutes(routes) {
  let ranked = rankedRouteTables.get(routes);
  if (!ranked) rankedRouteTables.set(routes, (ranked = flattenAndRankRoutesAfresh(routes)));
  return ranked;
}
function flattenAndRankRoutesAfresh(routes) {`,
  },
  {
    signature: 'function compilePath(path, caseSensitive = false, end = true) {',
    kept: `const compiledPaths = new Map();
function compilePath(path, caseSensitive = false, end = true) {
  const key = (caseSensitive ? "1" : "0") + (end ? "1" : "0") + path;
  let compiled = compiledPaths.get(key);
  if (!compiled) {
    if (compiledPaths.size >= 1000) compiledPaths.clear();
    compiledPaths.set(key, (compiled = compilePathAfresh(path, caseSensitive, end)));
  }
  return compiled;
}
function compilePathAfresh(path, caseSensitive = false, end = true) {`,
  },
] as const;

function keepRouterWork(): Plugin {
  const applied = new Set<string>();
  return {
    name: 'teacheast-keep-router-work',
    apply: 'build',
    transform(code, id) {
      if (!this.environment.config.build.ssr || !/\/react-router\/dist\/.+\.m?js$/.test(id)) return null;
      let changed = code;
      for (const { signature, kept } of KEPT_ROUTER_WORK) {
        if (!changed.includes(signature)) continue;
        applied.add(signature);
        changed = changed.replace(signature, kept);
      }
      return changed === code ? null : { code: changed, map: null };
    },
    buildEnd() {
      if (!this.environment.config.build.ssr) return;
      const missing = KEPT_ROUTER_WORK.filter(({ signature }) => !applied.has(signature));
      if (missing.length > 0)
        this.error(`react-router: ${missing.map((m) => `"${m.signature}"`).join(', ')} not found`);
    },
  };
}

const config: UserConfig = {
  plugins: [react(), precompress(), keepRouterWork()],
  // React Router goes into the render bundle, so keepRouterWork can reach it.
  ssr: { noExternal: ['react-router'] },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // scripts/check-bundle.ts reads the manifest to measure what each route loads.
    manifest: true,
    rollupOptions: {
      // boot.ts starts the app on pages the server has rendered (apps/server/src/http/web-app.ts).
      input: { index: 'index.html', boot: 'src/boot.ts' },
      output: {
        codeSplitting: {
          // The search page's small modules (its api, tile, facts, keywords, dates) in one chunk with
          // what they share with the home page, instead of a chunk each: every chunk costs its own gzip
          // header and wrapper before a landing page is interactive (npm run check:bundle: /jobs 110.5
          // to 107.5 KB gzip in 8 files instead of 18; / 106.9 to 108.6 KB in 7 files instead of 12).
          groups: [
            {
              name: 'first-load',
              test: /features\/jobs\/(api|components\/job-tile|components\/job-facts)|shared\/src\/keywords|lib\/(dates|search-params)/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: apiTarget, changeOrigin: false },
      '/media': { target: apiTarget, changeOrigin: false },
    },
  },
};

export default defineConfig(({ command }) => {
  // A build is always a production build, whatever NODE_ENV the shell has: with NODE_ENV=test or
  // development Vite bundles React's development build, twice the size. Vite reads NODE_ENV after
  // this file has run, so setting it here decides (`vite build` run directly as well as scripts/build-web.ts).
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
