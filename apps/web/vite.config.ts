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

const RANK_ROUTES = 'function flattenAndRankRoutes(routes) {';

/**
 * In the server's render bundle only: React Router flattens and ranks the whole route table on every
 * matchRoutes call (useRoutes, and the page table's landingPageAt, pageAt and pageHeadAt), several times
 * a request, about a third of a rendered page's time. The route table is one constant array, so its
 * ranking is kept per array. The build fails if a React Router release renames the function.
 */
function rankRoutesOnce(): Plugin {
  let applied = false;
  return {
    name: 'teacheast-rank-routes-once',
    apply: 'build',
    transform(code, id) {
      if (!this.environment.config.build.ssr || !/\/react-router\/dist\/.+\.m?js$/.test(id)) return null;
      if (!code.includes(RANK_ROUTES)) return null;
      applied = true;
      const kept = `const rankedRouteTables = new WeakMap();
function flattenAndRankRoutes(routes) {
  let ranked = rankedRouteTables.get(routes);
  if (!ranked) rankedRouteTables.set(routes, (ranked = flattenAndRankRoutesAfresh(routes)));
  return ranked;
}
function flattenAndRankRoutesAfresh(routes) {`;
      return { code: code.replace(RANK_ROUTES, kept), map: null };
    },
    buildEnd() {
      if (this.environment.config.build.ssr && !applied) this.error(`react-router: "${RANK_ROUTES}" not found`);
    },
  };
}

const config: UserConfig = {
  plugins: [react(), precompress(), rankRoutesOnce()],
  // React Router goes into the render bundle, so rankRoutesOnce can reach it.
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
