// How createDb opens SQLite: histograms that would make every read plan itself again are dropped.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { createDb } from './create-db.js';
import { migrateToLatest } from './migrate.js';

describe('an SQLite database opened by createDb', () => {
  it('keeps the row counts ANALYZE wrote but not its STAT4 histograms', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teacheast-db-'));
    const file = path.join(dir, 'stats.db');
    try {
      const db = createDb(`sqlite:${file}`);
      await migrateToLatest(db);
      await db.destroy();
      const raw = new SQLite(file);
      const insert = raw.prepare(
        `insert into users (id, email, password_hash, confirmed_at, created_at) values (?, ?, 'x', 1, 1)`,
      );
      for (let i = 0; i < 50; i++) insert.run(`user-${i}`, `user-${i}@example.com`);
      raw.exec('analyze');
      const count = (table: string) => raw.prepare(`select count(*) from ${table}`).pluck().get() as number;
      expect(count('sqlite_stat4')).toBeGreaterThan(0);
      raw.close();

      await createDb(`sqlite:${file}`).destroy();
      const after = new SQLite(file, { readonly: true });
      expect(after.prepare('select count(*) from sqlite_stat4').pluck().get()).toBe(0);
      expect(after.prepare('select count(*) from sqlite_stat1').pluck().get()).toBeGreaterThan(0);
      after.close();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
