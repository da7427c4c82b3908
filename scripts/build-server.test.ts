// The served server: a bundle of the server's sources, loaded by an entry that turns source maps on for
// the server's own files only (decision 017).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer } from './build-server.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Beside apps/server/dist, so the bundle finds its dependencies in node_modules as the served one does.
const dist = fs.mkdtempSync(path.join(root, 'apps/server/dist-test-'));
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }));

describe('the served server', () => {
  it('loads the bundle with source maps for its own files and none for node_modules, and no package only some configurations use', async () => {
    await buildServer(dist);
    const entry = pathToFileURL(path.join(dist, 'main.js')).href;
    const bundle = path.join(dist, 'server.js');
    // The server refuses a bad PORT and exits; what was loaded by then is read as it exits.
    const probe = `
      import { findSourceMap, getSourceMapsSupport, registerHooks } from 'node:module';
      const imported = [];
      registerHooks({
        resolve(specifier, context, next) {
          imported.push(specifier);
          return next(specifier, context);
        },
      });
      process.on('exit', () => {
        const sources = findSourceMap(${JSON.stringify(bundle)})?.payload.sources ?? [];
        console.log(JSON.stringify({ support: getSourceMapsSupport(), sources, imported }));
      });
      await import(${JSON.stringify(entry)});`;
    const run = spawnSync(process.execPath, ['--input-type=module', '-e', probe], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'production', PORT: 'not-a-port' },
      encoding: 'utf8',
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('PORT');
    const loaded = JSON.parse(run.stdout.trim().split('\n').at(-1)!) as {
      support: { enabled: boolean; nodeModules: boolean; generatedCode: boolean };
      sources: string[];
      imported: string[];
    };
    expect(loaded.support).toEqual({ enabled: true, nodeModules: false, generatedCode: false });
    expect(loaded.sources.some((source) => source.endsWith('apps/server/src/main.ts'))).toBe(true);
    // What the bundle imports before the configuration is read: the packages only some configurations
    // use are loaded when one does (their modules are files of their own), and stdnum by the numbers
    // the schools give, not its index of every country's.
    expect(loaded.imported).toContain('fastify');
    for (const optional of ['@aws-sdk/client-s3', 'stripe', 'ioredis', 'prom-client', 'stdnum']) {
      expect(loaded.imported).not.toContain(optional);
    }
    expect(loaded.imported).toContain('stdnum/lib/cjs/kr/brn.js');
  });
});
