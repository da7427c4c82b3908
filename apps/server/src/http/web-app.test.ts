import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildPageShells, fillShell } from './web-app.js';

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

describe('pages rendered ahead', () => {
  const shellHtml =
    '<html><head><title>TeachEast</title><script type="module" crossorigin src="/assets/index.js"></script>' +
    '<link rel="modulepreload" crossorigin href="/assets/react.js"><link rel="stylesheet" href="/assets/index.css"></head>' +
    '<body><div id="root"></div></body></html>';

  it('start with boot.js instead of the entry and its chunks, and keep their styles', () => {
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-dist-'));
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(path.join(dist, 'index.html'), shellHtml);
    fs.writeFileSync(
      path.join(dist, '.vite/manifest.json'),
      JSON.stringify({
        'src/boot.ts': { file: 'assets/boot.js', isEntry: true },
        'index.html': { file: 'assets/index.js', isEntry: true, imports: ['_react.js'] },
        '_react.js': { file: 'assets/react.js' },
        'src/app/pages/jobs-page.tsx': { file: 'assets/jobs-page.js', imports: ['_react.js'], css: ['assets/jobs.css'] },
      }),
    );
    const shells = buildPageShells(dist);
    const rendered = shells.renderedShellFor('/jobs');
    expect(rendered).toContain('<script type="module" crossorigin src="/assets/boot.js"></script>');
    expect(rendered).not.toContain('modulepreload');
    expect(rendered).not.toContain('/assets/index.js');
    expect(rendered).toContain('<link rel="stylesheet" href="/assets/jobs.css">');
    expect(rendered).toContain('<link rel="stylesheet" href="/assets/index.css">');
    // The entry's own shell still names the entry: pages the browser renders need it at once.
    expect(shells.shellFor('/jobs')).toContain('src="/assets/index.js"');
    fs.rmSync(dist, { recursive: true, force: true });
  });

  it('carry the answers as inert JSON that no answer can break out of, and the title escaped', () => {
    const answers = { '/api/job/x': { job: { companyName: '</script><script>alert(1)</script>' } } };
    const html = fillShell(shellHtml, { html: '<main>Tokyo</main>', title: 'A & B <i> $& $1' }, answers, 'prerender-data');
    expect(html).toContain('<div id="root"><main>Tokyo</main></div><script type="application/json" id="prerender-data">');
    expect(html).toContain('<title>A &amp; B &lt;i&gt; $&amp; $1</title>');
    expect(html.match(/<script/g)).toHaveLength(2); // the entry and the data, nothing from the answer
    const json = /<script type="application\/json" id="prerender-data">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(answers);
  });
});
