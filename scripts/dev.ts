// `npm run dev`: the API with reload on change (tsx watch) and the web app with hot module reload (Vite),
// which proxies /api and /media to the API.
import { spawn, type ChildProcess } from 'node:child_process';

const children: ChildProcess[] = [];

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  const prefix = (data: Buffer) =>
    data
      .toString()
      .split('\n')
      .filter(Boolean)
      .map((line) => `[${name}] ${line}\n`)
      .join('');
  child.stdout?.on('data', (d: Buffer) => process.stdout.write(prefix(d)));
  child.stderr?.on('data', (d: Buffer) => process.stderr.write(prefix(d)));
  child.on('exit', (code) => {
    console.log(`[${name}] exited with ${code}`);
    stop(code ?? 1);
  });
  children.push(child);
}

function stop(code: number) {
  for (const c of children) if (c.exitCode === null) c.kill('SIGTERM');
  process.exit(code);
}

process.on('SIGINT', () => stop(0));
process.on('SIGTERM', () => stop(0));

run('api', process.execPath, ['--import', 'tsx', '--watch', 'apps/server/src/main.ts'], {
  PORT: process.env.PORT ?? '3000',
});
run('web', 'npm', ['run', 'dev', '-w', 'apps/web', '--', '--port', process.env.WEB_PORT ?? '5173']);
console.log('TeachEast dev: open http://localhost:5173 (API on http://localhost:3000)');
