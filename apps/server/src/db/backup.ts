// SQLite database files for backups: copied while the server writes to them (SQLite's online
// backup, page by page under a read lock that WAL mode lets writers work beside), and checked.
import SQLite from 'better-sqlite3';

const ALL_PAGES = 0x7fffffff;

/** The file behind a `sqlite:<path>` DATABASE_URL; null for PostgreSQL and for `sqlite::memory:`. */
export function sqliteFileOf(databaseUrl: string): string | null {
  if (!databaseUrl.startsWith('sqlite:')) return null;
  const file = databaseUrl.slice('sqlite:'.length);
  return file === ':memory:' ? null : file;
}

/**
 * Copies the database at `source` into `target` (made or overwritten) through SQLite's backup API,
 * so the copy is one consistent moment of the source even while another process writes to it, and
 * a target in use keeps its own journal right.
 */
export async function copySqliteDatabase(source: string, target: string): Promise<void> {
  const db = new SQLite(source, { fileMustExist: true, timeout: 5000 });
  try {
    // After the first 100 pages, all the rest in one step: a write by another process between two
    // steps starts the copy over, so small steps might never finish on a busy site.
    await db.backup(target, { progress: () => ALL_PAGES });
  } finally {
    db.close();
  }
}

/** SQLite's quick_check of a database file: 'ok', or what is damaged. */
export function checkSqliteDatabase(file: string): string {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const rows = db.pragma('quick_check') as { quick_check: string }[];
    return rows.map((r) => r.quick_check).join('; ');
  } finally {
    db.close();
  }
}
