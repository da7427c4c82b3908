import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPageShells } from './web-app.js';

describe('page shells', () => {
  it("names the landing page's own chunks and styles, not what the entry already loads", () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-dist-'));
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      '<html><head><script src="/assets/index.js"></script></head><body></body></html>',
    );
    fs.writeFileSync(
      path.join(dist, '.vite/manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
        '_react.js': { file: 'assets/react.js' },
        '_tile.js': { file: 'assets/tile.js', css: ['assets/tile.css'], imports: ['_react.js'] },
        'src/app/pages/jobs-page.tsx': {
          file: 'assets/jobs-page.js',
          imports: ['_tile.js', '_react.js'],
          css: ['assets/jobs.css'],
        },
      }),
    );
    const shells = buildPageShells(dist);
    const jobs = shells.shellFor('/jobs');
    expect(jobs).toContain('<link rel="modulepreload" crossorigin href="/assets/jobs-page.js">');
    expect(jobs).toContain('<link rel="modulepreload" crossorigin href="/assets/tile.js">');
    expect(jobs).toContain('<link rel="stylesheet" href="/assets/jobs.css">');
    expect(jobs).toContain('<link rel="stylesheet" href="/assets/tile.css">');
    expect(jobs).not.toContain('react.js');
    expect(shells.shellFor('/unknown')).not.toContain('modulepreload');
    fs.rmSync(dist, { recursive: true, force: true });
  });
});
