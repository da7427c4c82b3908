// schema.ts (the Kysely types every query is checked against) must describe the database the
// migrations build: the same tables, the same columns, the same nullability and the same kind of
// value, on SQLite and on PostgreSQL. Types do not exist at run time, so schema.ts is read with the
// TypeScript compiler, and the migrated database is asked through Kysely's introspection.
import fs from 'node:fs';
import { sql } from 'kysely';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { dialect, migratedTestDb } from '../../test/harness.js';
import type { Db } from './create-db.js';

/** The kind of value a column gives back to the server, coarse enough to hold on both engines. */
type Family = 'string' | 'number' | 'binary';

interface ColumnShape {
  family: Family;
  nullable: boolean;
  /** schema.ts: wrapped in Generated<>. The database: numbered by itself, or has a default. */
  generated: boolean;
  /** The database only: it numbers the column itself (an identity, or SQLite's INTEGER PRIMARY KEY). */
  numbered?: boolean;
  /** How the column was written, for the messages. */
  written: string;
}
type Tables = Record<string, Record<string, ColumnShape>>;

const SCHEMA_FILE = new URL('./schema.ts', import.meta.url);

// ---------- schema.ts, read as source ----------

interface TypeShape {
  families: Set<Family>;
  nullable: boolean;
  generated: boolean;
}

/** The tables of the `Database` interface in schema.ts, with each property's shape. */
function declaredTables(source: string): Tables {
  const file = ts.createSourceFile('schema.ts', source, ts.ScriptTarget.Latest, true);
  const interfaces = new Map<string, ts.InterfaceDeclaration>();
  const aliases = new Map<string, ts.TypeAliasDeclaration>();
  for (const statement of file.statements) {
    if (ts.isInterfaceDeclaration(statement)) interfaces.set(statement.name.text, statement);
    if (ts.isTypeAliasDeclaration(statement)) aliases.set(statement.name.text, statement);
  }

  const shapeOf = (node: ts.TypeNode, where: string): TypeShape => {
    const of = (family: Family): TypeShape => ({ families: new Set([family]), nullable: false, generated: false });
    if (ts.isParenthesizedTypeNode(node)) return shapeOf(node.type, where);
    if (ts.isUnionTypeNode(node)) {
      const parts = node.types.map((t) => shapeOf(t, where));
      return {
        families: new Set(parts.flatMap((p) => [...p.families])),
        nullable: parts.some((p) => p.nullable),
        generated: parts.some((p) => p.generated),
      };
    }
    if (ts.isLiteralTypeNode(node)) {
      if (node.literal.kind === ts.SyntaxKind.NullKeyword) {
        return { families: new Set(), nullable: true, generated: false };
      }
      if (ts.isStringLiteral(node.literal)) return of('string');
      if (ts.isNumericLiteral(node.literal)) return of('number');
    }
    if (node.kind === ts.SyntaxKind.StringKeyword) return of('string');
    if (node.kind === ts.SyntaxKind.NumberKeyword) return of('number');
    if (ts.isTypeReferenceNode(node) && ts.isIdentifier(node.typeName)) {
      const name = node.typeName.text;
      const [first] = node.typeArguments ?? [];
      if ((name === 'Generated' || name === 'GeneratedAlways') && first) {
        return { ...shapeOf(first, where), generated: true };
      }
      // ColumnType<Select, Insert, Update>: what a query reads back is the Select type.
      if (name === 'ColumnType' && first) return shapeOf(first, where);
      if (name === 'Buffer' || name === 'Uint8Array') return of('binary');
      const alias = aliases.get(name);
      if (alias) return shapeOf(alias.type, where);
    }
    throw new Error(`${where}: schema.ts uses a type this test cannot read (${node.getText(file)}); teach shapeOf it`);
  };

  const database = interfaces.get('Database');
  if (!database) throw new Error('schema.ts has no Database interface');
  const tables: Tables = {};
  for (const member of database.members) {
    if (!ts.isPropertySignature(member) || !member.type || !ts.isTypeReferenceNode(member.type)) {
      throw new Error(`Database.${member.name?.getText(file)}: expected a table interface`);
    }
    const tableName = member.name.getText(file);
    const declaration = interfaces.get(member.type.typeName.getText(file));
    if (!declaration)
      throw new Error(`Database.${tableName}: ${member.type.getText(file)} is not declared in schema.ts`);
    const columns: Record<string, ColumnShape> = {};
    for (const property of declaration.members) {
      const where = `${tableName}.${property.name?.getText(file)}`;
      if (!ts.isPropertySignature(property) || !property.type) throw new Error(`${where}: expected a column`);
      // Kysely reads an optional property as "may be missing", which no column is: say `| null`.
      if (property.questionToken) throw new Error(`${where}: optional in schema.ts; a column is \`T\` or \`T | null\``);
      const shape = shapeOf(property.type, where);
      if (shape.families.size !== 1) {
        throw new Error(`${where}: ${property.type.getText(file)} is not one kind of value`);
      }
      columns[property.name.getText(file)] = {
        family: [...shape.families][0]!,
        nullable: shape.nullable,
        generated: shape.generated,
        written: property.type.getText(file),
      };
    }
    tables[tableName] = columns;
  }
  return tables;
}

// ---------- the migrated database ----------

/** The database's own type names, per engine, grouped by what the server reads back. */
function familyOf(dataType: string): Family {
  const base = dataType
    .toLowerCase()
    .replace(/\(.*\)$/, '')
    .trim();
  if (['varchar', 'character varying', 'text', 'char', 'bpchar'].includes(base)) return 'string';
  // PostgreSQL's int8 (bigint) is read as a number: create-db.ts installs that parser.
  if (['integer', 'int', 'bigint', 'smallint', 'int2', 'int4', 'int8', 'real', 'float4', 'float8'].includes(base)) {
    return 'number';
  }
  if (['blob', 'bytea'].includes(base)) return 'binary';
  throw new Error(`The database type ${dataType} has no family here: decide what the server reads back and add it`);
}

/**
 * Keyword search's indexes, which queries reach only through raw SQL (features/job-board/keyword-repo.ts)
 * and schema.ts therefore leaves out: SQLite's FTS5 table with its shadow tables, and PostgreSQL's
 * generated tsvector column (migration 003). Likewise PostgreSQL's tile JSON, written by a trigger and
 * read only in features/job-board/repo.ts (migration 007).
 */
const SEARCH_INDEX_TABLE = /^jobs_fts(_(data|idx|docsize|config|content))?$/;
const isSearchIndexColumn = (table: string, column: { name: string; dataType: string }) =>
  table === 'jobs' &&
  ((column.name === 'search_document' && column.dataType === 'tsvector') ||
    (column.name === 'tile_json' && dialect === 'postgres'));

async function migratedTables(db: Db): Promise<Tables> {
  const tables: Tables = {};
  for (const table of await db.introspection.getTables()) {
    if (SEARCH_INDEX_TABLE.test(table.name)) continue;
    // SQLite lets a primary key that is not an INTEGER hold NULL (for compatibility with its old
    // versions); PostgreSQL does not, and no insert leaves the key out, so a key counts as not null.
    const keys = new Set<string>();
    if (dialect === 'sqlite') {
      const { rows } = await sql<{
        name: string;
      }>`select name from pragma_table_info(${table.name}) where pk > 0`.execute(db);
      for (const row of rows) keys.add(row.name);
    }
    tables[table.name] = Object.fromEntries(
      table.columns
        .filter((column) => !isSearchIndexColumn(table.name, column))
        .map((column) => [
          column.name,
          {
            family: familyOf(column.dataType),
            nullable: column.isNullable && !keys.has(column.name),
            generated: column.isAutoIncrementing || column.hasDefaultValue,
            numbered: column.isAutoIncrementing,
            written: column.dataType,
          },
        ]),
    );
  }
  return tables;
}

// ---------- the comparison ----------

/** Every way schema.ts and the database disagree, one line each; empty when they agree. */
function differences(declared: Tables, actual: Tables): string[] {
  const found: string[] = [];
  for (const table of Object.keys(actual)) {
    if (!declared[table]) found.push(`${table}: a table in the database, missing from Database in schema.ts`);
  }
  for (const [table, columns] of Object.entries(declared)) {
    const real = actual[table];
    if (!real) {
      found.push(`${table}: declared in schema.ts, no such table in the database`);
      continue;
    }
    for (const column of Object.keys(real)) {
      if (!columns[column]) found.push(`${table}.${column}: a column in the database, missing from schema.ts`);
    }
    for (const [column, type] of Object.entries(columns)) {
      const db = real[column];
      const name = `${table}.${column}`;
      if (!db) {
        found.push(`${name}: declared in schema.ts, no such column in the database`);
        continue;
      }
      if (db.family !== type.family) {
        found.push(`${name}: ${type.written} in schema.ts, but the database's ${db.written} gives a ${db.family}`);
      }
      if (db.nullable !== type.nullable) {
        found.push(
          db.nullable
            ? `${name}: the database allows NULL, schema.ts does not (${type.written})`
            : `${name}: schema.ts allows null (${type.written}), the database does not`,
        );
      }
      if (type.generated && !db.generated) {
        found.push(`${name}: Generated<> in schema.ts, but the database has no default for it`);
      }
      if (db.numbered && !type.generated) {
        found.push(`${name}: the database numbers it itself; schema.ts should say Generated<${type.written}>`);
      }
    }
  }
  return found;
}

// ---------- the tests ----------

describe(`schema.ts and the migrated ${dialect} database`, () => {
  const database = migratedTestDb();
  let source: string;

  beforeAll(() => {
    source = fs.readFileSync(SCHEMA_FILE, 'utf8');
  });

  it('agree on every table, column, nullability and kind of value', async () => {
    const declared = declaredTables(source);
    const actual = await migratedTables(database.db);
    expect(differences(declared, actual)).toEqual([]);
    // Both sides were really read: every table of the product, with its columns.
    expect(Object.keys(actual).sort()).toEqual(Object.keys(declared).sort());
    expect(Object.keys(actual)).toHaveLength(39);
    expect(actual.jobs!.taken_down_reason).toMatchObject({ family: 'string', nullable: true });
    expect(actual.credit_ledger!.id).toMatchObject({ family: 'number', nullable: false, numbered: true });
    expect(actual.blobs!.data).toMatchObject({ family: 'binary', nullable: false });
  });

  it('notices a column, a table, a null or a type that schema.ts gets wrong', async () => {
    const actual = await migratedTables(database.db);
    const edit = (from: string, to: string) => {
      expect(source).toContain(from);
      return differences(declaredTables(source.replace(from, to)), actual);
    };
    expect(edit('  taken_down_reason: string | null;\n', '')).toEqual([
      'jobs.taken_down_reason: a column in the database, missing from schema.ts',
    ]);
    expect(
      edit('  taken_down_reason: string | null;\n', '  taken_down_reason: string | null;\n  hidden: number;\n'),
    ).toEqual(['jobs.hidden: declared in schema.ts, no such column in the database']);
    expect(edit('  confirmed_at: number | null;', '  confirmed_at: number;')).toEqual([
      'users.confirmed_at: the database allows NULL, schema.ts does not (number)',
    ]);
    expect(
      edit('  payment_customer_id: string | null;', '  payment_customer_id: string | null;\n  email2: string;'),
    ).toEqual(['users.email2: declared in schema.ts, no such column in the database']);
    expect(edit('  password_hash: string;', '  password_hash: string | null;')).toEqual([
      'users.password_hash: schema.ts allows null (string | null), the database does not',
    ]);
    expect(edit('  position: number;', '  position: string;')).toEqual([
      "job_images.position: string in schema.ts, but the database's " +
        `${actual.job_images!.position!.written} gives a number`,
    ]);
    expect(edit('  id: Generated<number>;\n  email: string;', '  id: number;\n  email: string;')).toEqual([
      'contact_messages.id: the database numbers it itself; schema.ts should say Generated<number>',
    ]);
    expect(edit('  blobs: BlobsTable;\n', '')).toEqual([
      'blobs: a table in the database, missing from Database in schema.ts',
    ]);
    // Kysely's own wrappers read as the value they give back.
    expect(edit('  clicks: number;', '  clicks: ColumnType<number, number | undefined, number>;')).toEqual([]);
    expect(() => edit('  clicks: number;', '  clicks?: number;')).toThrow(/optional in schema.ts/);
    expect(() => edit('  clicks: number;', '  clicks: Date;')).toThrow(/cannot read \(Date\)/);
  });

  it('notices a column a migration adds that schema.ts does not have', async () => {
    const { db } = database;
    await db.schema.alterTable('coupons').addColumn('note', 'text').execute();
    expect(differences(declaredTables(source), await migratedTables(db))).toEqual([
      'coupons.note: a column in the database, missing from schema.ts',
    ]);
  });
});
