// The pages a collection empties go back to the system, which V8 does not do by itself while the
// process is busy. Run in a process of its own: the memory it reads is the whole process's.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

const SCRIPT = `
import fs from 'node:fs';
import { returnEmptiedHeapPages } from ${JSON.stringify(path.join(here, 'heap-pages.ts'))};
const anonMb = () => Number(/RssAnon:\\s+(\\d+)/.exec(fs.readFileSync('/proc/self/status', 'utf8'))[1]) / 1024;
let garbage = [];
for (let i = 0; i < 2_000_000; i++) garbage.push({ i, text: 'item ' + i });
garbage = null;
// Allocation goes on until V8 has collected the garbage by itself, as a busy server's heap does.
let churn = 0;
for (let i = 0; i < 3_000_000; i++) churn += [i, i + 1].length;
const before = anonMb();
returnEmptiedHeapPages();
console.log(JSON.stringify({ before, after: anonMb(), churn }));
`;

describe('returnEmptiedHeapPages', () => {
  it('gives the pages the heap grew into back to the system', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      encoding: 'utf8',
    });
    expect(run.status, run.stderr).toBe(0);
    const { before, after } = JSON.parse(run.stdout) as { before: number; after: number };
    // Two million small objects held about 150 MB at once; what V8 kept of them after collecting
    // them by itself goes back.
    expect(before).toBeGreaterThan(after + 80);
  }, 60_000);
});
