// A built web app in miniature, for the server's tests of what it serves from the web app's build:
// index.html, the Vite manifest (boot.js and two landing pages' code), one asset, a favicon, and a
// render bundle (dist-ssr/entry-server.js) whose source each test writes for what it checks.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const INDEX_HTML =
  '<html><head><title>TeachEast</title><script type="module" crossorigin src="/assets/index.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

const MANIFEST = {
  'index.html': { file: 'assets/index.js', isEntry: true },
  'src/boot.ts': { file: 'assets/boot.js', isEntry: true },
  'src/app/pages/home-page.tsx': { file: 'assets/home-page.js', css: ['assets/home.css'] },
  'src/app/pages/jobs-page.tsx': { file: 'assets/jobs-page.js' },
};

export interface FakeWebDist {
  /** The directory to serve (WEB_DIST); the render bundle sits beside it in dist-ssr/. */
  dist: string;
  remove(): void;
}

/** Writes a fake build into a new temporary directory, with `renderBundle` as its entry-server.js. */
export function writeFakeWebDist(renderBundle: string): FakeWebDist {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-web-'));
  const dist = path.join(root, 'dist');
  fs.mkdirSync(path.join(dist, '.vite'), { recursive: true });
  fs.mkdirSync(path.join(dist, 'assets'));
  fs.mkdirSync(path.join(root, 'dist-ssr'));
  fs.writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(MANIFEST));
  fs.writeFileSync(path.join(dist, 'assets/index.js'), 'console.log(1);');
  fs.writeFileSync(path.join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(root, 'dist-ssr/entry-server.js'), renderBundle);
  return { dist, remove: () => fs.rmSync(root, { recursive: true, force: true }) };
}
