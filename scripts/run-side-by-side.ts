// `node --import tsx scripts/run-side-by-side.ts <npm script>…`: runs the named npm scripts two at a
// time (one per core of a two-core machine), prints each one's output whole when it ends, and fails
// when any of them failed. For checks that read the tree and write nothing (types, format, lint), so
// `npm test` does not wait for each in turn.
import { spawn } from 'node:child_process';
import os from 'node:os';

const names = process.argv.slice(2);
if (names.length === 0) {
  process.stderr.write('usage: node --import tsx scripts/run-side-by-side.ts <npm script>…\n');
  process.exit(2);
}
const lanes = Math.max(1, Math.min(2, os.availableParallelism()));

function run(name: string): Promise<boolean> {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn('npm', ['run', '--silent', name], { stdio: ['ignore', 'pipe', 'pipe'] });
    const output: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => output.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => output.push(chunk));
    child.on('close', (code, signal) => {
      const ok = code === 0;
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n> ${name}: ${ok ? 'passed' : `failed (${signal ?? code})`} in ${seconds} s\n`);
      process.stdout.write(Buffer.concat(output));
      resolve(ok);
    });
  });
}

const queue = [...names];
const failed: string[] = [];
await Promise.all(
  Array.from({ length: lanes }, async () => {
    for (let name = queue.shift(); name !== undefined; name = queue.shift()) {
      if (!(await run(name))) failed.push(name);
    }
  }),
);
if (failed.length > 0) {
  process.stderr.write(`\nFailed: ${failed.join(', ')}\n`);
  process.exit(1);
}
