import { describe, expect, it } from 'vitest';
import { fillShell } from './server-render.js';

describe('pages rendered ahead', () => {
  const shellHtml =
    '<html><head><title>TeachEast</title><script type="module" crossorigin src="/assets/boot.js"></script></head>' +
    '<body><div id="root"></div></body></html>';

  it('carry the answers as inert JSON that no answer can break out of', () => {
    const answers = {
      '/api/job/x': { job: { companyName: '</script><script>alert(1)</script>', pay: '<!-- $& $1 \u2028\u2029' } },
    };
    const html = fillShell(shellHtml, '<main>Tokyo $& $1</main>', answers, 'prerender-data');
    expect(html).toContain(
      '<div id="root"><main>Tokyo $& $1</main></div><script type="application/json" id="prerender-data">',
    );
    expect(html).not.toMatch(/<!--|\u2028|\u2029/);
    expect(html.match(/<script/g)).toHaveLength(2); // the entry and the data, nothing from the answer
    const json = /<script type="application\/json" id="prerender-data">(.*?)<\/script>/.exec(html)![1]!;
    expect(JSON.parse(json)).toEqual(answers);
  });
});
