// V8 keeps the pages a collection empties in a pool, for the heap to grow into again, and gives them
// back to the system only at a collection made to reduce memory. A server that never idles never
// reaches one, so a heap that once grew to 450 MB (the keyword index being made at start) would keep
// 450 MB resident for the life of the process while it holds 150 MB of objects. And while such a burst
// runs, V8 lets the heap grow to three or four times what it last found live before it collects again.
import v8 from 'node:v8';
import vm from 'node:vm';

type Collect = (options: { type: 'major'; execution: 'sync'; flavor: 'last-resort' }) => void;

let collect: Collect | null = null;

/**
 * Collects everything that can be collected, compacting, and gives the emptied pages back to the
 * system. It stops the process for two full collections (half a second for the 105 MB of objects of
 * a server on 100,000 jobs): for after a burst of work that grew the heap, never for a request.
 */
export function returnEmptiedHeapPages(): void {
  if (!collect) {
    // V8's own collector function, reached without making `gc` a global of the server's own context.
    v8.setFlagsFromString('--expose-gc');
    collect = vm.runInNewContext('gc') as Collect;
  }
  collect({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}

/**
 * Runs `work` with V8 growing the heap by `percent` of what it last found live before its next full
 * collection, instead of its own factor (up to four times), and gives V8 its own factor back when the
 * work is done. For a burst that builds what the process keeps, slices of it between requests: the
 * heap stays near what is live while it grows, at the cost of more full collections meanwhile.
 */
export async function growingHeapBy<T>(percent: number, work: () => Promise<T>): Promise<T> {
  if (!Number.isInteger(percent) || percent <= 0)
    throw new RangeError(`percent must be a positive integer: ${percent}`);
  v8.setFlagsFromString(`--heap-growing-percent=${percent}`);
  try {
    return await work();
  } finally {
    // 0 is V8's default: its own factor, from how fast it collects against how fast the process allocates.
    v8.setFlagsFromString('--heap-growing-percent=0');
  }
}
