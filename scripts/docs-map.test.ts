// The docs stay true: docs/ARCHITECTURE.md's drawing has a line for every source folder and names
// none that is gone, and every repository path the docs name in backticks exists.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MAP = 'docs/ARCHITECTURE.md';

function git(args: string[], input?: string): string {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8', input, maxBuffer: 64 * 1024 * 1024 });
  if (result.error) throw result.error;
  return result.stdout;
}

/** The repository's files as they are on disk now: tracked or new, less what git ignores and what was deleted. */
function repoFiles(): string[] {
  return git(['ls-files', '-z', '--cached', '--others', '--exclude-standard'])
    .split('\0')
    .filter((file) => file && fs.existsSync(path.join(root, file)));
}

/**
 * The folders of the repository's files under each of `roots`, the roots included, as `a/b/`: a
 * folder git would not keep (empty, or only ignored files) is no part of the project.
 */
function foldersUnder(roots: string[], files: string[]): string[] {
  const found = new Set<string>();
  for (const file of files) {
    const parts = file.split('/').slice(0, -1);
    for (let i = parts.length; i > 0; i--) {
      const folder = `${parts.slice(0, i).join('/')}/`;
      if (roots.some((r) => folder.startsWith(`${r}/`))) found.add(folder);
    }
  }
  return [...found].sort();
}

/** The folders whose every subfolder the map must draw: apps/star/src, apps/server/test, packages/star/src. */
function sourceRoots(): string[] {
  const under = (parent: string, child: string) =>
    fs
      .readdirSync(path.join(root, parent), { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && fs.existsSync(path.join(root, parent, entry.name, child)))
      .map((entry) => `${parent}/${entry.name}/${child}`);
  return [...under('apps', 'src'), 'apps/server/test', ...under('packages', 'src')];
}

interface MapLine {
  line: number;
  folder: string;
  description: string;
}

/**
 * The drawing: the first fenced block of the map, one folder a line, each line's folder under the
 * nearest line above it that is indented less. Lines that name no folder are returned apart.
 */
function readDrawing(text: string): { folders: MapLine[]; strays: string[] } {
  const lines = text.split('\n');
  const start = lines.findIndex((l) => l.startsWith('```'));
  const end = lines.findIndex((l, i) => i > start && l.startsWith('```'));
  const folders: MapLine[] = [];
  const strays: string[] = [];
  const parents: { indent: number; folder: string }[] = [];
  for (let i = start + 1; i < end; i++) {
    const raw = lines[i]!;
    if (!raw.trim()) continue;
    const indent = raw.length - raw.trimStart().length;
    const [name = '', description = ''] = raw.trim().split(/\s{2,}(.*)/);
    if (!/^[\w.-]+(\/[\w.-]+)*\/$/.test(name)) {
      strays.push(`line ${i + 1}: ${raw.trim()}`);
      continue;
    }
    while (parents.length && parents.at(-1)!.indent >= indent) parents.pop();
    const folder = (parents.at(-1)?.folder ?? '') + name;
    parents.push({ indent, folder });
    folders.push({ line: i + 1, folder, description });
  }
  return { folders, strays };
}

const EXTENSIONS = /\.(ts|tsx|mts|js|mjs|cjs|json|md|sh|css|conf|ya?ml|sql)$/;
const PATH_SHAPE = /^[\w-][\w.-]*(\/[\w.-]+)*\/?$/;

interface Named {
  doc: string;
  line: number;
  path: string;
}

/**
 * What the docs name in backticks that reads as a path in this repository: a name with a known
 * extension (`harness.ts`), or a path whose first part is a name in the repository
 * (`features/job-board/`). Left out: fenced blocks, URLs and URL paths (`/api/health`),
 * placeholders and globs (`<date>`, `*.test.ts`), runtime paths (`./data`), commands, MIME types and
 * package names (their first part names nothing here), and ~~`a path`~~ struck through: one
 * named as deleted.
 */
function namedPaths(doc: string, text: string, repoNames: Set<string>): Named[] {
  const named: Named[] = [];
  let fenced = false;
  text.split('\n').forEach((line, i) => {
    if (line.trimStart().startsWith('```')) fenced = !fenced;
    if (fenced || line.trimStart().startsWith('```')) return;
    for (const match of line.matchAll(/(~~)?(`+)([^`]+?)\2(~~)?/g)) {
      const candidate = match[3]!.trim();
      if (match[1] && match[4]) continue;
      if (!PATH_SHAPE.test(candidate)) continue;
      const first = candidate.split('/')[0]!;
      const pathLike = EXTENSIONS.test(candidate) || (candidate.includes('/') && repoNames.has(first));
      if (pathLike) named.push({ doc, line: i + 1, path: candidate });
    }
  });
  return named;
}

const docs = repoFiles()
  .filter((file) => file.startsWith('docs/') && file.endsWith('.md'))
  .sort();

describe('the docs', () => {
  it(`${MAP} draws every folder of apps/*/src, apps/server/test and packages/*/src, one line each`, () => {
    const { folders, strays } = readDrawing(fs.readFileSync(path.join(root, MAP), 'utf8'));
    const drawn = new Set(folders.map((f) => f.folder));
    const missing = foldersUnder(sourceRoots(), repoFiles()).filter((folder) => !drawn.has(folder));
    expect(missing, `Folders missing from the drawing in ${MAP}: add a line for each`).toEqual([]);
    expect(strays, `Lines of the drawing in ${MAP} that name no folder (one folder a line)`).toEqual([]);
    const twice = folders.filter((f, i) => folders.findIndex((g) => g.folder === f.folder) !== i);
    expect(
      twice.map((f) => `line ${f.line}: ${f.folder}`),
      `Folders drawn twice in ${MAP}`,
    ).toEqual([]);
  });

  it(`${MAP} draws no folder that is gone, and names in each line only files that are in its folder`, () => {
    const { folders } = readDrawing(fs.readFileSync(path.join(root, MAP), 'utf8'));
    const files = repoFiles();
    const gone = folders
      .filter((f) => !files.some((file) => file.startsWith(f.folder)))
      .map((f) => `line ${f.line}: ${f.folder}`);
    expect(gone, `Folders drawn in ${MAP} that are not on disk`).toEqual([]);
    const strayFiles = folders.flatMap((f) =>
      [...f.description.matchAll(/[\w.-]+(?:\/[\w.-]+)*\.(?:tsx?|mjs|json|sh|css|conf|md)\b/g)]
        .map((m) => m[0])
        .filter(
          (name) =>
            // In the line's folder or below it, from the root (`bench/dataset.ts`), or another doc.
            !files.some((file) => file.startsWith(f.folder) && `/${file}`.endsWith(`/${name}`)) &&
            !files.includes(name) &&
            !files.includes(`docs/${name}`),
        )
        .map((name) => `line ${f.line}: ${f.folder} names ${name}`),
    );
    expect(strayFiles, `Files named in ${MAP}'s drawing that are not in that folder`).toEqual([]);
  });

  it('name in backticks only paths that exist (a path struck through, ~~`like/this.ts`~~, names a deleted one)', () => {
    const files = repoFiles();
    const folders = new Set(
      files.flatMap((file) =>
        file
          .split('/')
          .slice(0, -1)
          .map((_, i, parts) => parts.slice(0, i + 1).join('/')),
      ),
    );
    const everything = [...files, ...folders];
    const repoNames = new Set(everything.map((p) => p.split('/').at(-1)!));
    const named = docs.flatMap((doc) => namedPaths(doc, fs.readFileSync(path.join(root, doc), 'utf8'), repoNames));
    expect(named.length).toBeGreaterThan(100);
    // Build output and local data (dist-ssr/, data/) are named on purpose; git ignores them.
    const ignored = new Set(
      git(['check-ignore', '--no-index', '--stdin'], named.map((n) => n.path).join('\n') + '\n')
        .split('\n')
        .filter(Boolean),
    );
    const exists = (name: string) => {
      const bare = name.replace(/\/$/, '');
      return everything.some((p) => p === bare || p.endsWith(`/${bare}`));
    };
    const missing = named
      .filter((n) => !ignored.has(n.path) && !exists(n.path))
      .map((n) => `${n.doc}:${n.line}: ${n.path}`);
    expect(missing, 'Paths named in docs/ that do not exist (fix the doc, or strike a deleted one through)').toEqual(
      [],
    );
  });

  it('date every decision and say whether it stands: Status: Accepted, or Superseded by NNN and by what', () => {
    const decisions = docs.filter((doc) => /^docs\/decisions\/\d{3}-[\w-]+\.md$/.test(doc));
    expect(decisions.length).toBeGreaterThan(9);
    const numbers = new Set(decisions.map((doc) => path.basename(doc).slice(0, 3)));
    const wrong = decisions.flatMap((doc) => {
      const text = fs.readFileSync(path.join(root, doc), 'utf8');
      const date = /^Date: (\d{4}-\d{2}-\d{2})$/m.exec(text);
      const status = /^Status: (Accepted\b.*|Superseded by (\d{3})\b.+)$/m.exec(text);
      return [
        ...(date ? [] : [`${doc}: no "Date: YYYY-MM-DD" line`]),
        ...(status ? [] : [`${doc}: no "Status: Accepted" or "Status: Superseded by NNN (with what)" line`]),
        ...(status?.[2] && !numbers.has(status[2])
          ? [`${doc}: superseded by ${status[2]}, which is not a decision`]
          : []),
      ];
    });
    expect(wrong, 'Decision records without their date or status').toEqual([]);
  });
});
