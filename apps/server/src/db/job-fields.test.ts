// The migrated database writes the tile of the job field table (job-fields.ts): PostgreSQL's trigger
// is the table's, on every column of it, and SQLite's covering tile index holds every column of it. A
// tile field added to the table without its migration fails here (the checklist at the top of
// job-fields.ts); tile-json.test.ts then holds what is written to the presenter.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { dialect, migratedTestDb } from '../../test/harness.js';
import { TILE_WRITTEN_FIELDS, tileIndexColumns, tileJsonTriggerBody } from './job-fields.js';

describe(`the ${dialect} database's tile writer`, () => {
  const database = migratedTestDb();

  const tileColumns = () => [...new Set(TILE_WRITTEN_FIELDS.map(([, column]) => column))].sort();

  it('is the table’s, and a write of any of its columns writes it again', async () => {
    const { db } = database;
    if (dialect === 'postgres') {
      const { rows } = await sql<{ body: string }>`
        select prosrc as body from pg_proc where proname = 'jobs_write_tile_json'`.execute(db);
      expect(rows.map((r) => r.body)).toEqual([tileJsonTriggerBody(TILE_WRITTEN_FIELDS).compile(db).sql]);
      const columns = await sql<{ name: string }>`
        select a.attname as name from pg_trigger t
        join pg_attribute a on a.attrelid = t.tgrelid and a.attnum = any(t.tgattr::int2[])
        where t.tgname = 'jobs_tile_json'`.execute(db);
      expect(columns.rows.map((r) => r.name).sort()).toEqual(tileColumns());
    } else {
      // SQLite writes the tile when it reads it: the covering index must hold every column.
      const { rows } = await sql<{ name: string }>`
        select name from pragma_index_info('jobs_tiles_idx') order by seqno`.execute(db);
      expect(rows.map((r) => r.name)).toEqual([
        'country',
        'published_at',
        'id',
        ...tileIndexColumns(TILE_WRITTEN_FIELDS),
      ]);
    }
  });
});
