// The terms each database's full-text index makes of a word: SQLite FTS5's Porter tokenizer, or
// PostgreSQL's teacheast_search configuration (migration 003). An index kept in the process
// (features/job-board/keyword-index.ts) asks here for the terms of the words it holds and of the
// words a teacher types, so it stems exactly as the database's own index does.
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { isPostgres, type DbOrTrx } from './create-db.js';

/** jobs_fts's tokenizer (migrations 003 and 008); search-tokens.test.ts holds the two together. */
export const FTS5_TOKENIZE = 'porter unicode61 remove_diacritics 2';

/**
 * A private in-memory SQLite with one FTS5 table of jobs_fts's tokenizer: the same library, so the
 * same terms, without a write on the product's database or its connection.
 */
let tokenizer: { db: SQLite.Database; insert: SQLite.Statement; terms: SQLite.Statement } | null = null;

function sqliteTokenizer() {
  if (tokenizer) return tokenizer;
  const db = new SQLite(':memory:');
  db.exec(`create virtual table words using fts5(word, tokenize='${FTS5_TOKENIZE}')`);
  db.exec(`create virtual table word_terms using fts5vocab(words, 'instance')`);
  tokenizer = {
    db,
    insert: db.prepare('insert into words(rowid, word) values (?, ?)'),
    terms: db.prepare('select doc, term from word_terms order by doc, offset'),
  };
  return tokenizer;
}

function sqliteTermsOf(words: readonly string[]): string[][] {
  const t = sqliteTokenizer();
  const terms: string[][] = words.map(() => []);
  // Written, read back, and rolled back: the table is empty again after every call.
  t.db.exec('begin');
  try {
    words.forEach((word, i) => t.insert.run(i, word));
    for (const row of t.terms.iterate() as Iterable<{ doc: number; term: string }>) terms[row.doc]!.push(row.term);
  } finally {
    t.db.exec('rollback');
  }
  return terms;
}

/**
 * The terms the database's full-text index makes of each word, alone, in order: usually one (its
 * stem), none for a word it ignores, several where it splits the word.
 */
export async function termsOfWords(db: DbOrTrx, words: readonly string[]): Promise<string[][]> {
  if (words.length === 0) return [];
  if (!isPostgres(db)) return sqliteTermsOf(words);
  const { rows } = await sql<{ i: number; terms: string[] }>`
    select w.i::int as i,
      array(select t.lexeme from unnest(to_tsvector('teacheast_search', w.word)) t
            order by (t.positions)[1]) as terms
    from unnest(${[...words]}::text[]) with ordinality as w(word, i)`.execute(db);
  const terms: string[][] = words.map(() => []);
  for (const row of rows) terms[row.i - 1] = row.terms;
  return terms;
}
