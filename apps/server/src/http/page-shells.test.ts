import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildPageShells, type LandingPages } from './page-shells.js';

/** The web app's page table as its render bundle gives it, for one landing page. */
const JOBS_ONLY: LandingPages = {
  LANDING_PAGES: ['jobs-page'],
  landingPageAt: (pathname) => (pathname === '/jobs' ? 'jobs-page' : null),
};

const dists: string[] = [];
function makeDist(html: string, manifest: Record<string, unknown>): string {
  const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-dist-'));
  dists.push(dist);
  fs.mkdirSync(path.join(dist, '.vite'));
  fs.writeFileSync(path.join(dist, 'index.html'), html);
  fs.writeFileSync(path.join(dist, '.vite/manifest.json'), JSON.stringify(manifest));
  return dist;
}
afterEach(() => {
  for (const dist of dists.splice(0)) fs.rmSync(dist, { recursive: true, force: true });
});

describe('page shells', () => {
  it("names the landing page's own chunks and styles, not what the entry already loads", () => {
    const dist = makeDist('<html><head><script src="/assets/index.js"></script></head><body></body></html>', {
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      '_tile.js': { file: 'assets/tile.js', css: ['assets/tile.css'], imports: ['_react.js'] },
      'src/app/pages/jobs-page.tsx': {
        file: 'assets/jobs-page.js',
        imports: ['_tile.js', '_react.js'],
        css: ['assets/jobs.css'],
      },
    });
    const shells = buildPageShells(dist, JOBS_ONLY);
    const jobs = shells.shellFor('/jobs');
    expect(jobs).toContain('<link rel="modulepreload" crossorigin href="/assets/jobs-page.js">');
    expect(jobs).toContain('<link rel="modulepreload" crossorigin href="/assets/tile.js">');
    expect(jobs).toContain('<link rel="stylesheet" href="/assets/jobs.css">');
    expect(jobs).toContain('<link rel="stylesheet" href="/assets/tile.css">');
    expect(jobs).not.toContain('react.js');
    expect(shells.shellFor('/unknown')).not.toContain('modulepreload');
    // Without the page table (no render bundle) every path gets index.html as it is.
    expect(buildPageShells(dist).shellFor('/jobs')).not.toContain('modulepreload');
  });
});

describe('shells of pages rendered ahead', () => {
  const shellHtml =
    '<html><head><title>TeachEast</title><script type="module" crossorigin src="/assets/index.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react.js"><link rel="stylesheet" href="/assets/index.css"></head>' +
    '<body><div id="root"></div></body></html>';

  it('start with boot.js instead of the entry and its chunks, and keep their styles', () => {
    const dist = makeDist(shellHtml, {
      'src/boot.ts': { file: 'assets/boot.js', isEntry: true },
      'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
      '_react.js': { file: 'assets/react.js' },
      'src/app/pages/jobs-page.tsx': { file: 'assets/jobs-page.js', imports: ['_react.js'], css: ['assets/jobs.css'] },
    });
    const shells = buildPageShells(dist, JOBS_ONLY);
    const rendered = shells.renderedShellFor('/jobs');
    expect(rendered).toContain('<script type="module" crossorigin src="/assets/boot.js"></script>');
    expect(rendered).not.toContain('modulepreload');
    expect(rendered).not.toContain('/assets/index.js');
    expect(rendered).toContain('<link rel="stylesheet" href="/assets/jobs.css">');
    expect(rendered).toContain('<link rel="stylesheet" href="/assets/index.css">');
    // The entry's own shell still names the entry: pages the browser renders need it at once.
    expect(shells.shellFor('/jobs')).toContain('src="/assets/index.js"');
  });
});
